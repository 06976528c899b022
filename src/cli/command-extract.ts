import { extractFailures } from '../extract/extract.js';
import { failuresToJson, failuresToText } from '../render/failures.js';
import { EXIT } from './errors.js';
import { readInput } from './read-input.js';

export async function runExtract(file: string | undefined, o: { json?: boolean }): Promise<void> {
  const input = await readInput(file);
  if (input.skippedBytes)
    process.stderr.write(
      `note: ${input.name} is large; skipped ${input.skippedBytes} bytes in the middle (the head and the tail were read)\n`,
    );
  const failures = extractFailures(input.text);
  process.stdout.write(o.json ? JSON.stringify(failuresToJson(failures), null, 2) + '\n' : failuresToText(failures));
  if (failures.length === 0) process.exitCode = EXIT.nothingFound;
}
