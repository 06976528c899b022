/** Recall@k and MRR as the so-python README defines them. */
export const RECALL_KS = [1, 5, 10, 20, 50] as const;

export interface Metrics {
  'R@1': number;
  'R@5': number;
  'R@10': number;
  'R@20': number;
  'R@50': number;
  MRR: number;
}

/** Rank (1-based) of the first gold id in `ranked`, or null. */
export function firstGoldRank(ranked: readonly number[], gold: ReadonlySet<number>): number | null {
  const i = ranked.findIndex((id) => gold.has(id));
  return i < 0 ? null : i + 1;
}

/** Aggregates first-gold ranks: Recall@k = share with rank ≤ k; MRR over the top 50. */
export function aggregate(ranks: ReadonlyArray<number | null>): Metrics {
  const n = ranks.length || 1;
  const recall = (k: number) => ranks.filter((r) => r !== null && r <= k).length / n;
  const mrr = ranks.reduce<number>((s, r) => s + (r !== null && r <= 50 ? 1 / r : 0), 0) / n;
  const round = (x: number) => Math.round(x * 10000) / 10000;
  return {
    'R@1': round(recall(1)),
    'R@5': round(recall(5)),
    'R@10': round(recall(10)),
    'R@20': round(recall(20)),
    'R@50': round(recall(50)),
    MRR: round(mrr),
  };
}
