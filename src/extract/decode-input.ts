/**
 * Turns raw bytes from a log file, stdin or an API into text: UTF-8 with or without BOM, UTF-16LE/BE
 * (PowerShell redirects), non-UTF-8 bytes (decoded as Windows-1252), CRLF; refuses binary data.
 * Very large inputs keep their head and tail (the end of a log carries the failure) and say what was skipped.
 */
export interface DecodedInput {
  text: string;
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
  /** Bytes left out of the middle of an input larger than `maxBytes`. */
  skippedBytes: number;
}

export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}

/** Default bound on how much of an input is read: 8 MiB (1 MiB head + 7 MiB tail). */
export const DEFAULT_MAX_INPUT_BYTES = 8 * 1024 * 1024;

export function decodeInput(bytes: Uint8Array, maxBytes = DEFAULT_MAX_INPUT_BYTES): DecodedInput {
  let encoding: DecodedInput['encoding'] = 'utf-8';
  let start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) ((encoding = 'utf-16le'), (start = 2));
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) ((encoding = 'utf-16be'), (start = 2));
  else encoding = sniffUtf16(bytes) ?? 'utf-8';

  let body = bytes.subarray(start);
  let skippedBytes = 0;
  if (body.length > maxBytes) {
    const head = Math.floor(maxBytes / 8);
    const tail = maxBytes - head;
    const align = encoding === 'utf-8' ? 1 : 2;
    const h = head - (head % align);
    const t = body.length - tail + ((body.length - tail) % align);
    skippedBytes = t - h;
    const joined = new Uint8Array(h + (body.length - t));
    joined.set(body.subarray(0, h), 0);
    joined.set(body.subarray(t), h);
    body = joined;
  }

  let text: string;
  if (encoding === 'utf-8') {
    if (looksBinary(body)) throw new InputError('the input looks binary (NUL or control bytes), not a text log');
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(body);
    } catch {
      // Cut points of a skipped middle can split a character; only fall back when the text itself is not UTF-8.
      const lenient = new TextDecoder('utf-8').decode(body);
      const bad = (lenient.match(/\uFFFD/g) ?? []).length;
      if (bad <= (skippedBytes ? 2 : 0)) text = lenient;
      else ((text = new TextDecoder('windows-1252').decode(body)), (encoding = 'windows-1252'));
    }
  } else {
    text = new TextDecoder(encoding).decode(body);
    if (looksBinaryText(text)) throw new InputError('the input looks binary, not a text log');
  }
  text = text.replace(/\r\n?/g, '\n');
  if (skippedBytes) {
    const cut = text.indexOf('\n', Math.floor((maxBytes / 8) * 0.9));
    if (cut >= 0) text = `${text.slice(0, cut)}\n[… ${skippedBytes} bytes skipped …]${text.slice(cut)}`;
  }
  return { text, encoding, skippedBytes };
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

function looksBinary(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 65536);
  let bad = 0;
  for (let i = 0; i < n; i++) {
    const b = bytes[i]!;
    if (b === 0) return true;
    if (b < 8 || (b > 13 && b < 27 && b !== 27) || (b > 27 && b < 32)) bad++;
  }
  return n > 0 && bad / n > 0.1;
}

function looksBinaryText(text: string): boolean {
  const sample = text.slice(0, 65536);
  let bad = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c === 0 || (c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 27)) bad++;
  }
  return sample.length > 0 && bad / sample.length > 0.1;
}
