import type { SearchIndex } from '../index/open-index.js';
import { buildQuery } from '../query/build-query.js';
import { answerConfidence, DEFAULT_MIN_CONFIDENCE, POSTED_RESULTS } from '../retrieve/confidence.js';
import type { Retriever } from '../retrieve/types.js';
import { aggregate, firstGoldRank, type Metrics } from './metrics.js';
import type { EvalQuery } from './queries-file.js';

/** How well the confidence threshold keeps quiet: see the README's retrieval section. */
export interface QuietMetrics {
  threshold: number;
  /** Over queries with gold: the share whose posted results hold a gold thread, with no threshold. */
  postedWithGold: number;
  /** The same share, counting only the queries the threshold lets through. */
  answeredWithGold: number;
  /** Over queries without gold: the share that would be answered at all. */
  answeredWithoutGold: number;
}

export type RetrieverReport = Metrics & { quiet: QuietMetrics };

export interface EvalReport {
  queries: number;
  /** Queries with a gold thread (the recall and MRR are over these). */
  withGold: number;
  /** Queries whose `gold` is empty: the product should stay quiet on them. */
  withoutGold: number;
  retrievers: Record<string, RetrieverReport>;
}

export interface EvaluateOptions {
  /** Rank cut-off for the recall and MRR (default 50). */
  top?: number;
  /** How many results a comment shows (default the App's 3). */
  posted?: number;
  /** The confidence threshold for the quiet measures (default the product's). */
  minConfidence?: number;
  /** The text to search for a query (default its `query`): ablations search a part of it. */
  textOf?: (q: EvalQuery) => string;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Runs every query through the same query building as `search`, then each retriever; scores the top
 * `top` of the queries with gold, and measures the confidence threshold on all of them.
 */
export async function evaluate(
  queries: EvalQuery[],
  index: Pick<SearchIndex, 'documentCount' | 'documentFrequency' | 'getDocument' | 'getSummary' | 'threadHolds'>,
  retrievers: Retriever[],
  opts: EvaluateOptions = {},
): Promise<EvalReport> {
  const top = opts.top ?? 50;
  const posted = opts.posted ?? POSTED_RESULTS;
  const threshold = opts.minConfidence ?? DEFAULT_MIN_CONFIDENCE;
  const textOf = opts.textOf ?? ((q: EvalQuery) => q.query);
  const ranks: Record<string, Array<number | null>> = Object.fromEntries(retrievers.map((r) => [r.name, []]));
  const quiet = Object.fromEntries(
    retrievers.map((r) => [r.name, { postedGold: 0, answeredGold: 0, answeredNoGold: 0 }]),
  );
  let withGold = 0;
  let done = 0;
  for (const q of queries) {
    const { query } = buildQuery(textOf(q), 'comment');
    const exclude = new Set(q.exclude);
    const gold = new Set(q.gold);
    if (gold.size) withGold++;
    for (const r of retrievers) {
      const hits = query.text.trim() ? await r.search(query, { top: Math.max(top, posted), exclude }) : [];
      const ids = hits.map((h) => h.id);
      const answered = ids.length > 0 && answerConfidence(index, query, ids, posted).score >= threshold;
      const qm = quiet[r.name]!;
      if (gold.size) {
        ranks[r.name]!.push(firstGoldRank(ids.slice(0, top), gold));
        const goldPosted = ids.slice(0, posted).some((id) => gold.has(id));
        if (goldPosted) qm.postedGold++;
        if (goldPosted && answered) qm.answeredGold++;
      } else if (answered) qm.answeredNoGold++;
    }
    opts.onProgress?.(++done, queries.length);
  }
  const withoutGold = queries.length - withGold;
  const share = (a: number, b: number) => (b ? Math.round((a / b) * 10000) / 10000 : 0);
  return {
    queries: queries.length,
    withGold,
    withoutGold,
    retrievers: Object.fromEntries(
      retrievers.map((r) => {
        const qm = quiet[r.name]!;
        return [
          r.name,
          {
            ...aggregate(ranks[r.name]!),
            quiet: {
              threshold,
              postedWithGold: share(qm.postedGold, withGold),
              answeredWithGold: share(qm.answeredGold, withGold),
              answeredWithoutGold: share(qm.answeredNoGold, withoutGold),
            },
          },
        ];
      }),
    ),
  };
}
