/**
 * What an error class name looks like, for every part of the pipeline (extraction, corpus keywords,
 * query building, block classification): `ValueError`, `json.decoder.JSONDecodeError`,
 * `java.lang.NullPointerException`, `KeyboardInterrupt`. Patterns are exported as regex source so
 * callers can embed them; all are linear-time (bounded qualifier, no nested quantifiers).
 */

/** Up to eight qualifiers before the class name (`json.decoder.`, `java.lang.`, Ruby's `ActiveRecord::`). */
const QUALIFIER = String.raw`(?:[A-Za-z_]\w*(?:\.|::)){0,8}`;

/** The suffixes that mark a class name as an error, exception or abnormal exit. */
export const ERROR_NAME_SUFFIXES = [
  'Error',
  'Exception',
  'Exit',
  'Interrupt',
  'Warning',
  'Iteration',
  'Failure',
  'Fault',
  'NotFound',
  'Timeout',
  'Denied',
  'Invalid',
  // Python's exception groups: `ExceptionGroup`, `BaseExceptionGroup`.
  '(?<=Exception)Group',
] as const;

/** Regex source of an error type name, dotted prefix included (no capture groups). */
export const ERROR_NAME = String.raw`${QUALIFIER}[A-Z]\w*(?:${ERROR_NAME_SUFFIXES.join('|')})`;

/** Regex source of a thrown error's name only (`…Error`, `…Exception`): no warnings, exits or interrupts. */
export const THROWN_ERROR_NAME = String.raw`${QUALIFIER}[A-Z]\w*(?:Error|Exception)`;

/** A line that starts with an error name followed by a colon or its end: `ValueError: x`, `  KeyError`. */
export const ERROR_LINE_START = new RegExp(String.raw`^\s*(${ERROR_NAME})\s*(?::|$)`);

const ERROR_NAME_IN_TEXT = new RegExp(String.raw`(?:^|[\s:(])(${ERROR_NAME})\b`, 'g');

/** All error type names in order of appearance (dotted prefix kept). */
export function findErrorNames(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(ERROR_NAME_IN_TEXT)) out.push(m[1]!);
  return out;
}

/** The short class name of a possibly dotted error type (`json.decoder.JSONDecodeError` → `JSONDecodeError`). */
export function shortErrorName(name: string): string {
  const i = name.lastIndexOf('.');
  return i >= 0 ? name.slice(i + 1) : name;
}

/**
 * The error type an error block ends with: the last line that starts with an error name followed by a
 * colon or end of line (the final line of a Python traceback), else the last error name mentioned.
 */
export function errorKeyword(errorText: string): string | null {
  const lines = errorText.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = ERROR_LINE_START.exec(lines[i]!);
    if (m) return shortErrorName(m[1]!);
  }
  const names = findErrorNames(errorText);
  const last = names[names.length - 1];
  return last ? shortErrorName(last) : null;
}
