import { buildQuery } from '../query/build-query.js';
import type { Retriever } from '../retrieve/types.js';
import { aggregate, firstGoldRank, type Metrics } from './metrics.js';
import type { EvalQuery } from './queries-file.js';

export interface EvalReport {
  queries: number;
  retrievers: Record<string, Metrics>;
}

/** Runs every query through the same query building as `search`, then each retriever; scores the top `top`. */
export async function evaluate(
  queries: EvalQuery[],
  retrievers: Retriever[],
  top = 50,
  onProgress?: (done: number, total: number) => void,
): Promise<EvalReport> {
  const ranks: Record<string, Array<number | null>> = Object.fromEntries(retrievers.map((r) => [r.name, []]));
  let done = 0;
  for (const q of queries) {
    const { query } = buildQuery(q.query, 'comment');
    const exclude = new Set(q.exclude);
    const gold = new Set(q.gold);
    for (const r of retrievers) {
      const hits = await r.search(query, { top, exclude });
      ranks[r.name]!.push(
        firstGoldRank(
          hits.map((h) => h.id),
          gold,
        ),
      );
    }
    onProgress?.(++done, queries.length);
  }
  return {
    queries: queries.length,
    retrievers: Object.fromEntries(retrievers.map((r) => [r.name, aggregate(ranks[r.name]!)])),
  };
}
