import { open } from 'node:fs/promises';
import { decodeInput, type DecodedInput } from './decode-input.js';

/**
 * Collects a byte stream of any length into at most `maxBytes`: the first eighth and the last seven
 * eighths (the end of a log carries the failure). Memory stays bounded whatever the stream's size;
 * `truncated` says whether anything was dropped. `decodeInput` then marks the cut.
 */
export async function collectBounded(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  maxBytes: number,
): Promise<BoundedBytes> {
  const head = Math.floor(maxBytes / 8);
  const tail = maxBytes - head;
  const headChunks: Uint8Array[] = [];
  let headLen = 0;
  const tailChunks: Uint8Array[] = [];
  let tailLen = 0;
  let truncated = false;
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
    tailChunks.push(c);
    tailLen += c.length;
    while (tailChunks.length > 1 && tailLen - tailChunks[0]!.length >= tail) {
      tailLen -= tailChunks.shift()!.length;
      truncated = true;
    }
  }
  let t = Buffer.concat(tailChunks);
  if (t.length > tail) {
    t = t.subarray(t.length - tail);
    truncated = true;
  }
  // A newline at the cut keeps the head's last line and the tail's first line apart.
  return {
    bytes: Buffer.concat(truncated ? [...headChunks, Buffer.from('\n'), t] : [...headChunks, t]),
    truncated,
    totalBytes,
  };
}

export interface BoundedBytes {
  bytes: Uint8Array;
  truncated: boolean;
  totalBytes: number;
}

/** A file read the same bounded way, straight from its head and tail offsets (no full read). */
export async function readFileBounded(file: string, maxBytes: number): Promise<BoundedBytes> {
  const fh = await open(file, 'r');
  try {
    const { size } = await fh.stat();
    if (size <= maxBytes) {
      const buf = Buffer.alloc(size);
      await fh.read(buf, 0, size, 0);
      return { bytes: buf, truncated: false, totalBytes: size };
    }
    const head = Math.floor(maxBytes / 8);
    const tail = maxBytes - head;
    const buf = Buffer.alloc(head + tail + 1);
    await fh.read(buf, 0, head, 0);
    buf[head] = 0x0a;
    await fh.read(buf, head + 1, tail, size - tail);
    return { bytes: buf, truncated: true, totalBytes: size };
  } finally {
    await fh.close();
  }
}

/**
 * Decodes bytes that `collectBounded` or `readFileBounded` already bounded (so they are not cut
 * again), and reports how many bytes the bounding left out.
 */
export function decodeBounded(b: BoundedBytes): DecodedInput {
  const decoded = decodeInput(b.bytes, Number.POSITIVE_INFINITY);
  return { ...decoded, skippedBytes: b.truncated ? b.totalBytes - (b.bytes.length - 1) : 0 };
}
