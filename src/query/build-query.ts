import { shortErrorName } from '../text/error-name.js';
import { extractFailures } from '../extract/extract.js';
import type { Failure, Query } from '../types.js';
import { splitComment } from './comment-parts.js';

export type InputKind = 'log' | 'comment' | 'auto';

export interface BuiltQuery {
  query: Query;
  failures: Failure[];
  kind: 'log' | 'comment';
}

/** How much context goes around the error line. */
export interface QueryShape {
  /** Longest prose kept from a comment (characters): the words around the code, not an essay. */
  maxProse: number;
  /** Longest code kept (characters, head and tail): a pasted environment dump must not drown the error. */
  maxCode: number;
}

/**
 * Measured on the real-report dev set and both question-shaped dev sets together (see the README's
 * retrieval section): prose beyond ~1,000 characters and code beyond ~2,000 only dilute the query.
 */
export const DEFAULT_SHAPE: QueryShape = { maxProse: 1000, maxCode: 2000 };

/**
 * Failing output → the retrieval query, as fields. `errorLine` is the primary failure's own line
 * (`Type: message`): the center every retriever weighs most. `error` is the failure's error text or the
 * comment's pasted error blocks, `code` the frames' source lines or the comment's code blocks, `prose`
 * the words around them, capped. `text`, the dense encoder's input, runs `[prose, code, error]` so that
 * middle truncation keeps the error at the tail.
 */
export function buildQuery(input: string, kind: InputKind = 'auto', shape: QueryShape = DEFAULT_SHAPE): BuiltQuery {
  const failures = extractFailures(input);
  const resolved = kind === 'auto' ? detectKind(input) : kind;
  const primary = failures[0];
  let prose = '';
  let code = primary?.code ?? '';
  let error = primary ? primary.errorText : '';
  if (resolved === 'comment') {
    const parts = splitComment(input);
    prose = withoutNonLatinRuns(parts.prose).slice(0, shape.maxProse);
    if (parts.code.length) code = [...parts.code, code].filter(Boolean).join('\n');
    if (parts.errors.length) {
      const pasted = parts.errors.join('\n');
      error = primary && !pasted.includes(primary.errorMessage) ? `${pasted}\n${primary.errorText}` : pasted;
    }
  }
  code = headAndTail(code, shape.maxCode);
  const errorLine = primary ? failureLine(primary) : lastNonEmptyLine(error);
  const keyword = primary?.errorType ? shortErrorName(primary.errorType) : null;
  // The error stays verbatim for display; what the retrievers read loses non-Latin runs as the prose does.
  const text = [prose, code, withoutNonLatinRuns(error)].filter((s) => s.trim()).join('\n');
  return {
    query: {
      code,
      error,
      errorLine,
      prose,
      keyword,
      language: primary?.language ?? null,
      identifiers: identifiersOf(`${code}\n${error}`),
      text,
    },
    failures,
    kind: resolved,
  };
}

/** The failure as one line, the way its runtime prints it: `Type: message`. */
function failureLine(f: Failure): string {
  if (!f.errorType) return f.errorMessage;
  return f.errorMessage ? `${f.errorType}: ${f.errorMessage}` : f.errorType;
}

function lastNonEmptyLine(text: string): string {
  const lines = text.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) if (lines[i]!.trim()) return lines[i]!.trim();
  return '';
}

/** Keeps the head and the tail of a long text (lines whole), dropping the middle. */
function headAndTail(text: string, max: number): string {
  if (text.length <= max) return text;
  const half = Math.floor(max / 2);
  const head = text.slice(0, half);
  const tail = text.slice(text.length - half);
  return `${head.slice(0, Math.max(0, head.lastIndexOf('\n')))}\n${tail.slice(tail.indexOf('\n') + 1)}`;
}

/**
 * Prose in scripts the corpus does not speak (Han, Hangul, kana, …) says nothing to an English index
 * and pulls the dense side toward "non-English text" threads; the Latin words and identifiers stay.
 */
function withoutNonLatinRuns(text: string): string {
  return text.replace(
    /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]+/gu,
    ' ',
  );
}

/** A CI log has runner framing or test-session banners, or is long; anything else reads as a comment. */
export function detectKind(input: string): 'log' | 'comment' {
  const head = input.slice(0, 20000);
  if (/^\uFEFF?\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z /m.test(head) || /^##\[(?:group|error|endgroup)\]/m.test(head))
    return 'log';
  if (/(?<!=)={5,} (?:test session starts|FAILURES|ERRORS|short test summary info) =/.test(input)) return 'log';
  if (/```/.test(head)) return 'comment';
  return input.split('\n').length > 300 ? 'log' : 'comment';
}

/** Identifier-like tokens (snake_case, camelCase, dotted names) in code and errors. */
export function identifiersOf(text: string): string[] {
  const seen = new Set<string>();
  for (const m of text.matchAll(/[a-z_]\w*(?:\.[a-z_]\w*)*/gi)) {
    const w = m[0];
    if (w.length < 3 || w.length > 60) continue;
    if (/_|[a-z][A-Z]|\./.test(w)) seen.add(w);
    if (seen.size >= 50) break;
  }
  return [...seen];
}
