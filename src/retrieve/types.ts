import type { Query } from '../types.js';

export interface ScoredId {
  id: number;
  score: number;
}

export interface SearchOptions {
  /** How many results to return. */
  top: number;
  /** Ids to leave out of the ranking (e.g. the query's own thread). */
  exclude?: ReadonlySet<number>;
  /** The dense retriever's HNSW beam width (efSearch) for this search; default: the index's. */
  efSearch?: number;
}

/** A retriever ranks index documents for a query; higher scores are better. */
export interface Retriever {
  readonly name: string;
  search(query: Query, opts: SearchOptions): Promise<ScoredId[]>;
}
