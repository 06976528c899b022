import type { DocumentEncoder } from './encoder/types.js';
import { openIndex, type SearchIndex } from './index/open-index.js';
import { buildQuery, type InputKind } from './query/build-query.js';
import { createBm25Retriever, ERROR_LINE_BM25, type Bm25Options } from './retrieve/bm25.js';
import { createDenseRetriever } from './retrieve/dense.js';
import { createHybridRetriever } from './retrieve/hybrid.js';
import { answerConfidence, DEFAULT_MIN_CONFIDENCE } from './retrieve/confidence.js';
import { createRrfRetriever } from './retrieve/rrf.js';
import { uncoveredLanguageReason } from './retrieve/language-coverage.js';
import { withLanguagePreference, type LanguageOptions } from './retrieve/language-preference.js';
import { rankThreads } from './retrieve/rank.js';
import { createThreadCache } from './retrieve/thread-cache.js';
import type { Retriever } from './retrieve/types.js';
import type { Failure, Hit, Query } from './types.js';

export const RETRIEVER_NAMES = ['bm25', 'dense', 'hybrid', 'rrf'] as const;
export type RetrieverName = (typeof RETRIEVER_NAMES)[number];

export interface SearchResult {
  query: Query;
  failures: Failure[];
  results: Hit[];
  retriever: string;
  /** In [0, 1]: how much of the failure the posted threads speak of (see `answerConfidence`). */
  confidence: number;
  /** `confidence` reached the threshold: the App and the Action post, the CLI shows results. */
  confident: boolean;
  /**
   * Why the result is not confident whatever its confidence, for people ("the index has no Go
   * threads (it covers Python)"); null when there is no such reason.
   */
  reason: string | null;
}

export interface SearchOptions {
  top?: number;
  retriever?: RetrieverName;
  kind?: InputKind;
  /**
   * The confidence an answer needs (default `DEFAULT_MIN_CONFIDENCE`; 0 answers always, except a failure
   * in a language the index holds no thread of: see `SearchResult.reason`).
   */
  minConfidence?: number;
}

/** An index opened with its retrievers: the one object the CLI, the App and the Action search through. */
export interface Engine {
  index: SearchIndex;
  /** The retrievers this index supports (dense and hybrid need an encoder and HNSW vectors). */
  available: RetrieverName[];
  /** The best available retriever (hybrid when the index has vectors, else bm25). */
  defaultRetriever: RetrieverName;
  retriever(name: RetrieverName): Retriever;
  search(input: string, opts?: SearchOptions): Promise<SearchResult>;
  close(): void;
}

export interface EngineOptions {
  indexDir: string;
  encoder?: DocumentEncoder | null;
  /** How the failure's language shapes the ranking (default `DEFAULT_LANGUAGE`). */
  language?: Partial<LanguageOptions>;
  /** Who scores the lexical legs: the pruned postings (default) or FTS5 `bm25()` (the benchmark's baseline). */
  lexicalScorer?: Bm25Options['scorer'];
}

export class RetrieverUnavailableError extends Error {}

export function openEngine(opts: EngineOptions): Engine {
  const index = openIndex(opts.indexDir, { encoder: opts.encoder ?? null });
  const scorer = opts.lexicalScorer ?? 'postings';
  const bm25 = createBm25Retriever(index, { scorer });
  const retrievers = new Map<RetrieverName, Retriever>([['bm25', bm25]]);
  if (index.dense && opts.encoder) {
    const dense = createDenseRetriever(opts.encoder, index.dense, index.vectors);
    retrievers.set('dense', dense);
    retrievers.set(
      'hybrid',
      createHybridRetriever(index, bm25, dense, {}, createBm25Retriever(index, { ...ERROR_LINE_BM25, scorer })),
    );
    retrievers.set('rrf', createRrfRetriever(bm25, dense));
  }
  // Every retriever prefers threads in the failure's language, the same way for search and eval.
  for (const [name, r] of retrievers) retrievers.set(name, withLanguagePreference(r, index, opts.language));
  const available = [...retrievers.keys()];
  const defaultRetriever: RetrieverName = retrievers.has('hybrid') ? 'hybrid' : 'bm25';
  const retriever = (name: RetrieverName): Retriever => {
    const r = retrievers.get(name);
    if (!r) {
      throw new RetrieverUnavailableError(
        `The "${name}" retriever needs an index built with the encoder (this index has ${available.join(', ')}): rebuild with snippet-search index build.`,
      );
    }
    return r;
  };
  return {
    index,
    available,
    defaultRetriever,
    retriever,
    async search(input, so = {}) {
      const { query, failures } = buildQuery(input, so.kind ?? 'auto');
      const r = retriever(so.retriever ?? defaultRetriever);
      // The ranking's titles and reasons and the confidence read the same threads: each is read once.
      const threads = createThreadCache(index);
      const results = query.text.trim() ? await rankThreads(index, r, query, { top: so.top ?? 5 }, threads) : [];
      const { score } = answerConfidence(
        index,
        query,
        results.map((h) => h.id),
        undefined,
        threads,
      );
      // An index with no thread in the failure's language would answer with another language's threads.
      const reason = uncoveredLanguageReason(index.manifest, query.language);
      const confident = reason === null && results.length > 0 && score >= (so.minConfidence ?? DEFAULT_MIN_CONFIDENCE);
      return { query, failures, results, retriever: r.name, confidence: score, confident, reason };
    },
    close() {
      index.close();
    },
  };
}
