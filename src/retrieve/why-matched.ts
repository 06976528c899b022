import type { Document, MatchReason, Query } from '../types.js';
import { lexicalTokens, STOPWORDS } from '../text/lexical.js';
import { documentTokens } from './thread-cache.js';

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

/** What `whyMatched` takes from the query, worked out once per query (it is asked for every hit). */
interface QueryTerms {
  /** Words the reasons never list: the error type's own parts and generic words. */
  skip: Set<string>;
  /** Candidate shared terms in the order they are tried: [term, token to look up in the thread]. */
  candidates: Array<[term: string, token: string]>;
}

const queryTermsCache = new WeakMap<Query, QueryTerms>();

function queryTerms(query: Query): QueryTerms {
  let q = queryTermsCache.get(query);
  if (!q) {
    const candidates: Array<[string, string]> = [];
    for (const id of query.identifiers) if (!id.includes('.')) candidates.push([id, id.toLowerCase()]);
    for (const t of lexicalTokens(`${query.error}\n${query.code}`)) {
      if (t.length > 3 && !STOPWORDS.has(t) && !/^\d+$/.test(t)) candidates.push([t, t]);
    }
    q = { skip: new Set([...lexicalTokens(query.keyword ?? ''), ...GENERIC]), candidates };
    queryTermsCache.set(query, q);
  }
  return q;
}

/** `docTokens`: the thread's `documentTokens`, when the caller has them already. */
export function whyMatched(
  query: Query,
  doc: Document,
  maxTerms = 6,
  docTokens: Set<string> = documentTokens(doc),
): MatchReason {
  const sameErrorType =
    !!query.keyword &&
    (doc.keyword === query.keyword ||
      (docTokens.has(query.keyword.toLowerCase()) && /Error|Exception/.test(query.keyword)));
  const shared: string[] = [];
  // The error type and its parts are already said by "same error type"; generic words say nothing.
  const { skip, candidates } = queryTerms(query);
  for (const [t, token] of candidates) {
    if (shared.length >= maxTerms) break;
    if (docTokens.has(token) && !shared.includes(t) && t !== query.keyword && !skip.has(t.toLowerCase()))
      shared.push(t);
  }
  return { sameErrorType, sharedTerms: shared };
}
