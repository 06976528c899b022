import { hnswlib, type Hnswlib } from './hnswlib.js';

export type Hnsw = InstanceType<Hnswlib['HierarchicalNSW']>;

export interface HnswParams {
  M: number;
  efConstruction: number;
  efSearch: number;
}

/**
 * Chosen by measurement on the so-python index (300 T1 dev queries, recall@10 against exact search;
 * the hybrid searches at efSearch 320, the dense retriever alone at 512): M=16/efConstruction=200 took
 * 28.7 s to insert the 43,795 vectors on one core, recall 0.992 / 0.996; efConstruction 100 17.8 s,
 * 0.991 / 0.994; 64 10.9 s, 0.987 / 0.993; M=12/100 13.7 s, 0.985 / 0.993. Insertion is the build's
 * longest stage (one thread: hnswlib-node adds one point at a time), so 100: half the time of 200 for
 * 0.001 of recall, and no change to any R@10 of the three dev sets' hybrid. The static embeddings
 * crowd together, so the search needs a wide beam.
 */
export const DEFAULT_HNSW: HnswParams = { M: 16, efConstruction: 100, efSearch: 512 };

/** Up to this many threads, searches use their base efSearch; beyond, it grows (`scaledEfSearch`). */
export const EF_SCALE_FROM = 250_000;

/**
 * The beam width for an index of `threads`: `base` up to 250k threads, then × √(threads / 250k).
 * Recall at a fixed efSearch falls as the graph grows: on the synthetic 1M-thread index (scale bench),
 * recall@10 against exact search was 0.965 at 320, 0.973 at 512, 0.981 at 1,024 and 0.986 at 1,536
 * (3.0 → 4.7 ms per search at 512 → 1,024), against 0.987 at 512 on 250k and 0.994 on 44k.
 */
export function scaledEfSearch(base: number, threads: number): number {
  return Math.round(base * Math.sqrt(Math.max(1, threads / EF_SCALE_FROM)));
}

/** Opens an HNSW graph file; `lib`: which hnswlib-node build (default the one in use: `hnswlib.ts`). */
export function openDenseIndex(file: string, dim: number, efSearch: number, lib: Hnswlib = hnswlib): Hnsw {
  const index = new lib.HierarchicalNSW('ip', dim);
  index.readIndexSync(file);
  index.setEf(efSearch);
  return index;
}
