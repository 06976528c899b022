import type { Candidate } from './candidate.js';

const EXIT_CODE_ONLY = /^Process completed with exit code \d+\.?$/;

/**
 * The last resort for CI logs, used only when no language module found a failure: the Actions
 * `##[error]` / `::error::` lines say what failed ("The operation was canceled."). The generic
 * "Process completed with exit code N" counts only when it is all there is. No error type is invented.
 */
export function findActionsErrors(lines: string[], markers: (string | null)[]): Candidate[] {
  const errors: Candidate[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (markers[i] !== 'error') continue;
    const text = lines[i]!.trim();
    // pip's upgrade notice, printed to stderr and annotated as an error by some runners.
    if (!text || /^\[notice\]/.test(text)) continue;
    errors.push({
      language: 'unknown',
      errorType: null,
      errorMessage: text,
      frames: [],
      codeLines: [],
      errorText: text,
      line: i,
      strength: EXIT_CODE_ONLY.test(text) ? 0 : 1,
    });
  }
  const specific = errors.filter((e) => e.strength > 0);
  return specific.length ? specific : errors.slice(0, 1);
}
