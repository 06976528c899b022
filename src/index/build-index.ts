import Database from 'better-sqlite3';
import {
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { readJsonlCorpus } from '../corpus/jsonl-reader.js';
import { readDuplicateLinks, readStackExchangeDump } from '../corpus/stackexchange-dump.js';
import type { RawThread } from '../corpus/thread.js';
import { CorpusError } from '../corpus/thread.js';
import { toDocument } from '../corpus/to-document.js';
import type { DocumentEncoder } from '../encoder/types.js';
import { lexicalTokens } from '../text/lexical.js';
import type { Document } from '../types.js';
import { DenseBuilder } from './dense-builder.js';
import { DEFAULT_HNSW } from './dense-index.js';
import { documentEmbeddingText } from './document-text.js';
import {
  HNSW_FILE, INDEX_FORMAT, INDEX_FORMAT_VERSION, IndexError, MANIFEST_FILE, SQLITE_FILE, type EncoderInfo, type Manifest,
} from './manifest.js';
import { VECTORS_FILE } from './dense-vectors.js';
import { PostingsBuilder } from './postings-builder.js';
import { POSTINGS_FILE } from './postings-file.js';
import { addFts5Baseline } from './fts5-baseline.js';
import { createSchema, FTS_FIELDS, FTS_TOKENIZER } from './schema.js';
import { tagCoverage } from './tag-coverage.js';

export interface BuildProgress {
  /** `index`: reading, storing and encoding (one pipeline); `finish`: writing the postings and the graph. */
  stage: 'index' | 'finish';
  /** Threads read and stored. */
  done: number;
  /** Threads in the dense index so far (null: BM25 only). */
  encoded: number | null;
  /** Fraction of the input read, 0..1, when known. */
  fraction: number | null;
  /** Threads through the whole pipeline per second since the build started. */
  threadsPerSec: number;
  /** Seconds left, estimated from the input read so far (null until it can be). */
  etaSeconds: number | null;
}

export interface BuildOptions {
  corpus: string;
  out: string;
  /** Dense encoder; when given, document vectors and an HNSW index are built too. */
  encoder?: DocumentEncoder | null;
  /** StackExchange dump only: base URL of the site (default: from the dump directory's name, see `inferSiteUrl`). */
  siteUrl?: string;
  /** StackExchange dump only: keep questions with one of these tags. */
  tags?: string[];
  /**
   * Tags for threads that come without any (a corpus known to be of one language, like so-python, whose
   * rows carry no tags): stored with the thread, so language-aware ranking and coverage see them.
   */
  defaultTags?: string[];
  /** Leave out rows of these corpus splits (so-python: e.g. nothing, or `test` for experiments). */
  excludeSplits?: string[];
  onProgress?: (p: BuildProgress) => void;
  /** Stop after this many documents (for tests and smoke runs). */
  limit?: number;
  /** Memory for postings before they spill to run files in `<out>.partial/` (default 256 MiB). */
  postingsMemoryBytes?: number;
  /** Also add SQLite FTS5's table, the benchmark's lexical baseline (see `addFts5Baseline`); default off. */
  fts5Baseline?: boolean;
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

/** The files an index build writes into `--out`; nothing else there is ever touched. */
export const INDEX_FILES = [MANIFEST_FILE, SQLITE_FILE, POSTINGS_FILE, HNSW_FILE, VECTORS_FILE] as const;
/** The dense stage's scratch file in `<out>.partial/` (vectors in arrival order). */
const ROWS_FILE = 'dense.rows';
/** Files a directory may hold besides an index's own and still be written to (the tracked `index/README.md`). */
const HARMLESS_FILES = new Set(['README.md', '.gitignore', '.gitkeep']);
/** Marks a `.partial` or `.staging` directory as made by a build, so a later build may remove it. */
const OWNER_MARK = '.snippet-search-build';

/** The paths a build to `out` uses beside it. */
export function buildPaths(outDir: string): { out: string; partial: string; staging: string; lock: string } {
  const out = resolve(outDir);
  return { out, partial: `${out}.partial`, staging: `${out}.staging`, lock: `${out}.lock` };
}

/**
 * Builds an index directory from a corpus. Everything is written into `<out>.partial/` and moved into
 * place only when complete (manifest last), so an interrupted build never leaves an index that loads.
 * Only the index's own files in `<out>` are replaced: a directory holding anything else (other than a
 * README) is refused, and so is a file. `<out>.lock` keeps two builds from writing one index.
 * A StackExchange dump is staged in `<out>.staging/`, keyed to the dump it reads, which survives
 * interruption: the next run from the same dump resumes.
 */
export async function buildIndex(options: BuildOptions): Promise<Manifest> {
  const started = performance.now();
  const { out, partial, staging, lock } = buildPaths(options.out);
  const kind = detectCorpusKind(options.corpus);
  const opts =
    kind === 'stackexchange-dump' ? { ...options, siteUrl: options.siteUrl ?? inferSiteUrl(options.corpus) } : options;
  checkOutDir(out);
  const release = takeLock(lock, out);
  try {
    return await buildLocked(opts, kind, { out, partial, staging }, started);
  } finally {
    release();
  }
}

async function buildLocked(
  opts: BuildOptions,
  kind: CorpusKind,
  { out, partial, staging }: { out: string; partial: string; staging: string },
  started: number,
): Promise<Manifest> {
  checkOutDir(out); // again under the lock: another build may have written it meanwhile
  removeOwnDir(partial);
  mkdirSync(partial, { recursive: true });
  writeFileSync(join(partial, OWNER_MARK), '');
  if (kind === 'stackexchange-dump') prepareStaging(staging, opts.corpus);

  const db = new Database(join(partial, SQLITE_FILE));
  const postings = new PostingsBuilder({ spillDir: partial, memoryBudgetBytes: opts.postingsMemoryBytes });
  const progress = progressReporter(opts, started);
  let dense: DenseBuilder | null = null;
  let manifest: Manifest;
  try {
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    createSchema(db);
    if (opts.encoder) {
      dense = await DenseBuilder.start({
        encoder: opts.encoder,
        params: DEFAULT_HNSW,
        hnswFile: join(partial, HNSW_FILE),
        vectorsFile: join(partial, VECTORS_FILE),
        rowsFile: join(partial, ROWS_FILE),
        onAdded: (n) => progress.encoded(n),
      });
    }
    const threads = readThreads(kind, opts, staging, progress);
    const counts = await insertDocuments(db, threads, opts, postings, dense, progress);
    let duplicateLinks = 0;
    if (kind === 'stackexchange-dump') {
      const ins = db.prepare('INSERT OR IGNORE INTO duplicate_links VALUES (?, ?)');
      for (const [a, b] of readDuplicateLinks(staging)) duplicateLinks += ins.run(a, b).changes;
    }
    if (counts.documents === 0) {
      const filter = opts.tags?.length ? ` with the tags ${opts.tags.join(', ')} (--tags)` : '';
      throw new CorpusError(`no questions found${filter}`, opts.corpus, null);
    }

    // The graph is written by its worker while this thread writes the postings.
    const denseDone = dense?.finish();
    denseDone?.catch(() => {}); // awaited below; a failure meanwhile must not go unhandled
    progress.finish(counts.documents);
    postings.write(join(partial, POSTINGS_FILE));
    const tags = tagCoverage(db);
    db.close();
    let encoderInfo: EncoderInfo | null = null;
    if (opts.encoder && denseDone) {
      const inGraph = await denseDone;
      if (inGraph !== counts.documents) throw new IndexError(`the dense index holds ${inGraph} threads of ${counts.documents}`);
      encoderInfo = { id: opts.encoder.id, dim: opts.encoder.dim, hnsw: { ...DEFAULT_HNSW, space: 'ip' } };
    }

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
      tags,
    };
    writeFileSync(join(partial, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + '\n');
    if (opts.fts5Baseline) addFts5Baseline(partial);
  } catch (err) {
    postings.discard();
    await dense?.close();
    if (db.open) db.close();
    removeOwnDir(partial);
    throw err;
  }
  swapIn(partial, out);
  removeOwnDir(staging);
  return manifest;
}

/**
 * After an interrupt (SIGINT) of this process's build to `out`: removes its `.partial` directory and
 * its lock, synchronously. The dump staging is kept so the next build resumes. Says what it did.
 */
export function abandonBuild(outDir: string): { partialRemoved: string | null; stagingKept: string | null } {
  const { partial, staging, lock } = buildPaths(outDir);
  let partialRemoved: string | null = null;
  if (existsSync(join(partial, OWNER_MARK))) {
    rmSync(partial, { recursive: true, force: true });
    partialRemoved = partial;
  }
  try {
    if (readFileSync(lock, 'utf8').trim() === String(process.pid)) unlinkSync(lock);
  } catch {
    // no lock of ours
  }
  return { partialRemoved, stagingKept: existsSync(staging) ? staging : null };
}

/**
 * `out` may be missing, an empty directory, or a directory holding an index (and a README): anything
 * else is someone's data, and a build refuses to write there rather than delete it.
 */
function checkOutDir(out: string): void {
  if (!existsSync(out)) return;
  if (!statSync(out).isDirectory()) {
    throw new IndexError(`${out} is a file, not an index directory: refusing to replace it (pick another --out)`);
  }
  const foreign = readdirSync(out).filter(
    (f) => !(INDEX_FILES as readonly string[]).includes(f) && !HARMLESS_FILES.has(f),
  );
  if (foreign.length > 0) {
    const shown = foreign.slice(0, 3).join(', ') + (foreign.length > 3 ? `, … (${foreign.length} in all)` : '');
    throw new IndexError(
      `${out} is not empty and is not a snippet-search index (it holds ${shown}): refusing to build there, ` +
        'nothing was changed (pick a new or empty directory for --out)',
    );
  }
}

/** Moves the finished index files into `out`, manifest last (so a half-swapped index never loads). */
function swapIn(partial: string, out: string): void {
  mkdirSync(out, { recursive: true });
  rmSync(join(out, MANIFEST_FILE), { force: true });
  for (const f of INDEX_FILES) {
    if (f === MANIFEST_FILE) continue;
    if (existsSync(join(partial, f))) renameSync(join(partial, f), join(out, f));
    else rmSync(join(out, f), { force: true }); // e.g. dense.hnsw of a previous dense build, now BM25 only
  }
  renameSync(join(partial, MANIFEST_FILE), join(out, MANIFEST_FILE));
  removeOwnDir(partial);
}

/** Removes a `.partial`/`.staging` directory only when a build made it (it carries the mark). */
function removeOwnDir(dir: string): void {
  if (!existsSync(dir)) return;
  const ours = (f: string) =>
    f === OWNER_MARK ||
    f === 'staging.sqlite' ||
    f === ROWS_FILE ||
    /^postings-run-\d+\.tmp$/.test(f) ||
    (INDEX_FILES as readonly string[]).includes(f);
  if (!existsSync(join(dir, OWNER_MARK)) && !readdirSync(dir).every(ours)) {
    throw new IndexError(`${dir} exists and was not made by snippet-search: refusing to remove it (move it away)`);
  }
  rmSync(dir, { recursive: true, force: true });
}

/** Staging is keyed to the dump it reads: staging from another dump (or another copy of it) is discarded. */
function prepareStaging(staging: string, corpus: string): void {
  const key = JSON.stringify({ corpus: resolve(corpus), posts: fileKey(join(corpus, 'Posts.xml')) });
  const keyFile = join(staging, OWNER_MARK);
  if (existsSync(staging) && (!existsSync(keyFile) || readFileSync(keyFile, 'utf8') !== key)) removeOwnDir(staging);
  mkdirSync(staging, { recursive: true });
  writeFileSync(keyFile, key);
}

function fileKey(path: string): string {
  if (!existsSync(path)) return 'missing';
  const st = statSync(path);
  return `${st.size}:${st.mtimeMs}`;
}

/**
 * Takes `<out>.lock` (it holds the builder's pid): a second build to the same `out` fails at once with
 * a clear message. A lock left by a process that no longer runs is taken over.
 */
function takeLock(lock: string, out: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // The lock appears with its pid in it (written aside, then hard-linked into place, which fails if
      // the lock exists): created empty and written after, a second build could read it empty between
      // the two, take it for stale, and remove it.
      const aside = `${lock}.${process.pid}`;
      writeFileSync(aside, `${process.pid}\n`);
      try {
        linkSync(aside, lock);
      } finally {
        rmSync(aside, { force: true });
      }
      return () => {
        try {
          if (readFileSync(lock, 'utf8').trim() === String(process.pid)) unlinkSync(lock);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(lock, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && processAlive(pid)) {
        throw new IndexError(
          `another index build (pid ${pid}) is writing ${out}: wait for it to finish, or build to another --out`,
        );
      }
      rmSync(lock, { force: true }); // stale: its builder is gone
    }
  }
  throw new IndexError(`cannot take the build lock ${lock}`);
}

function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readThreads(kind: CorpusKind, opts: BuildOptions, staging: string, progress: ProgressReporter): AsyncIterable<RawThread> {
  if (kind === 'jsonl') {
    return readJsonlCorpus(opts.corpus, (p) => progress.read(p.bytesRead / p.totalBytes));
  }
  return readStackExchangeDump(opts.corpus, {
    stagingDir: staging,
    siteUrl: opts.siteUrl,
    tags: opts.tags,
    onProgress: (p) => progress.read(p.bytesRead / p.totalBytes),
  });
}

interface ProgressReporter {
  read(fraction: number): void;
  stored(n: number): void;
  encoded(n: number): void;
  finish(n: number): void;
}

/**
 * Turns the pipeline's counters into `BuildProgress`: throughput counts threads through every stage
 * (stored, and encoded when dense); the ETA scales the time so far by the input still to read, plus
 * what the dense stage has left to catch up at its own rate.
 */
function progressReporter(opts: BuildOptions, started: number): ProgressReporter {
  let fraction: number | null = null;
  let stored = 0;
  let encoded: number | null = opts.encoder ? 0 : null;
  let stage: BuildProgress['stage'] = 'index';
  const emit = () => {
    if (!opts.onProgress) return;
    const secs = Math.max(1e-3, (performance.now() - started) / 1000);
    const through = encoded ?? stored;
    const threadsPerSec = through / secs;
    let etaSeconds: number | null = null;
    if (fraction !== null && fraction > 0.01 && through > 0) {
      const expected = stored / Math.min(1, fraction);
      etaSeconds = Math.max(0, (expected - through) / threadsPerSec);
    }
    opts.onProgress({ stage, done: stored, encoded, fraction, threadsPerSec, etaSeconds });
  };
  return {
    read(f) {
      fraction = f;
    },
    stored(n) {
      stored = n;
      // With --limit, the limit is the end, not the input's end.
      if (opts.limit) fraction = Math.max(fraction ?? 0, Math.min(1, n / opts.limit));
      emit();
    },
    encoded(n) {
      encoded = n;
      emit();
    },
    finish(n) {
      stored = n;
      fraction = 1;
      stage = 'finish';
      emit();
    },
  };
}

async function insertDocuments(
  db: Database.Database,
  threads: AsyncIterable<RawThread>,
  opts: BuildOptions,
  postings: PostingsBuilder,
  dense: DenseBuilder | null,
  progress: ProgressReporter,
): Promise<{ documents: number; withQuestion: number; withError: number }> {
  const insDoc = db.prepare(`INSERT OR REPLACE INTO docs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const seen = new Set<number>();
  const exclude = new Set(opts.excludeSplits ?? []);
  let documents = 0;
  let withQuestion = 0;
  let withError = 0;
  let batch: Document[] = [];
  const store = db.transaction((docs: Document[]) => {
    for (const d of docs) {
      insDoc.run(d.id, d.url, d.title, d.body, d.code, d.error, d.keyword, d.bestAnswer, d.answerUrl, d.tags.join(' '), d.score, d.answerCount);
      postings.addTokens(d.id, [lexicalTokens(d.title), lexicalTokens(d.body), lexicalTokens(d.bestAnswer), d.keyword ? lexicalTokens(d.keyword) : []]);
    }
  });
  const flush = async () => {
    if (batch.length === 0) return;
    const docs = batch;
    batch = [];
    // Encoding starts before storing, so the workers run while this thread writes SQLite and postings.
    const queued = dense?.add(
      docs.map((d) => d.id),
      docs.map(documentEmbeddingText),
    );
    store(docs);
    progress.stored(documents);
    await queued;
  };
  for await (const thread of threads) {
    if (thread.split && exclude.has(thread.split)) continue;
    // The same question twice in a corpus (a re-scraped page): keep the first.
    if (seen.has(thread.id)) continue;
    seen.add(thread.id);
    const doc = toDocument(thread);
    if (doc.tags.length === 0 && opts.defaultTags?.length) doc.tags = [...opts.defaultTags];
    batch.push(doc);
    documents++;
    if (doc.body) withQuestion++;
    if (doc.keyword) withError++;
    if (batch.length >= BATCH) await flush();
    if (opts.limit && documents >= opts.limit) break;
  }
  await flush();
  return { documents, withQuestion, withError };
}

/** Threads per transaction and per encoder batch. */
const BATCH = 1000;

const SITE_DOMAIN = /^(?:[a-z\d-]+\.){0,2}(?:stackexchange\.com|stackoverflow\.com|superuser\.com|serverfault\.com|askubuntu\.com|mathoverflow\.net|stackapps\.com)$/;

/**
 * The site a dump comes from, from its directory's name as the official dump names its archives
 * (`stackoverflow.com`, `superuser.com`, `unix.stackexchange.com`; `stackoverflow` too). Posts.xml does
 * not say, and guessing stackoverflow.com would link another site's posts to the wrong questions.
 */
export function inferSiteUrl(dumpDir: string): string {
  const name = basename(resolve(dumpDir)).toLowerCase().replace(/-posts$/, '');
  if (name === 'stackoverflow') return 'https://stackoverflow.com';
  if (SITE_DOMAIN.test(name)) return `https://${name}`;
  throw new CorpusError(
    'cannot tell which StackExchange site this dump is from (its directory is not named after the site, ' +
      'like stackoverflow.com or unix.stackexchange.com): pass --site-url, e.g. --site-url https://stackoverflow.com',
    dumpDir,
    null,
  );
}

function corpusBytes(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.size;
  const posts = join(path, 'Posts.xml');
  return existsSync(posts) ? statSync(posts).size : 0;
}

