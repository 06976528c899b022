import { open } from 'node:fs/promises';
import { decodeInput, DEFAULT_MAX_INPUT_BYTES, InputError, type DecodedInput } from '../extract/decode-input.js';

/**
 * Reads a log from a file or stdin (`-` or no file), bounded: at most the first 1/8 and the last 7/8
 * of `maxBytes` are read, whatever the size, and the middle is reported as skipped.
 */
export async function readInput(file: string | undefined, maxBytes = DEFAULT_MAX_INPUT_BYTES): Promise<DecodedInput & { name: string }> {
  let bytes: Uint8Array;
  let name: string;
  if (!file || file === '-') {
    if (process.stdin.isTTY) throw new InputError('no input: pass a log file, or pipe one in (… | snippet-search search -)');
    name = 'stdin';
    bytes = await readStdin(maxBytes);
  } else {
    name = file;
    bytes = await readFileBounded(file, maxBytes);
  }
  if (bytes.length === 0 || bytes.every((b) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09)) {
    throw new InputError(`${name}: the input is empty`);
  }
  try {
    return { ...decodeInput(bytes, maxBytes), name };
  } catch (err) {
    if (err instanceof InputError) throw new InputError(`${name}: ${err.message}`);
    throw err;
  }
}

async function readFileBounded(file: string, maxBytes: number): Promise<Uint8Array> {
  let fh;
  try {
    fh = await open(file, 'r');
  } catch (err) {
    throw new InputError(`${file}: cannot read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  try {
    const { size } = await fh.stat();
    if (size <= maxBytes + 16) {
      const buf = Buffer.alloc(size);
      await fh.read(buf, 0, size, 0);
      return buf;
    }
    // Head and tail only; decodeInput sees an input that is just over the bound and records the skip.
    const head = Math.floor(maxBytes / 8);
    const tail = maxBytes - head;
    const buf = Buffer.alloc(head + tail + 1);
    await fh.read(buf, 0, head, 0);
    buf[head] = 0x0a;
    await fh.read(buf, head + 1, tail, size - tail);
    return buf;
  } finally {
    await fh.close();
  }
}

async function readStdin(maxBytes: number): Promise<Uint8Array> {
  // Keep the head and a rolling tail, so a huge pipe never sits in memory whole.
  const head = Math.floor(maxBytes / 8);
  const tail = maxBytes - head;
  const headChunks: Buffer[] = [];
  let headLen = 0;
  let tailChunks: Buffer[] = [];
  let tailLen = 0;
  let overflow = false;
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
    let c = chunk;
    if (headLen < head) {
      const take = c.subarray(0, head - headLen);
      headChunks.push(take);
      headLen += take.length;
      c = c.subarray(take.length);
    }
    if (c.length) {
      tailChunks.push(c);
      tailLen += c.length;
      while (tailLen - (tailChunks[0]?.length ?? 0) >= tail) {
        tailLen -= tailChunks.shift()!.length;
        overflow = true;
      }
    }
  }
  let t = Buffer.concat(tailChunks);
  if (t.length > tail) (t = t.subarray(t.length - tail)), (overflow = true);
  return Buffer.concat(overflow ? [...headChunks, Buffer.from('\n'), t] : [...headChunks, t]);
}
