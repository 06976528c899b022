import type { Failure } from '../types.js';

/**
 * Lines that say that something failed, not what: never a history key, or every failing job of a
 * repository would "match" every other. The extractor falls back to them only when nothing else was
 * printed (detect.ts wrappers, actions-errors.ts).
 */
const GENERIC: RegExp[] = [
  /\b(?:exit|exited with|exit status|exit code|returned) (?:code |status )?-?\d+\b/i,
  /^make(?:\[\d+\])?: \*\*\*/,
  /^(?:error: )?(?:could not compile|aborting due to|test failed|doctest failed|process didn't exit successfully|Recipe .{0,200} failed)/,
  /\bELIFECYCLE\b/,
  /^Failed to execute goal\b/,
  /^The (?:operation|job) was canceled\.?$/i,
  /^The runner has received a shutdown signal/i,
];

export function isGenericLine(text: string): boolean {
  const line = text.trim();
  return line.length < 4 || GENERIC.some((re) => re.test(line));
}

/** Values that change from run to run: URLs, paths, addresses, hashes, numbers. */
function maskValues(text: string): string {
  return text
    .replace(/https?:\/\/\S+/g, '<url>')
    .replace(/(?:[A-Z]:)?(?:[\\/][\w.\-~@+]+){2,}[\\/]?/gi, '<path>')
    .replace(/\b0x[0-9a-fA-F]+\b/g, '<hex>')
    .replace(/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,64}\b/g, '<hex>')
    .replace(/(?<![a-z\d.])\d+(?:\.\d+)?(?![\d.])/gi, '<n>');
}

/**
 * The message as history matches it: the extractor's template masks every quoted value, which would
 * make `No module named 'torchvision'` and `No module named 'homeassistant'` one failure. Here a short
 * quoted value (a module, a type, a key name) is kept, with the run-to-run values inside it masked;
 * a long one is masked whole.
 */
export function historyTemplate(message: string): string {
  return maskValues(
    message.replace(/(['"`])((?:(?!\1)[^\n]){0,300})\1/g, (_m, q: string, inner: string) =>
      inner.length <= 80 ? `${q}${maskValues(inner).replace(/['"`]/g, '')}${q}` : `${q}<*>${q}`,
    ),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

export interface HistoryKey {
  key: string;
  errorType: string;
  template: string;
  message: string;
}

/**
 * What a failure is matched by across runs: its error type and its message with the values that change
 * from run to run masked (`historyTemplate`), from the first failure that is not a generic wrapper line. Null when there is
 * none: such a failure is neither recorded nor matched.
 */
export function historyKey(failures: readonly Failure[]): HistoryKey | null {
  for (const f of failures) {
    const line = f.errorType ? `${f.errorType}: ${f.errorMessage}` : f.errorMessage || f.errorText;
    if (!f.errorType && isGenericLine(line)) continue;
    if (!f.errorType && !f.template.trim()) continue;
    const template = f.template.trim();
    const matched = historyTemplate(f.errorMessage || f.errorText);
    return {
      key: f.errorType ? `${f.errorType}: ${matched}` : matched,
      errorType: f.errorType,
      template,
      message: line,
    };
  }
  return null;
}
