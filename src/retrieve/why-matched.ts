import type { Document, MatchReason, Query } from '../types.js';
import { lexicalTokens, STOPWORDS } from '../text/lexical.js';

/**
 * Why a thread matched, in words a person can check: the same error type, and the rarer terms the
 * query shares with the thread (identifiers first, then words from the error line).
 */
const GENERIC = [
  'error',
  'errors',
  'exception',
  'type',
  'return',
  'import',
  'none',
  'true',
  'false',
  'self',
  'print',
  'line',
  'file',
  'object',
  'value',
  'call',
  'last',
  'most',
  'recent',
  'traceback',
  'module',
  'named',
];

export function whyMatched(query: Query, doc: Document, maxTerms = 6): MatchReason {
  const docTokens = new Set(lexicalTokens(`${doc.title}\n${doc.body}\n${doc.bestAnswer}\n${doc.keyword ?? ''}`));
  const sameErrorType =
    !!query.keyword &&
    (doc.keyword === query.keyword ||
      (docTokens.has(query.keyword.toLowerCase()) && /Error|Exception/.test(query.keyword)));
  const shared: string[] = [];
  // The error type and its parts are already said by "same error type"; generic words say nothing.
  const skip = new Set([...lexicalTokens(query.keyword ?? ''), ...GENERIC]);
  const push = (t: string) => {
    if (shared.length < maxTerms && !shared.includes(t) && t !== query.keyword && !skip.has(t.toLowerCase()))
      shared.push(t);
  };
  for (const id of query.identifiers) if (docTokens.has(id.toLowerCase()) && !id.includes('.')) push(id);
  for (const t of lexicalTokens(`${query.error}\n${query.code}`)) {
    if (t.length > 3 && !STOPWORDS.has(t) && !/^\d+$/.test(t) && docTokens.has(t)) push(t);
  }
  return { sameErrorType, sharedTerms: shared };
}
