import type { Frame } from '../types.js';

/** A failure as a language module finds it, with where it starts so several can be ordered. */
export interface Candidate {
  language: string;
  errorType: string | null;
  errorMessage: string;
  frames: Frame[];
  /** Code lines (frame sources or the test's lines), in order. */
  codeLines: string[];
  /** The error line(s) as printed. */
  errorText: string;
  /** Index of the first line of the failure in the normalized input. */
  line: number;
  /** How sure the module is that this is a real failure (a full traceback > a summary line > a log line). */
  strength: number;
  /**
   * Whether `frames` were read innermost first (Go, Java, .NET, JS, Ruby print stacks that way); the
   * extractor turns them innermost-last, as Python prints them, before they leave `extractFailures`.
   */
  innermostFirst?: boolean;
  /**
   * The reader knows that its line is no failure (an exception a passing test logged): nothing that
   * starts there is reported, whoever found it.
   */
  notAFailure?: boolean;
}

/** A candidate with no code lines: what most detectors find on one line. */
export function candidate(
  language: string,
  errorType: string | null,
  errorMessage: string,
  errorText: string,
  line: number,
  strength: number,
  frames: Frame[] = [],
): Candidate {
  return { language, errorType, errorMessage, frames, codeLines: [], errorText, line, strength };
}

/** A report's line-number field as a frame's line: a positive whole number, else null. */
export function lineNumber(field: string | undefined): number | null {
  const n = Number(field);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** The extractor's name for the shared error-class pattern (see `text/error-name.ts`). */
export { ERROR_NAME as EXCEPTION_NAME } from '../text/error-name.js';
