import type { Retriever, ScoredId, SearchOptions } from './types.js';
import type { Query } from '../types.js';

/**
 * Reciprocal rank fusion of two retrievers (score = Σ 1/(k + rank)), the textbook baseline the
 * hybrid ranking is measured against (`eval --retrievers rrf`).
 */
export function createRrfRetriever(a: Retriever, b: Retriever, depth = 100, k = 60): Retriever {
  return {
    name: 'rrf',
    async search(query: Query, so: SearchOptions): Promise<ScoredId[]> {
      const lists = await Promise.all(
        [a, b].map((r) => r.search(query, { top: Math.max(depth, so.top), exclude: so.exclude })),
      );
      const scores = new Map<number, number>();
      for (const list of lists) list.forEach((r, i) => scores.set(r.id, (scores.get(r.id) ?? 0) + 1 / (k + i + 1)));
      return [...scores]
        .map(([id, score]) => ({ id, score }))
        .sort((x, y) => y.score - x.score || x.id - y.id)
        .slice(0, so.top);
    },
  };
}
