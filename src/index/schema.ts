import type Database from 'better-sqlite3';

/**
 * The SQLite side of an index: one row per thread. The lexical postings (`lexical.postings`) index the
 * searchable fields with the tokens FTS5's `unicode61` tokenizer makes: it keeps `_` inside tokens so
 * identifiers (`__init__`, `read_csv`) match whole; camelCase names are indexed whole and split (see
 * `text/lexical.ts`). A contentless FTS5 table over the same fields is added only as the benchmark's
 * baseline (`createFts5Baseline`).
 */
export const FTS_TOKENIZER = "unicode61 remove_diacritics 2 tokenchars '_'";

/** The searchable fields, in FTS column order; weights for `bm25()` follow the same order. */
export const FTS_FIELDS = ['title', 'body', 'answer', 'keyword'] as const;

export function createSchema(db: Database.Database): void {
  db.exec(`
    CREATE TABLE docs (
      id INTEGER PRIMARY KEY,
      url TEXT NOT NULL,
      title TEXT NOT NULL,
      body TEXT NOT NULL,
      code TEXT NOT NULL,
      error TEXT NOT NULL,
      keyword TEXT,
      best_answer TEXT NOT NULL,
      answer_url TEXT,
      tags TEXT NOT NULL,
      score INTEGER,
      answer_count INTEGER NOT NULL
    );
    CREATE TABLE duplicate_links (post INTEGER NOT NULL, target INTEGER NOT NULL, PRIMARY KEY (post, target));
  `);
}

/** The FTS5 baseline's tables: `docs_fts` (contentless, the searchable fields) and its vocabulary. */
export function createFts5Baseline(db: Database.Database): void {
  db.exec(`
    CREATE VIRTUAL TABLE docs_fts USING fts5(${FTS_FIELDS.join(', ')}, content='', tokenize="${FTS_TOKENIZER}");
    CREATE VIRTUAL TABLE docs_vocab USING fts5vocab(docs_fts, 'row');
  `);
}

/** Whether an index's SQLite holds the FTS5 baseline. */
export function hasFts5Baseline(db: Database.Database): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'docs_fts'").get() !== undefined;
}
