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

/** Longest prose kept from a comment (characters): the words around the code, not an essay. */
const MAX_PROSE = 2000;

/**
 * Failing output → the retrieval query. `code` is the primary failure's frame source lines, or the
 * comment's code blocks; `error` is the failure's error line(s), or the comment's error blocks; a
 * comment's prose is kept too (measured better on both dev sets). The text runs
 * `[prose, code, error]` so that middle truncation, applied per retriever with its own tokenizer,
 * keeps the error at the tail.
 */
export function buildQuery(input: string, kind: InputKind = 'auto'): BuiltQuery {
  const failures = extractFailures(input);
  const resolved = kind === 'auto' ? detectKind(input) : kind;
  const primary = failures[0];
  let prose = '';
  let code = primary?.code ?? '';
  let error = primary ? primary.errorText : '';
  if (resolved === 'comment') {
    const parts = splitComment(input);
    prose = parts.prose.slice(0, MAX_PROSE);
    if (parts.code.length) code = [...parts.code, code].filter(Boolean).join('\n');
    if (parts.errors.length) {
      const pasted = parts.errors.join('\n');
      error = primary && !pasted.includes(primary.errorMessage) ? `${pasted}\n${primary.errorText}` : pasted;
    }
  }
  const keyword = primary?.errorType ? shortErrorName(primary.errorType) : null;
  const text = [prose, code, error].filter((s) => s.trim()).join('\n');
  return {
    query: { code, error, prose, keyword, identifiers: identifiersOf(`${code}\n${error}`), text },
    failures,
    kind: resolved,
  };
}

/** A CI log has runner framing or test-session banners, or is long; anything else reads as a comment. */
export function detectKind(input: string): 'log' | 'comment' {
  const head = input.slice(0, 20000);
  if (/^\uFEFF?\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z /m.test(head) || /^##\[(group|error|endgroup)\]/m.test(head))
    return 'log';
  if (/={5,} (test session starts|FAILURES|ERRORS|short test summary info) ={5,}/.test(input)) return 'log';
  if (/```/.test(head)) return 'comment';
  return input.split('\n').length > 300 ? 'log' : 'comment';
}

/** Identifier-like tokens (snake_case, camelCase, dotted names) in code and errors. */
export function identifiersOf(text: string): string[] {
  const seen = new Set<string>();
  for (const m of text.matchAll(/[A-Z_]\w*(?:\.[A-Z_]\w*)*/gi)) {
    const w = m[0];
    if (w.length < 3 || w.length > 60) continue;
    if (/_|[a-z][A-Z]|\./.test(w)) seen.add(w);
    if (seen.size >= 50) break;
  }
  return [...seen];
}
