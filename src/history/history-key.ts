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

export interface HistoryKey {
  key: string;
  errorType: string;
  template: string;
  message: string;
}

/**
 * What a failure is matched by across runs: its error type and its message template (numbers, paths,
 * quoted values masked), from the first failure that is not a generic wrapper line. Null when there is
 * none: such a failure is neither recorded nor matched.
 */
export function historyKey(failures: readonly Failure[]): HistoryKey | null {
  for (const f of failures) {
    const line = f.errorType ? `${f.errorType}: ${f.errorMessage}` : f.errorMessage || f.errorText;
    if (!f.errorType && isGenericLine(line)) continue;
    if (!f.errorType && !f.template.trim()) continue;
    const template = f.template.trim();
    return {
      key: f.errorType ? `${f.errorType}: ${template}` : template,
      errorType: f.errorType,
      template,
      message: line,
    };
  }
  return null;
}
