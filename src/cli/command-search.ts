import { RETRIEVER_NAMES, type RetrieverName } from '../engine.js';
import type { InputKind } from '../query/build-query.js';
import { searchToJson } from '../render/json.js';
import { searchToText } from '../render/terminal.js';
import { EXIT, UsageError } from './errors.js';
import { openEngineForCli } from './open-engine.js';
import { readInput } from './read-input.js';

export interface SearchFlags {
  top: number;
  retriever?: string;
  index?: string;
  kind: string;
  json?: boolean;
  all?: boolean;
  minConfidence?: number;
}

export async function runSearch(file: string | undefined, o: SearchFlags): Promise<void> {
  if (o.retriever && !RETRIEVER_NAMES.includes(o.retriever as RetrieverName)) {
    throw new UsageError(`--retriever must be one of ${RETRIEVER_NAMES.join(', ')}`);
  }
  if (!['log', 'comment', 'auto'].includes(o.kind)) throw new UsageError('--kind must be log, comment or auto');
  const input = await readInput(file);
  if (input.skippedBytes)
    process.stderr.write(
      `note: ${input.name} is large; skipped ${input.skippedBytes} bytes in the middle (the head and the tail were read)\n`,
    );
  const engine = await openEngineForCli(o.index);
  try {
    const result = await engine.search(input.text, {
      top: o.top,
      retriever: o.retriever as RetrieverName | undefined,
      kind: o.kind as InputKind,
      minConfidence: o.minConfidence,
    });
    process.stdout.write(
      o.json ? JSON.stringify(searchToJson(result), null, 2) + '\n' : searchToText(result, { all: o.all ?? false }),
    );
    // Nothing found, or nothing confident (the App would stay quiet): exit 1, as grep does.
    if (result.results.length === 0 || (!result.confident && !o.all)) process.exitCode = EXIT.nothingFound;
  } finally {
    engine.close();
  }
}
