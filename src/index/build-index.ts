import Database from 'better-sqlite3';
import { existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { readJsonlCorpus } from '../corpus/jsonl-reader.js';
import { readDuplicateLinks, readStackExchangeDump } from '../corpus/stackexchange-dump.js';
import type { RawThread } from '../corpus/thread.js';
import { CorpusError } from '../corpus/thread.js';
import { toDocument } from '../corpus/to-document.js';
import type { DocumentEncoder } from '../encoder/types.js';
import { lexicalText } from '../text/lexical.js';
import type { Document } from '../types.js';
import { buildDenseIndex, DEFAULT_HNSW } from './dense-index.js';
import {
  HNSW_FILE, INDEX_FORMAT, INDEX_FORMAT_VERSION, MANIFEST_FILE, SQLITE_FILE, type EncoderInfo, type Manifest,
} from './manifest.js';
import { createSchema, FTS_FIELDS, FTS_TOKENIZER } from './schema.js';

export interface BuildProgress {
  stage: 'read' | 'encode' | 'hnsw' | 'finish';
  done: number;
  total: number | null;
  /** Fraction of the input read, 0..1, when known. */
  fraction: number | null;
}

export interface BuildOptions {
  corpus: string;
  out: string;
  /** Dense encoder; when given, document vectors and an HNSW index are built too. */
  encoder?: DocumentEncoder | null;
  /** StackExchange dump only: base URL of the site (default https://stackoverflow.com). */
  siteUrl?: string;
  /** StackExchange dump only: keep questions with one of these tags. */
  tags?: string[];
  /** Leave out rows of these corpus splits (so-python: e.g. nothing, or `test` for experiments). */
  excludeSplits?: string[];
  onProgress?: (p: BuildProgress) => void;
  /** Stop after this many documents (for tests and smoke runs). */
  limit?: number;
}

export type CorpusKind = Manifest['corpus']['kind'];

export function detectCorpusKind(path: string): CorpusKind {
  if (!existsSync(path)) {
    throw new CorpusError('no such file or directory', path, null);
  }
  if (statSync(path).isDirectory()) return 'stackexchange-dump';
  if (/\.jsonl(\.gz)?$/.test(path)) return 'jsonl';
  if (basename(path) === 'Posts.xml') {
    throw new CorpusError('pass the dump directory (the one holding Posts.xml), not the file', path, null);
  }
  throw new CorpusError('not a corpus: expected a .jsonl / .jsonl.gz file or a StackExchange dump directory', path, null);
}

/**
 * Builds an index directory from a corpus. Everything is written into `<out>.partial/` and moved into
 * place only when complete (manifest last), so an interrupted build never leaves an index that loads.
 * A StackExchange dump is staged in `<out>.staging/`, which survives interruption: the next run resumes.
 */
export async function buildIndex(opts: BuildOptions): Promise<Manifest> {
  const started = performance.now();
  const out = resolve(opts.out);
  const kind = detectCorpusKind(opts.corpus);
  const partial = `${out}.partial`;
  const staging = `${out}.staging`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });

  const db = new Database(join(partial, SQLITE_FILE));
  let manifest: Manifest;
  try {
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    createSchema(db);
    const threads = readThreads(kind, opts, staging);
    const counts = await insertDocuments(db, threads, opts);
    let duplicateLinks = 0;
    if (kind === 'stackexchange-dump') {
      const ins = db.prepare('INSERT OR IGNORE INTO duplicate_links VALUES (?, ?)');
      for (const [a, b] of readDuplicateLinks(staging)) duplicateLinks += ins.run(a, b).changes;
    }
    if (counts.documents === 0) throw new CorpusError('no questions found', opts.corpus, null);

    let encoderInfo: EncoderInfo | null = null;
    if (opts.encoder) {
      await buildDenseIndex(db, opts.encoder, join(partial, HNSW_FILE), DEFAULT_HNSW, (done, total, stage) =>
        opts.onProgress?.({ stage, done, total, fraction: total ? done / total : null }),
      );
      encoderInfo = { id: opts.encoder.id, dim: opts.encoder.dim, hnsw: { ...DEFAULT_HNSW, space: 'ip' } };
    }
    opts.onProgress?.({ stage: 'finish', done: counts.documents, total: counts.documents, fraction: 1 });
    db.exec(`INSERT INTO docs_fts(docs_fts) VALUES ('optimize')`);
    db.close();

    manifest = {
      format: INDEX_FORMAT,
      formatVersion: INDEX_FORMAT_VERSION,
      builtAt: new Date().toISOString(),
      builtBy: `snippet-search ${process.env.npm_package_version ?? ''}`.trim(),
      corpus: { kind, path: resolve(opts.corpus), bytes: corpusBytes(opts.corpus) },
      counts: { ...counts, duplicateLinks },
      text: { fields: [...FTS_FIELDS], tokenizer: FTS_TOKENIZER },
      encoder: encoderInfo,
      buildSeconds: Math.round((performance.now() - started) / 10) / 100,
    };
    writeFileSync(join(partial, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + '\n');
  } catch (err) {
    if (db.open) db.close();
    rmSync(partial, { recursive: true, force: true });
    throw err;
  }
  // Swap the finished index into place.
  const old = `${out}.old`;
  rmSync(old, { recursive: true, force: true });
  if (existsSync(out)) renameSync(out, old);
  renameSync(partial, out);
  rmSync(old, { recursive: true, force: true });
  rmSync(staging, { recursive: true, force: true });
  return manifest;
}

function readThreads(kind: CorpusKind, opts: BuildOptions, staging: string): AsyncIterable<RawThread> {
  if (kind === 'jsonl') {
    return readJsonlCorpus(opts.corpus, (p) =>
      opts.onProgress?.({ stage: 'read', done: 0, total: null, fraction: p.bytesRead / p.totalBytes }),
    );
  }
  return readStackExchangeDump(opts.corpus, {
    stagingDir: staging,
    siteUrl: opts.siteUrl,
    tags: opts.tags,
    onProgress: (p) => opts.onProgress?.({ stage: 'read', done: p.rows, total: null, fraction: p.bytesRead / p.totalBytes }),
  });
}

async function insertDocuments(
  db: Database.Database,
  threads: AsyncIterable<RawThread>,
  opts: BuildOptions,
): Promise<{ documents: number; withQuestion: number; withError: number }> {
  const insDoc = db.prepare(`INSERT OR REPLACE INTO docs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insFts = db.prepare(`INSERT INTO docs_fts(rowid, ${FTS_FIELDS.join(', ')}) VALUES (?, ?, ?, ?, ?)`);
  const seen = new Set<number>();
  const exclude = new Set(opts.excludeSplits ?? []);
  let documents = 0;
  let withQuestion = 0;
  let withError = 0;
  let batch: Document[] = [];
  const flush = db.transaction((docs: Document[]) => {
    for (const d of docs) {
      insDoc.run(d.id, d.url, d.title, d.body, d.code, d.error, d.keyword, d.bestAnswer, d.answerUrl, d.tags.join(' '), d.score, d.answerCount);
      insFts.run(d.id, lexicalText(d.title), lexicalText(d.body), lexicalText(d.bestAnswer), d.keyword ? lexicalText(d.keyword) : '');
    }
  });
  for await (const thread of threads) {
    if (thread.split && exclude.has(thread.split)) continue;
    // The same question twice in a corpus (a re-scraped page): keep the first.
    if (seen.has(thread.id)) continue;
    seen.add(thread.id);
    const doc = toDocument(thread);
    batch.push(doc);
    documents++;
    if (doc.body) withQuestion++;
    if (doc.keyword) withError++;
    if (batch.length >= 1000) {
      flush(batch);
      batch = [];
      opts.onProgress?.({ stage: 'read', done: documents, total: null, fraction: null });
    }
    if (opts.limit && documents >= opts.limit) break;
  }
  flush(batch);
  return { documents, withQuestion, withError };
}

function corpusBytes(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.size;
  const posts = join(path, 'Posts.xml');
  return existsSync(posts) ? statSync(posts).size : 0;
}

