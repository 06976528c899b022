import type { SearchIndex } from '../index/open-index.js';
import type { Query } from '../types.js';
import { lexicalTokens, STOPWORDS } from '../text/lexical.js';
import { createThreadCache, type ThreadCache } from './thread-cache.js';

/**
 * The default confidence below which the product stays quiet. Chosen on the real-report dev set (where
 * 9 of 60 reports have no helpful thread) so that at most a quarter of those get an answer while the
 * threshold silences as few good answers as it can; see the README's retrieval section.
 */
export const DEFAULT_MIN_CONFIDENCE = 0.4;

/** How many results a comment shows: the confidence looks at these. */
export const POSTED_RESULTS = 3;

/** An error type the index has never seen counts this much against the answer. */
const UNKNOWN_ERROR_TYPE_FACTOR = 0.75;

/** Center terms taken from the whole query when there is no error line. */
const FALLBACK_TERMS = 12;

export interface Confidence {
  /** In [0, 1]: how much of the query's error the best posted thread speaks of. */
  score: number;
  /** The query's error type occurs nowhere in the index (a project's own exception class). */
  unknownErrorType: boolean;
}

/**
 * How sure we are that the posted threads address this failure, from signals that can be checked:
 * the idf-weighted share of the error line's terms (type and message) that the best of the first
 * `posted` threads contains, lowered when the error type is one the index has never seen. With no error
 * line, the query's rarest terms stand in for it. A generic type alone ("OSError") earns little: the
 * message's rare words carry the weight.
 */
export function answerConfidence(
  index: Pick<SearchIndex, 'documentCount' | 'documentFrequency' | 'getDocument' | 'getSummary' | 'threadHolds'>,
  query: Query,
  ids: readonly number[],
  posted = POSTED_RESULTS,
  threads: ThreadCache = createThreadCache(index),
): Confidence {
  const n = Math.max(1, index.documentCount);
  const idf = (t: string) => {
    const d = index.documentFrequency(t);
    return Math.log(1 + (n - d + 0.5) / (d + 0.5));
  };
  const usable = (t: string) => t.length >= 2 && !STOPWORDS.has(t) && !/^\d+$/.test(t);
  let terms = [...new Set(lexicalTokens(query.errorLine).filter(usable))];
  if (terms.length === 0) {
    terms = [...new Set(lexicalTokens(query.text).filter(usable))]
      .filter((t) => index.documentFrequency(t) > 0)
      .map((t) => ({ t, w: idf(t) }))
      .sort((a, b) => b.w - a.w || (a.t < b.t ? -1 : 1))
      .slice(0, FALLBACK_TERMS)
      .map((x) => x.t);
  }
  const unknownErrorType = !!query.keyword && index.documentFrequency(query.keyword.toLowerCase()) === 0;
  if (terms.length === 0 || ids.length === 0) return { score: 0, unknownErrorType };
  const weights = terms.map(idf);
  const total = weights.reduce((a, b) => a + b, 0);
  let best = 0;
  for (const id of ids.slice(0, posted)) {
    let got = 0;
    terms.forEach((t, i) => {
      if (threads.has(id, t)) got += weights[i]!;
    });
    best = Math.max(best, got / total);
  }
  const score = best * (unknownErrorType ? UNKNOWN_ERROR_TYPE_FACTOR : 1);
  return { score: Math.round(score * 1000) / 1000, unknownErrorType };
}
