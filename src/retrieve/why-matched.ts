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
    // Each term once: a term already tried for a thread needs no second look.
    const candidates = new Map<string, string>();
    for (const id of query.identifiers)
      if (!id.includes('.') && !candidates.has(id)) candidates.set(id, id.toLowerCase());
    for (const t of lexicalTokens(`${query.error}\n${query.code}`)) {
      if (t.length > 3 && !STOPWORDS.has(t) && !/^\d+$/.test(t) && !candidates.has(t)) candidates.set(t, t);
    }
    q = { skip: new Set([...lexicalTokens(query.keyword ?? ''), ...GENERIC]), candidates: [...candidates] };
    queryTermsCache.set(query, q);
  }
  return q;
}

/**
 * `has`: whether the thread's lexical tokens (`documentTokens`) hold a token. A search passes its thread
 * cache's `has` (which asks the postings, and needs only the thread's error type); without it the
 * thread's text is tokenized here.
 */
export function whyMatched(
  query: Query,
  doc: Pick<Document, 'keyword'>,
  maxTerms: number | undefined,
  has: (token: string) => boolean,
): MatchReason;
export function whyMatched(
  query: Query,
  doc: Pick<Document, 'title' | 'body' | 'bestAnswer' | 'keyword'>,
  maxTerms?: number,
): MatchReason;
export function whyMatched(
  query: Query,
  doc: Pick<Document, 'keyword'> & Partial<Pick<Document, 'title' | 'body' | 'bestAnswer'>>,
  maxTerms = 6,
  has?: (token: string) => boolean,
): MatchReason {
  has ??= setHas(documentTokens({ title: '', body: '', bestAnswer: '', ...doc }));
  const sameErrorType =
    !!query.keyword &&
    (doc.keyword === query.keyword || (/Error|Exception/.test(query.keyword) && has(query.keyword.toLowerCase())));
  const shared: string[] = [];
  // The error type and its parts are already said by "same error type"; generic words say nothing.
  const { skip, candidates } = queryTerms(query);
  for (const [t, token] of candidates) {
    if (shared.length >= maxTerms) break;
    if (has(token) && !shared.includes(t) && t !== query.keyword && !skip.has(t.toLowerCase())) shared.push(t);
  }
  return { sameErrorType, sharedTerms: shared };
}

function setHas(tokens: Set<string>): (token: string) => boolean {
  return (token) => tokens.has(token);
}
