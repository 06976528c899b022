import type { SearchIndex } from '../index/open-index.js';
import { lexicalTokenSet } from '../text/lexical.js';
import type { Document, ThreadSummary } from '../types.js';

/**
 * The threads one search looks at, each read from the index and tokenized once: the ranking's titles
 * and "why it matched" and the confidence ask for the same few threads.
 */
export interface ThreadCache {
  document(id: number): Document | null;
  /** The thread's title, links and error type (no text read). */
  summary(id: number): ThreadSummary | null;
  /** The thread's lexical tokens (title, body, best answer, error type; see `documentTokens`). */
  tokens(id: number): Set<string> | null;
  /**
   * Whether the thread's tokens hold `token` (as `tokens(id)?.has(token)`): a plain token is looked up
   * in the postings, which index the same tokens, so the thread is neither read nor tokenized; any
   * other token (FTS5 folds non-ASCII words its own way) is checked against `tokens`.
   */
  has(id: number, token: string): boolean;
}

/** Tokens the postings hold exactly as `lexicalTokens` writes them (FTS5 keeps such words whole). */
const PLAIN_TOKEN = /^[a-z0-9_]{1,64}$/;

/** A cache for one search (nothing is kept between searches, so nothing can go stale). */
export function createThreadCache(index: Pick<SearchIndex, 'getDocument' | 'getSummary' | 'threadHolds'>): ThreadCache {
  const docs = new Map<number, Document | null>();
  const summaries = new Map<number, ThreadSummary | null>();
  const tokens = new Map<number, Set<string> | null>();
  const document = (id: number): Document | null => {
    let doc = docs.get(id);
    if (doc === undefined) docs.set(id, (doc = index.getDocument(id)));
    return doc;
  };
  const tokensOf = (id: number): Set<string> | null => {
    let t = tokens.get(id);
    if (t === undefined) {
      const doc = document(id);
      tokens.set(id, (t = doc ? documentTokens(doc) : null));
    }
    return t;
  };
  return {
    document,
    summary(id) {
      let s = summaries.get(id);
      if (s === undefined) {
        const doc = docs.get(id);
        summaries.set(id, (s = doc !== undefined ? doc : index.getSummary(id)));
      }
      return s;
    },
    tokens: tokensOf,
    has: (id, token) => (PLAIN_TOKEN.test(token) ? index.threadHolds(id, token) : (tokensOf(id)?.has(token) ?? false)),
  };
}

/** The set of a thread's lexical tokens: its title, question body, best answer and error type. */
export function documentTokens(doc: Pick<Document, 'title' | 'body' | 'bestAnswer' | 'keyword'>): Set<string> {
  return lexicalTokenSet(`${doc.title}\n${doc.body}\n${doc.bestAnswer}\n${doc.keyword ?? ''}`);
}
