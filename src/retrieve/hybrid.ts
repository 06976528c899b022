import { scaledEfSearch } from '../index/dense-index.js';
import type { SearchIndex } from '../index/open-index.js';
import type { Query } from '../types.js';
import type { DenseRetriever } from './dense.js';
import type { Retriever, ScoredId, SearchOptions } from './types.js';

export interface HybridOptions {
  /** Weight of the dense z-score when the query is mostly context (a question with prose and code). */
  denseWeight: number;
  /** Weight of the dense z-score when the query is all error line (a pasted one-liner). */
  denseWeightErrorOnly: number;
  /** Share of the lexical weight that goes to the error-line leg when the query is all error line. */
  errorLineShare: number;
  /** How much context counts against the error line when deciding the query's focus (see `errorFocus`). */
  contextDiscount: number;
  /** Added (in z units) when the thread's error type equals the query's. */
  keywordBonus: number;
  /** Candidates taken from each retriever before fusion. */
  depth: number;
  /**
   * The lexical score given to a candidate a lexical leg did not return (another leg found it): the
   * score at this quantile of the leg's returned list, 0 being its lowest. Falling outside a leg's top
   * `depth` says "not known to be good", not "worse than every returned thread".
   */
  missingQuantile: number;
  /**
   * HNSW's beam width for the dense leg's `depth` neighbours (the dense retriever alone keeps the
   * index's 512). At 320 the leg costs ~60% of 512's, and every hybrid R@10 of the three dev sets is
   * unchanged (T1's R@50 moved by one query; see the README's speed section). 256 moved T1's R@10 by
   * one query with the 10th-percentile fusion.
   */
  denseEfSearch: number;
  /**
   * The error-line leg runs only when its fusion weight (`fusionWeights`) is at least this; below, its
   * weight goes to the whole-query leg, as for a query with no error line. A question whose error line
   * is a small part of it gives that leg a weight near 0.01 (T1's median 0.016), too little to move the
   * fusion, for a BM25 search that costs a sixth of the query's time at 1M threads. At 0.02, `eval` on
   * the three dev sets: T2 and the real reports unchanged, T1 R@1 0.555 → 0.561, MRR 0.6385 → 0.6413,
   * R@10 0.7934 → 0.7924 (one query of 997); 0.01 left every R@10 as it was but skips a quarter of T1's
   * legs instead of three fifths.
   */
  minErrorLineWeight: number;
}

/**
 * Chosen on the real-report dev set and both question-shaped dev sets together (objective: the real
 * reports' MRR, subject to no loss of R@10 on T1 and T2; see the README's retrieval section). A
 * question with prose and code leans on the dense leg (0.7, as tuned on T1/T2); a report whose error
 * line is most of what it says leans lexical, and within that on the error line alone.
 */
export const DEFAULT_HYBRID: HybridOptions = {
  denseWeight: 0.7,
  denseWeightErrorOnly: 0.4,
  errorLineShare: 0.8,
  contextDiscount: 1,
  keywordBonus: 0.15,
  depth: 200,
  missingQuantile: 0.1,
  denseEfSearch: 320,
  minErrorLineWeight: 0.02,
};

/** The fusion weights for one query. */
export interface FusionWeights {
  dense: number;
  lexical: number;
  errorLine: number;
}

/**
 * How much of the query is its error line, in [0, 1]: the error line's length against itself plus the
 * discounted prose and code around it. 0 when there is no error line.
 */
export function errorFocus(query: Query, contextDiscount: number): number {
  const el = query.errorLine.trim().length;
  if (el === 0) return 0;
  return el / (el + contextDiscount * (query.prose.length + query.code.length));
}

/** Query-adaptive weights: the dense weight falls and the error-line leg rises with the error focus. */
export function fusionWeights(query: Query, opts: HybridOptions): FusionWeights {
  const f = errorFocus(query, opts.contextDiscount);
  const dense = opts.denseWeight - (opts.denseWeight - opts.denseWeightErrorOnly) * f;
  const errorLine = (1 - dense) * opts.errorLineShare * f;
  return { dense, lexical: 1 - dense - errorLine, errorLine };
}

/**
 * Hybrid ranking over three legs: BM25 on the whole query, BM25 on the error line alone, and the dense
 * retriever. The union of each leg's top `depth` is scored by every leg (a thread a leg did not return
 * gets its exact dense similarity, or a low quantile of that leg's scores: `missingQuantile`), each leg's scores
 * are z-normalized per query, and the fused score is
 * `w_dense·z_dense + w_lex·z_bm25 + w_err·z_errorline + bonus·[same error type]` with the weights from
 * `fusionWeights`.
 */
export function createHybridRetriever(
  index: Pick<SearchIndex, 'keywordOf' | 'documentCount'>,
  bm25: Retriever,
  dense: DenseRetriever,
  options: Partial<HybridOptions> = {},
  errorLineBm25: Retriever | null = null,
): Retriever {
  const opts = { ...DEFAULT_HYBRID, ...options };
  // A large index's graph needs a wider beam for the same recall (see `scaledEfSearch`).
  const efSearch = scaledEfSearch(opts.denseEfSearch, index.documentCount);
  return {
    name: 'hybrid',
    async search(query: Query, so: SearchOptions): Promise<ScoredId[]> {
      const depth = Math.max(opts.depth, so.top);
      const leg = { top: depth, exclude: so.exclude };
      const w = fusionWeights(query, opts);
      // The error-line leg is not run where its weight cannot move the fusion (`minErrorLineWeight`).
      const withErrorLeg =
        errorLineBm25 !== null && query.errorLine.trim() !== '' && w.errorLine >= opts.minErrorLineWeight;
      const [lex, sem, vec, err] = await Promise.all([
        bm25.search(query, leg),
        dense.search(query, { ...leg, efSearch }),
        query.text.trim() ? dense.embed(query) : Promise.resolve(null),
        withErrorLeg ? errorLineBm25.search(query, leg) : Promise.resolve([]),
      ]);
      // The candidates (lexical leg first, then dense, then error line) and each leg's score by slot;
      // NaN where a leg did not return the candidate.
      const slot = new Map<number, number>();
      const ids: number[] = [];
      const lexS: number[] = [];
      const semS: number[] = [];
      const errS: number[] = [];
      const put = (list: ScoredId[], scores: number[]) => {
        for (const r of list) {
          let i = slot.get(r.id);
          if (i === undefined) {
            slot.set(r.id, (i = ids.length));
            ids.push(r.id);
            lexS.push(NaN);
            semS.push(NaN);
            errS.push(NaN);
          }
          scores[i] = r.score;
        }
      };
      put(lex, lexS);
      put(sem, semS);
      put(err, errS);
      for (let i = 0; i < ids.length; i++) {
        if (Number.isNaN(semS[i]!)) semS[i] = vec ? (dense.similarity(vec, ids[i]!) ?? 0) : NaN;
      }
      const zs = zscores(semS, 0);
      const zl = zscores(lexS, missingScore(lex, opts.missingQuantile));
      const ze = zscores(errS, missingScore(err, opts.missingQuantile));
      if (!withErrorLeg) {
        w.lexical += w.errorLine;
        w.errorLine = 0;
      }
      const kw = query.keyword;
      const fused = new Float64Array(ids.length);
      for (let i = 0; i < ids.length; i++) {
        let s = w.dense * zs[i]! + w.lexical * zl[i]! + w.errorLine * ze[i]!;
        if (kw && opts.keywordBonus && index.keywordOf(ids[i]!) === kw) s += opts.keywordBonus;
        fused[i] = s;
      }
      return topScored(ids, fused, so.top);
    },
  };
}

/**
 * The `top` best of `ids` by `scores` (same positions), best first, ties by lower id: what sorting
 * them all and taking the first `top` gives, by insertion into a list of `top` (a search asks for a
 * few of the fusion's ~400 candidates; a large `top` sorts).
 */
export function topScored(ids: readonly number[], scores: Float64Array, top: number): ScoredId[] {
  const n = ids.length;
  const k = Math.min(top, n);
  if (k <= 0) return [];
  const before = (s: number, id: number, t: number, tid: number) => s > t || (s === t && id < tid);
  if (k > 32) {
    const order = Array.from({ length: n }, (_, i) => i);
    order.sort((a, b) => scores[b]! - scores[a]! || ids[a]! - ids[b]!);
    return order.slice(0, k).map((i) => ({ id: ids[i]!, score: scores[i]! }));
  }
  const bestId: number[] = [];
  const bestScore: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = scores[i]!;
    const id = ids[i]!;
    if (bestId.length === k && !before(s, id, bestScore[k - 1]!, bestId[k - 1]!)) continue;
    let j = Math.min(bestId.length, k - 1);
    while (j > 0 && before(s, id, bestScore[j - 1]!, bestId[j - 1]!)) {
      bestScore[j] = bestScore[j - 1]!;
      bestId[j] = bestId[j - 1]!;
      j--;
    }
    bestScore[j] = s;
    bestId[j] = id;
  }
  return bestId.map((id, j) => ({ id, score: bestScore[j]! }));
}

/** The score at quantile `q` of a leg's returned list (0: its lowest; 0 for an empty list). */
export function missingScore(list: ScoredId[], q: number): number {
  if (list.length === 0) return 0;
  const sorted = list.map((r) => r.score).sort((a, b) => a - b);
  return sorted[Math.floor(Math.min(1, Math.max(0, q)) * (sorted.length - 1))]!;
}

/** Per-query z-scores of a leg's scores by slot; a slot the leg did not score (NaN) counts as `missing`. */
function zscores(scores: number[], missing: number): Float64Array {
  const n = scores.length;
  const vals = new Float64Array(n);
  if (n === 0) return vals;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += vals[i] = Number.isNaN(scores[i]!) ? missing : scores[i]!;
  const mean = sum / n;
  let sq = 0;
  for (let i = 0; i < n; i++) sq += (vals[i]! - mean) ** 2;
  const sd = Math.sqrt(sq / n) || 1;
  for (let i = 0; i < n; i++) vals[i] = (vals[i]! - mean) / sd;
  return vals;
}
