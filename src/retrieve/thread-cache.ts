import type { SearchIndex } from '../index/open-index.js';
import { lexicalTokenSet } from '../text/lexical.js';
import type { Document } from '../types.js';

/**
 * The threads one search looks at, each read from the index and tokenized once: the ranking's titles
 * and "why it matched" and the confidence ask for the same few threads.
 */
export interface ThreadCache {
  document(id: number): Document | null;
  /** The thread's lexical tokens (title, body, best answer, error type; see `documentTokens`). */
  tokens(id: number): Set<string> | null;
}

/** A cache for one search (nothing is kept between searches, so nothing can go stale). */
export function createThreadCache(index: Pick<SearchIndex, 'getDocument'>): ThreadCache {
  const docs = new Map<number, Document | null>();
  const tokens = new Map<number, Set<string> | null>();
  const document = (id: number): Document | null => {
    let doc = docs.get(id);
    if (doc === undefined) docs.set(id, (doc = index.getDocument(id)));
    return doc;
  };
  return {
    document,
    tokens(id) {
      let t = tokens.get(id);
      if (t === undefined) {
        const doc = document(id);
        tokens.set(id, (t = doc ? documentTokens(doc) : null));
      }
      return t;
    },
  };
}

/** The set of a thread's lexical tokens: its title, question body, best answer and error type. */
export function documentTokens(doc: Pick<Document, 'title' | 'body' | 'bestAnswer' | 'keyword'>): Set<string> {
  return lexicalTokenSet(`${doc.title}\n${doc.body}\n${doc.bestAnswer}\n${doc.keyword ?? ''}`);
}
