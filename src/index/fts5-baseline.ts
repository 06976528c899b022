import Database from 'better-sqlite3';
import { join } from 'node:path';
import { lexicalText } from '../text/lexical.js';
import { IndexError, readManifest, SQLITE_FILE } from './manifest.js';
import { createFts5Baseline, FTS_FIELDS, hasFts5Baseline } from './schema.js';

/** Rows read and inserted per step (a transaction each). */
const PAGE = 2000;

/**
 * Adds SQLite FTS5's table (`docs_fts`) to a built index: the lexical baseline `npm run bench` measures
 * the postings against (`bm25()` scores every matching row). The product never reads it, so `index
 * build` leaves it out (it was 15% of the so-python index and 3.5 s of its build's CPU) unless asked
 * (`--fts5-baseline`). The same texts as the postings: each field's `lexicalText`. Idempotent: an index
 * that has it is left alone. Returns the threads indexed (0 when it was there already).
 */
export function addFts5Baseline(indexDir: string, onProgress?: (done: number) => void): number {
  readManifest(indexDir); // refuses a directory that is not an index, saying what to run
  const db = new Database(join(indexDir, SQLITE_FILE));
  try {
    if (hasFts5Baseline(db)) return 0;
    const page = db.prepare(
      'SELECT id, title, body, best_answer AS answer, keyword FROM docs WHERE id > ? ORDER BY id LIMIT ?',
    );
    type Row = { id: number; title: string; body: string; answer: string; keyword: string | null };
    let done = 0;
    db.transaction(() => {
      createFts5Baseline(db);
      const ins = db.prepare(`INSERT INTO docs_fts(rowid, ${FTS_FIELDS.join(', ')}) VALUES (?, ?, ?, ?, ?)`);
      for (let after = -1; ; ) {
        const rows = page.all(after, PAGE) as Row[];
        if (rows.length === 0) break;
        for (const r of rows) {
          ins.run(r.id, lexicalText(r.title), lexicalText(r.body), lexicalText(r.answer), r.keyword ? lexicalText(r.keyword) : '');
        }
        done += rows.length;
        after = rows[rows.length - 1]!.id;
        onProgress?.(done);
      }
      db.exec(`INSERT INTO docs_fts(docs_fts) VALUES ('optimize')`);
    })();
    return done;
  } catch (err) {
    if (err instanceof IndexError) throw err;
    throw new IndexError(`could not add the FTS5 baseline to ${indexDir}: ${(err as Error).message}`);
  } finally {
    db.close();
  }
}
