import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { DocumentEncoder } from '../encoder/types.js';
import type { Document, ThreadSummary } from '../types.js';
import { DEFAULT_HNSW, openDenseIndex, scaledEfSearch, type Hnsw } from './dense-index.js';
import { openDenseVectors, VECTORS_FILE, type DenseVectors } from './dense-vectors.js';
import { HNSW_FILE, IndexError, readManifest, rebuildHint, SQLITE_FILE, type Manifest } from './manifest.js';
import { POSTINGS_FILE } from './postings-file.js';
import { hasFts5Baseline } from './schema.js';
import { Postings, type LexicalHit, type QueryTerm } from './postings.js';

/** An opened index: SQLite metadata + FTS5, and the HNSW vectors when the index has them. */
export interface SearchIndex {
  dir: string;
  manifest: Manifest;
  db: Database.Database;
  dense: Hnsw | null;
  /** The same vectors, row by row, for exact similarities (present with `dense`). */
  vectors: DenseVectors | null;
  /** The lexical postings (`lexical.postings`) the pruned BM25 scores. */
  postings: Postings;
  /** Threads in the index. */
  documentCount: number;
  getDocument(id: number): Document | null;
  /** A thread's title, links and error type, without its text (what a ranked hit shows). */
  getSummary(id: number): ThreadSummary | null;
  /**
   * Whether a thread's indexed text (title, body, best answer, error type) holds a lexical token, from
   * the postings: no read of the thread, no tokenizing.
   */
  threadHolds(id: number, term: string): boolean;
  /** How many threads contain a lexical token (cached). */
  documentFrequency(term: string): number;
  /** The error type a thread's question names, or null. */
  keywordOf(id: number): string | null;
  /** A thread's tags ([] for a thread the index lacks). */
  tagsOf(id: number): string[];
  /**
   * BM25 top `limit` for distinct terms counted `count` times each, with per-field weights in
   * `FTS_FIELDS` order, pruned over the postings (`exhaustive`: every matching document scored, the
   * reference); the same scores as FTS5's `bm25()` (positive, higher is better).
   */
  lexical(terms: readonly QueryTerm[], weights: readonly number[], limit: number, exhaustive?: boolean): LexicalHit[];
  /**
   * FTS5 BM25 top `limit` for a MATCH expression, with per-field weights in `FTS_FIELDS` order; scores
   * are positive, higher is better. Scores every matching row: the baseline `lexical` is measured against.
   * Only an index with the FTS5 baseline table has it (`addFts5Baseline`); others throw an IndexError.
   */
  bm25(match: string, weights: readonly number[], limit: number): Array<{ id: number; score: number }>;
  /**
   * Runs `fn` inside one SQLite read transaction and returns what it returns: the reads it makes
   * (`getSummary`, `tagsOf`, `getDocument`) take the database's lock once instead of once each (a
   * statement outside a transaction locks and unlocks the file: ~8 µs of its ~13), and see one snapshot.
   * A call inside another joins it. `fn` must be synchronous: the transaction ends when it returns or
   * throws, so no lock outlives the call.
   */
  read<T>(fn: () => T): T;
  close(): void;
}

export interface OpenOptions {
  /** The encoder that will embed queries; must be the one the index was built with. */
  encoder?: DocumentEncoder | null;
}

/**
 * Opens an index directory, refusing an index of another format version, a corrupt one, or one whose
 * vectors came from another encoder, with a message that says what to run.
 */
export function openIndex(dirIn: string, opts: OpenOptions = {}): SearchIndex {
  const dir = resolve(dirIn);
  const manifest = readManifest(dir);
  const sqlitePath = join(dir, SQLITE_FILE);
  if (!existsSync(sqlitePath)) throw new IndexError(`The index at ${dir} is incomplete (no ${SQLITE_FILE}). ${rebuildHint(dir)}`);
  let db: Database.Database;
  try {
    db = new Database(sqlitePath, { readonly: true, fileMustExist: true });
    db.prepare('SELECT count(*) FROM docs').get();
  } catch (err) {
    throw new IndexError(`The index at ${dir} is corrupt (${SQLITE_FILE}: ${(err as Error).message}). ${rebuildHint(dir)}`);
  }
  /** Opens one of the index's files; a missing one makes the index incomplete, an unreadable one corrupt. */
  const openPart = <T>(file: string, open: (path: string) => T): T => {
    try {
      return open(join(dir, file));
    } catch (err) {
      db.close();
      const why =
        (err as NodeJS.ErrnoException).code === 'ENOENT'
          ? `is incomplete (no ${file})`
          : `is corrupt (${(err as Error).message})`;
      throw new IndexError(`The index at ${dir} ${why}. ${rebuildHint(dir)}`);
    }
  };
  const postings = openPart(POSTINGS_FILE, (path) => Postings.open(path));
  let dense: Hnsw | null = null;
  let vectors: DenseVectors | null = null;
  if (opts.encoder && manifest.encoder) {
    if (manifest.encoder.id !== opts.encoder.id) {
      db.close();
      throw new IndexError(
        `The index at ${dir} was built with encoder ${manifest.encoder.id}, but this snippet-search uses ${opts.encoder.id}. ${rebuildHint(dir)}`,
      );
    }
    const file = join(dir, HNSW_FILE);
    try {
      // efSearch is a query-time choice: the current default (wider for a large index), whatever the index was built with.
      dense = openDenseIndex(file, manifest.encoder.dim, scaledEfSearch(DEFAULT_HNSW.efSearch, manifest.counts.documents));
    } catch (err) {
      db.close();
      throw new IndexError(`The index at ${dir} is corrupt (${HNSW_FILE}: ${(err as Error).message}). ${rebuildHint(dir)}`);
    }
    const { dim } = manifest.encoder;
    vectors = openPart(VECTORS_FILE, (path) => openDenseVectors(path, dim));
  }
  const getDoc = db.prepare('SELECT * FROM docs WHERE id = ?');
  const getSummary = db.prepare('SELECT id, url, title, keyword, answer_url AS answerUrl FROM docs WHERE id = ?');
  const tagsStmt = db.prepare('SELECT tags FROM docs WHERE id = ?').pluck();
  // Few threads name an error type (1,652 of 43,795 in so-python): held in memory, the hybrid asks per candidate.
  const keywords = new Map(
    (db.prepare('SELECT id, keyword FROM docs WHERE keyword IS NOT NULL').raw().all() as Array<[number, string]>).map(
      ([id, k]) => [id, k],
    ),
  );
  const bm25Stmts = new Map<string, Database.Statement>();
  const documentCount = (db.prepare('SELECT count(*) FROM docs').pluck().get() as number) ?? 0;
  const begin = db.prepare('BEGIN');
  const commit = db.prepare('COMMIT');
  return {
    dir,
    manifest,
    db,
    dense,
    vectors,
    postings,
    documentCount,
    getDocument(id) {
      const r = getDoc.get(id) as DocRow | undefined;
      return r ? rowToDocument(r) : null;
    },
    threadHolds(id, term) {
      return postings.holds(term, id);
    },
    getSummary(id) {
      return (getSummary.get(id) as ThreadSummary | undefined) ?? null;
    },
    documentFrequency(term) {
      return postings.documentFrequency(term);
    },
    keywordOf(id) {
      return keywords.get(id) ?? null;
    },
    lexical(terms, weights, limit, exhaustive = false) {
      return exhaustive ? postings.exhaustiveTopK(terms, weights, limit) : postings.topK(terms, weights, limit);
    },
    tagsOf(id) {
      const tags = tagsStmt.get(id) as string | undefined;
      return tags ? tags.split(' ') : [];
    },
    bm25(match, weights, limit) {
      const key = weights.map((w) => Number(w)).join(', ');
      let stmt = bm25Stmts.get(key);
      if (!stmt) {
        if (!hasFts5Baseline(db)) {
          throw new IndexError(
            `The index at ${dir} has no FTS5 baseline table (the product does not need one): add it with snippet-search index build --fts5-baseline, or addFts5Baseline().`,
          );
        }
        // `rank MATCH` sets FTS5's ranking function for this query, so ORDER BY rank uses the field weights.
        stmt = db.prepare(
          `SELECT rowid AS id, -rank AS score FROM docs_fts WHERE docs_fts MATCH ? AND rank MATCH 'bm25(${key})' ORDER BY rank LIMIT ?`,
        );
        bm25Stmts.set(key, stmt);
      }
      return stmt.all(match, limit) as Array<{ id: number; score: number }>;
    },
    read(fn) {
      if (db.inTransaction) return fn();
      begin.run();
      try {
        return fn();
      } finally {
        if (db.inTransaction) commit.run();
      }
    },
    close() {
      vectors?.close();
      postings.close();
      db.close();
    },
  };
}

interface DocRow {
  id: number; url: string; title: string; body: string; code: string; error: string; keyword: string | null;
  best_answer: string; answer_url: string | null; tags: string; score: number | null; answer_count: number;
}

function rowToDocument(r: DocRow): Document {
  return {
    id: r.id, url: r.url, title: r.title, body: r.body, code: r.code, error: r.error, keyword: r.keyword,
    bestAnswer: r.best_answer, answerUrl: r.answer_url, tags: r.tags ? r.tags.split(' ') : [], score: r.score,
    answerCount: r.answer_count,
  };
}
