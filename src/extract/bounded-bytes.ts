import { open } from 'node:fs/promises';
import { boundSplit, decodeHeadTail, type DecodedInput, type HeadTail } from './decode-input.js';

/**
 * Bytes read within a bound: the whole input, or its first eighth and last seven eighths of
 * `maxBytes` (the end of a log carries the failure). `decodeBounded` decodes them, cutting on
 * character and line boundaries.
 */
export type BoundedBytes = HeadTail;

/**
 * Collects a byte stream of any length into at most `maxBytes` (see `boundSplit`). Memory stays
 * bounded whatever the stream's size; `truncated` says whether anything was dropped.
 */
export async function collectBounded(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  maxBytes: number,
): Promise<BoundedBytes> {
  const { head } = boundSplit(maxBytes);
  const headChunks: Uint8Array[] = [];
  let headLen = 0;
  const rest: Uint8Array[] = [];
  let restLen = 0;
  let totalBytes = 0;
  for await (const chunk of chunks) {
    totalBytes += chunk.length;
    let c = chunk;
    if (headLen < head) {
      const take = c.subarray(0, head - headLen);
      headChunks.push(take);
      headLen += take.length;
      c = c.subarray(take.length);
    }
    if (c.length === 0) continue;
    rest.push(c);
    restLen += c.length;
    // Keep only what the tail can still need: drop whole chunks that lie entirely before the last `tail` bytes.
    while (rest.length > 1 && restLen - rest[0]!.length >= maxBytes - head) restLen -= rest.shift()!.length;
  }
  if (totalBytes <= maxBytes) {
    return { head: Buffer.concat([...headChunks, ...rest]), tail: new Uint8Array(0), truncated: false, totalBytes };
  }
  const { tail } = boundSplit(maxBytes);
  const t = Buffer.concat(rest);
  return { head: Buffer.concat(headChunks), tail: t.subarray(t.length - tail), truncated: true, totalBytes };
}

/** A file read the same bounded way, straight from its head and tail offsets (no full read). */
export async function readFileBounded(file: string, maxBytes: number): Promise<BoundedBytes> {
  const fh = await open(file, 'r');
  try {
    const { size } = await fh.stat();
    if (size <= maxBytes) {
      const buf = Buffer.alloc(size);
      const { bytesRead } = await fh.read(buf, 0, size, 0);
      return { head: buf.subarray(0, bytesRead), tail: new Uint8Array(0), truncated: false, totalBytes: bytesRead };
    }
    const { head, tail } = boundSplit(maxBytes);
    const h = Buffer.alloc(head);
    const t = Buffer.alloc(tail);
    await fh.read(h, 0, head, 0);
    await fh.read(t, 0, tail, size - tail);
    return { head: h, tail: t, truncated: true, totalBytes: size };
  } finally {
    await fh.close();
  }
}

/** Decodes bytes that `collectBounded` or `readFileBounded` bounded, saying how many bytes were left out. */
export function decodeBounded(b: BoundedBytes): DecodedInput {
  return decodeHeadTail(b);
}
