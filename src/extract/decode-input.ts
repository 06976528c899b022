/**
 * Turns raw bytes from a log file, stdin or an API into text: UTF-8 with or without BOM, UTF-16LE/BE
 * (PowerShell redirects), non-UTF-8 bytes (decoded as Windows-1252), CRLF; refuses binary data.
 * Very large inputs keep their head and tail (the end of a log carries the failure) and say what was
 * skipped. There is one cut: `boundSplit` says where it falls, `decodeHeadTail` decodes the two sides,
 * each trimmed to whole characters and whole lines, whatever the encoding.
 */
import { headTailSplit } from '../text/middle-truncate.js';

export interface DecodedInput {
  text: string;
  encoding: Encoding;
  /** Bytes left out of the middle of an input larger than the bound. */
  skippedBytes: number;
}

export type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}

/** Default bound on how much of an input is read: 8 MiB (1 MiB head + 7 MiB tail). */
export const DEFAULT_MAX_INPUT_BYTES = 8 * 1024 * 1024;

/** How many bytes of a bounded input come from its head and how many from its tail: 1/8 and 7/8. */
export function boundSplit(maxBytes: number): { head: number; tail: number } {
  return headTailSplit(maxBytes, 1 / 8);
}

/**
 * An input's bytes as read within a bound: all of them (`truncated` false, `tail` empty), or the
 * first `head.length` and the last `tail.length` bytes of `totalBytes`.
 */
export interface HeadTail {
  head: Uint8Array;
  tail: Uint8Array;
  truncated: boolean;
  totalBytes: number;
}

/** Decodes a whole input, cutting its middle out when it is larger than `maxBytes`. */
export function decodeInput(bytes: Uint8Array, maxBytes = DEFAULT_MAX_INPUT_BYTES): DecodedInput {
  if (bytes.length <= maxBytes) {
    return decodeHeadTail({ head: bytes, tail: new Uint8Array(0), truncated: false, totalBytes: bytes.length });
  }
  const { head, tail } = boundSplit(maxBytes);
  return decodeHeadTail({
    head: bytes.subarray(0, head),
    tail: bytes.subarray(bytes.length - tail),
    truncated: true,
    totalBytes: bytes.length,
  });
}

/**
 * Decodes a bounded input. When its middle was cut, the head loses its last partial line and the
 * tail its first one (so no character or code unit is ever split, in any encoding), and a marker line
 * says how many bytes were skipped.
 */
export function decodeHeadTail(input: HeadTail): DecodedInput {
  const { head: headBytes, truncated, totalBytes } = input;
  const { encoding, start } = detectEncoding(headBytes);

  if (!truncated) {
    const whole = input.tail.length ? Buffer.concat([headBytes, input.tail]) : headBytes;
    const body = whole.subarray(start);
    const decoded = decodeBytes([body], encoding);
    return { text: normalize(decoded.texts[0]!), encoding: decoded.encoding, skippedBytes: 0 };
  }

  const tailOffset = totalBytes - input.tail.length;
  const head = alignHeadEnd(headBytes.subarray(start), encoding);
  const tail = alignTailStart(input.tail, tailOffset, encoding);
  const decoded = decodeBytes([head, tail], encoding);
  const headText = withoutLastPartialLine(normalize(decoded.texts[0]!));
  const tailText = withoutFirstPartialLine(normalize(decoded.texts[1]!));
  const skippedBytes = totalBytes - headBytes.length - input.tail.length;
  const sep = headText === '' || headText.endsWith('\n') ? '' : '\n';
  return {
    text: `${headText}${sep}[… ${skippedBytes} bytes skipped …]\n${tailText}`,
    encoding: decoded.encoding,
    skippedBytes,
  };
}

/** The encoding from a BOM (and how long the BOM is), else UTF-16 sniffed from NUL bytes, else UTF-8. */
function detectEncoding(bytes: Uint8Array): { encoding: Encoding; start: number } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', start: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', start: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', start: 2 };
  return { encoding: sniffUtf16(bytes) ?? 'utf-8', start: 0 };
}

/** Decodes the parts of one input with one encoding; UTF-8 falls back to Windows-1252 when it is not UTF-8. */
function decodeBytes(parts: Uint8Array[], encoding: Encoding): { texts: string[]; encoding: Encoding } {
  if (encoding === 'utf-16le' || encoding === 'utf-16be') {
    const texts = parts.map((p) => new TextDecoder(encoding, { ignoreBOM: true }).decode(p));
    if (texts.some(looksBinaryText)) throw new InputError('the input looks binary, not a text log');
    return { texts: texts.map(stripNul), encoding };
  }
  if (parts.some(looksBinary)) throw new InputError('the input looks binary (NUL or control bytes), not a text log');
  try {
    const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    return { texts: parts.map((p) => stripNul(fatal.decode(p))), encoding: 'utf-8' };
  } catch {
    const cp1252 = new TextDecoder('windows-1252');
    return { texts: parts.map((p) => stripNul(cp1252.decode(p))), encoding: 'windows-1252' };
  }
}

/** The head without a trailing partial character: half a UTF-16 code unit, a lone high surrogate, a cut UTF-8 sequence. */
function alignHeadEnd(bytes: Uint8Array, encoding: Encoding): Uint8Array {
  if (encoding === 'utf-16le' || encoding === 'utf-16be') {
    let end = bytes.length & ~1;
    if (end >= 2 && isHighSurrogate(codeUnit(bytes, end - 2, encoding))) end -= 2;
    return bytes.subarray(0, end);
  }
  if (encoding !== 'utf-8') return bytes;
  // Back up over continuation bytes to the last lead byte; drop it if its sequence is incomplete.
  let i = bytes.length - 1;
  let continuation = 0;
  while (i >= 0 && continuation < 3 && (bytes[i]! & 0xc0) === 0x80) {
    i -= 1;
    continuation += 1;
  }
  if (i < 0) return bytes;
  const lead = bytes[i]!;
  const need = lead >= 0xf0 ? 3 : lead >= 0xe0 ? 2 : lead >= 0xc0 ? 1 : 0;
  return need > continuation ? bytes.subarray(0, i) : bytes;
}

/** The tail without a leading partial character. `offset` is where the tail starts in the whole input. */
function alignTailStart(bytes: Uint8Array, offset: number, encoding: Encoding): Uint8Array {
  if (encoding === 'utf-16le' || encoding === 'utf-16be') {
    // Code units start at even offsets (a UTF-16 BOM is two bytes).
    let start = offset % 2;
    if (start + 2 <= bytes.length && isLowSurrogate(codeUnit(bytes, start, encoding))) start += 2;
    return bytes.subarray(start);
  }
  if (encoding !== 'utf-8') return bytes;
  let start = 0;
  while (start < bytes.length && start < 3 && (bytes[start]! & 0xc0) === 0x80) start++;
  return bytes.subarray(start);
}

function codeUnit(bytes: Uint8Array, i: number, encoding: 'utf-16le' | 'utf-16be'): number {
  return encoding === 'utf-16le' ? bytes[i]! | (bytes[i + 1]! << 8) : (bytes[i]! << 8) | bytes[i + 1]!;
}
const isHighSurrogate = (u: number) => u >= 0xd800 && u <= 0xdbff;
const isLowSurrogate = (u: number) => u >= 0xdc00 && u <= 0xdfff;

function normalize(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/** The head of a cut input ends at its last line break (a single long line is kept as it is). */
function withoutLastPartialLine(text: string): string {
  const nl = text.lastIndexOf('\n');
  return nl >= 0 ? text.slice(0, nl + 1) : text;
}

/** The tail of a cut input starts after its first line break (a single long line is kept as it is). */
function withoutFirstPartialLine(text: string): string {
  const nl = text.indexOf('\n');
  return nl >= 0 ? text.slice(nl + 1) : text;
}

/** Real CI logs carry the odd NUL byte (container output, truncated writes); they are dropped, not refused. */
function stripNul(text: string): string {
  return text.includes('\0') ? text.replace(/\0/g, '') : text;
}

/** UTF-16 without a BOM: most odd (LE) or even (BE) bytes of ASCII-heavy text are NUL. */
function sniffUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 8) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenNul++;
    if (bytes[i + 1] === 0) oddNul++;
  }
  const half = n / 2;
  if (oddNul > half * 0.7 && evenNul < half * 0.1) return 'utf-16le';
  if (evenNul > half * 0.7 && oddNul < half * 0.1) return 'utf-16be';
  return null;
}

/**
 * Binary data (executables, images, archives) is dense in NUL and control bytes; a text log has at
 * most a few. Refused above 5% of the first 64 KiB (tab, line breaks, form feed, backspace and ESC,
 * which logs use, do not count).
 */
const BINARY_SHARE = 0.05;

function isControl(c: number): boolean {
  return c < 32 && c !== 8 && c !== 9 && c !== 10 && c !== 11 && c !== 12 && c !== 13 && c !== 27;
}

function looksBinary(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 65536);
  let bad = 0;
  for (let i = 0; i < n; i++) if (isControl(bytes[i]!)) bad++;
  return n > 0 && bad / n > BINARY_SHARE;
}

function looksBinaryText(text: string): boolean {
  const n = Math.min(text.length, 65536);
  let bad = 0;
  for (let i = 0; i < n; i++) if (isControl(text.charCodeAt(i))) bad++;
  return n > 0 && bad / n > BINARY_SHARE;
}
