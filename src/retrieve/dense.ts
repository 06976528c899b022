import type { DocumentEncoder } from '../encoder/types.js';
import type { Hnsw } from '../index/dense-index.js';
import type { DenseVectors } from '../index/dense-vectors.js';
import type { Query } from '../types.js';
import type { Retriever, ScoredId, SearchOptions } from './types.js';

/** Dense retriever: the shared encoder embeds the query; HNSW (inner product) finds the nearest threads. */
export interface DenseRetriever extends Retriever {
  /** The query's embedding (cached per query object, so hybrid encodes once). */
  embed(query: Query): Promise<Float32Array>;
  /** Exact similarity of a query embedding to an indexed thread (for threads found by another retriever). */
  similarity(vector: Float32Array, id: number): number | null;
}

/** `vectors`, when given, serves `similarity` (row reads); without it, hnswlib's `getPoint` does (slower). */
export function createDenseRetriever(
  encoder: DocumentEncoder,
  hnsw: Hnsw,
  vectors: DenseVectors | null = null,
): DenseRetriever {
  // The promise is cached, not the vector: hybrid asks for the embedding and the dense search at
  // once, and both must share one encode.
  const cache = new WeakMap<Query, Promise<Float32Array>>();
  const count = hnsw.getCurrentCount();
  const embed = (query: Query): Promise<Float32Array> => {
    let v = cache.get(query);
    if (!v) {
      v = encoder.encode([query.text], 'query').then(([vec]) => vec!);
      cache.set(query, v);
    }
    return v;
  };
  return {
    name: 'dense',
    embed,
    similarity(vector, id) {
      if (vectors) return vectors.similarity(vector, id);
      let p: number[];
      try {
        p = hnsw.getPoint(id);
      } catch {
        return null;
      }
      let s = 0;
      for (let i = 0; i < p.length; i++) s += p[i]! * vector[i]!;
      return s;
    },
    async search(query: Query, so: SearchOptions): Promise<ScoredId[]> {
      if (!query.text.trim()) return [];
      const v = await embed(query);
      const k = Math.min(count, so.top + (so.exclude?.size ?? 0));
      if (k === 0) return [];
      const ef = hnsw.getEf();
      if (so.efSearch) hnsw.setEf(so.efSearch);
      let found: { neighbors: number[]; distances: number[] };
      try {
        found = hnsw.searchKnn(Array.from(v), k);
      } finally {
        if (so.efSearch) hnsw.setEf(ef);
      }
      const { neighbors, distances } = found;
      const out: ScoredId[] = [];
      neighbors.forEach((id, i) => {
        if (!so.exclude?.has(id)) out.push({ id, score: 1 - distances[i]! });
      });
      return out.slice(0, so.top);
    },
  };
}
