import type { SearchIndex } from '../index/open-index.js';
import type { Hit, Query } from '../types.js';
import type { Retriever, SearchOptions } from './types.js';
import { whyMatched } from './why-matched.js';

/** Runs one retriever and turns its ids into hits with titles, links and reasons. The one ranking path for every output. */
export async function rankThreads(
  index: SearchIndex,
  retriever: Retriever,
  query: Query,
  opts: SearchOptions,
): Promise<Hit[]> {
  const scored = await retriever.search(query, opts);
  const hits: Hit[] = [];
  for (const s of scored) {
    const doc = index.getDocument(s.id);
    if (!doc) continue;
    hits.push({
      id: doc.id,
      title: doc.title,
      url: doc.url,
      answerUrl: doc.answerUrl,
      score: Math.round(s.score * 1000) / 1000,
      retriever: retriever.name,
      why: whyMatched(query, doc),
    });
  }
  return hits;
}
