import { collectBounded, decodeBounded, readFileBounded, type BoundedBytes } from '../extract/bounded-bytes.js';
import { DEFAULT_MAX_INPUT_BYTES, InputError, type DecodedInput } from '../extract/decode-input.js';

/**
 * Reads a log from a file or stdin (`-` or no file), bounded: at most the first 1/8 and the last 7/8
 * of `maxBytes` are read, whatever the size, and the middle is reported as skipped.
 */
export async function readInput(
  file: string | undefined,
  maxBytes = DEFAULT_MAX_INPUT_BYTES,
): Promise<DecodedInput & { name: string }> {
  let name: string;
  let collected: BoundedBytes;
  if (!file || file === '-') {
    if (process.stdin.isTTY)
      throw new InputError('no input: pass a log file, or pipe one in (… | snippet-search search -)');
    name = 'stdin';
    collected = await collectBounded(process.stdin as AsyncIterable<Buffer>, maxBytes);
  } else {
    name = file;
    try {
      collected = await readFileBounded(file, maxBytes);
    } catch (err) {
      throw new InputError(`${file}: cannot read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
  }
  let decoded: DecodedInput;
  try {
    decoded = decodeBounded(collected);
  } catch (err) {
    if (err instanceof InputError) throw new InputError(`${name}: ${err.message}`);
    throw err;
  }
  if (decoded.text.trim() === '') throw new InputError(`${name}: the input is empty`);
  return { ...decoded, name };
}
