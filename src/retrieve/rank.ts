import type { SearchIndex } from '../index/open-index.js';
import type { Hit, Query } from '../types.js';
import { createThreadCache, type ThreadCache } from './thread-cache.js';
import type { Retriever, SearchOptions } from './types.js';
import { whyMatched } from './why-matched.js';

/**
 * Runs one retriever and turns its ids into hits with titles, links and reasons. The one ranking path
 * for every output. `threads` reads and tokenizes each thread once (pass the search's own to share it
 * with the confidence).
 */
export async function rankThreads(
  index: Pick<SearchIndex, 'getDocument' | 'getSummary' | 'threadHolds'>,
  retriever: Retriever,
  query: Query,
  opts: SearchOptions,
  threads: ThreadCache = createThreadCache(index),
): Promise<Hit[]> {
  const scored = await retriever.search(query, opts);
  const hits: Hit[] = [];
  for (const s of scored) {
    const doc = threads.summary(s.id);
    if (!doc) continue;
    hits.push({
      id: doc.id,
      title: doc.title,
      url: doc.url,
      answerUrl: doc.answerUrl,
      score: Math.round(s.score * 1000) / 1000,
      retriever: retriever.name,
      why: whyMatched(query, doc, undefined, (token) => threads.has(s.id, token)),
    });
  }
  return hits;
}
