import type { SearchIndex } from '../index/open-index.js';
import type { Hit, Query } from '../types.js';
import { createThreadCache, type ThreadCache } from './thread-cache.js';
import type { Retriever, ScoredId, SearchOptions } from './types.js';
import { whyMatched } from './why-matched.js';

/**
 * Runs one retriever and turns its ids into hits with titles, links and reasons. The one ranking path
 * for every output. `threads` reads and tokenizes each thread once (pass the search's own to share it
 * with the confidence).
 */
export async function rankThreads(
  index: Pick<SearchIndex, 'getDocument' | 'getSummary' | 'threadHolds' | 'read'>,
  retriever: Retriever,
  query: Query,
  opts: SearchOptions,
  threads: ThreadCache = createThreadCache(index),
): Promise<Hit[]> {
  const scored = await retriever.search(query, opts);
  // The hits' rows are read in one transaction: one lock of the database, not one per row.
  return index.read(() => hits(query, retriever.name, scored, threads));
}

/** The ranked ids as hits: each thread's summary row and why it matched. */
function hits(query: Query, retriever: string, scored: ScoredId[], threads: ThreadCache): Hit[] {
  const out: Hit[] = [];
  for (const s of scored) {
    const doc = threads.summary(s.id);
    if (!doc) continue;
    out.push({
      id: doc.id,
      title: doc.title,
      url: doc.url,
      answerUrl: doc.answerUrl,
      score: Math.round(s.score * 1000) / 1000,
      retriever,
      why: whyMatched(query, doc, undefined, (token) => threads.has(s.id, token)),
    });
  }
  return out;
}
