/** Measurements shared by `npm run bench` and its `--scale` mode. No timing is asserted anywhere. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Engine, RetrieverName } from '../src/engine.js';
import type { DenseVectors } from '../src/index/dense-vectors.js';
import { packageRoot } from '../src/paths.js';

export const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

/** Every other query of T1 and T2 dev (question-shaped: prose, code, error), up to `max`. */
export function benchQueries(max: number): string[] {
  const load = (f: string) =>
    readFileSync(join(packageRoot(), '..', 'shared', 'data', 'so-python', f), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).query as string);
  return [...load('dev-queries.jsonl'), ...load('dup-dev-queries.jsonl')].filter((_, i) => i % 2 === 0).slice(0, max);
}

export interface Latency {
  p50: number;
  p99: number;
  /** CPU time per query (this process, all threads): on a shared machine wall time includes waiting for a core. */
  cpuP50: number;
  cpuP99: number;
}

/** End-to-end latency of `search` (extract → query → encode → search → rank) over the queries, after a warm-up. */
export async function measureLatency(
  engine: Engine,
  retriever: RetrieverName,
  queries: string[],
  warmUp = 20,
): Promise<Latency> {
  for (const q of queries.slice(0, warmUp)) await engine.search(q, { retriever, top: 10, kind: 'comment' });
  const ms: number[] = [];
  const cpu: number[] = [];
  for (const q of queries) {
    const c = process.cpuUsage();
    const s = performance.now();
    await engine.search(q, { retriever, top: 10, kind: 'comment' });
    ms.push(performance.now() - s);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  return { p50: round(pct(ms, 50)), p99: round(pct(ms, 99)), cpuP50: round(pct(cpu, 50)), cpuP99: round(pct(cpu, 99)) };
}

/**
 * Exact top `k` by inner product for each query vector, by one pass over `dense.vectors` (the reference
 * HNSW recall is measured against). Returns thread ids, best first, and the time per query.
 */
export function exactTopK(
  vectors: DenseVectors,
  queries: Float32Array[],
  k = 10,
): { top: number[][]; msPerQuery: number } {
  const dim = vectors.dim;
  const best = queries.map(() => ({ ids: new Float64Array(k).fill(-1), scores: new Float64Array(k).fill(-Infinity) }));
  const s = performance.now();
  vectors.scan((ids, rows) => {
    for (let q = 0; q < queries.length; q++) {
      const v = queries[q]!;
      const b = best[q]!;
      for (let r = 0; r < ids.length; r++) {
        let x = 0;
        for (let c = 0, at = r * dim; c < dim; c++) x += rows[at + c]! * v[c]!;
        if (x <= b.scores[k - 1]!) continue;
        let i = k - 1;
        for (; i > 0 && b.scores[i - 1]! < x; i--) {
          b.scores[i] = b.scores[i - 1]!;
          b.ids[i] = b.ids[i - 1]!;
        }
        b.scores[i] = x;
        b.ids[i] = ids[r]!;
      }
    }
  });
  return {
    top: best.map((b) => [...b.ids].filter((id) => id >= 0)),
    msPerQuery: (performance.now() - s) / Math.max(1, queries.length),
  };
}

/** Recall@10 of `got` (first 10 of each list) against exact lists. */
export function recallAt10(got: number[][], exact: number[][]): number {
  let hit = 0;
  got.forEach((g, i) => {
    const truth = new Set(exact[i]!.slice(0, 10));
    hit += g.slice(0, 10).filter((id) => truth.has(id)).length;
  });
  return round(hit / (got.length * 10), 4);
}
