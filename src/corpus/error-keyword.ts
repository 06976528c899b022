/**
 * Finds error type names ("keywords") in error output: `ValueError`, `json.decoder.JSONDecodeError`,
 * `java.lang.NullPointerException`. Linear-time patterns only.
 */
const ERROR_NAME =
  /(?:^|[\s:(])((?:[A-Za-z_]\w*\.){0,6}[A-Z]\w*(?:Error|Exception|Exit|Interrupt|Warning|Failure|Fault))\b/g;

/** All error type names in order of appearance (dotted prefix kept). */
export function findErrorNames(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(ERROR_NAME)) out.push(m[1]!);
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
    const m =
      /^\s*((?:[A-Za-z_]\w*\.){0,6}[A-Z]\w*(?:Error|Exception|Exit|Interrupt|Warning|Failure|Fault|Iteration))\s*(?::|$)/.exec(
        lines[i]!,
      );
    if (m) return shortErrorName(m[1]!);
  }
  const names = findErrorNames(errorText);
  const last = names[names.length - 1];
  return last ? shortErrorName(last) : null;
}
