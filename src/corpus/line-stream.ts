import { createReadStream } from 'node:fs';

/** A line of a file with the byte offset just past its end (newline included). */
export interface OffsetLine {
  text: string;
  endOffset: number;
  lineNo: number;
}

/**
 * Reads a file as UTF-8 lines from a byte offset, reporting each line's end offset so a reader can
 * checkpoint and later resume exactly there. Memory stays flat: one chunk plus one partial line.
 */
export async function* readLinesWithOffsets(file: string, start = 0, firstLineNo = 1): AsyncGenerator<OffsetLine> {
  const decoder = new TextDecoder('utf-8', { fatal: false });
  let offset = start;
  let lineNo = firstLineNo;
  let carry: Buffer | null = null;
  for await (const chunk of createReadStream(file, { start, highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    const buf: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
    let from = 0;
    for (;;) {
      const nl = buf.indexOf(0x0a, from);
      if (nl < 0) break;
      const text = decoder.decode(buf.subarray(from, nl)).replace(/\r$/, '');
      offset += nl + 1 - from;
      yield { text, endOffset: offset, lineNo: lineNo++ };
      from = nl + 1;
    }
    carry = from < buf.length ? Buffer.from(buf.subarray(from)) : null;
  }
  if (carry && carry.length > 0) {
    offset += carry.length;
    yield { text: decoder.decode(carry).replace(/\r$/, ''), endOffset: offset, lineNo };
  }
}
