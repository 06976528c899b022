/**
 * `npm run bench -- --scale 44k,250k,1m [--json] [--scale-dir DIR] [--keep] [--queries N] [--target 10m]`:
 * for each size, a synthetic corpus (real threads first, then deterministic recombinations of them:
 * synthetic-corpus.ts) is built into an index and served, each in a child process of its own so that
 * its peak RSS is its own:
 * - build: seconds, threads/s, peak RSS (every thread of the build: reader, encoder, HNSW);
 * - index size on disk;
 * - serving: p50/p99 per retriever on one core (T1/T2 dev queries, as `npm run bench`), the FTS5
 *   `bm25()` baseline on fewer queries (it is slow at scale; its table is added after the build), peak RSS after the queries, and HNSW
 *   recall@10 at the index's efSearch against exact search (one pass over dense.vectors).
 * Then the growth between the two largest sizes, extended to the whole dump (extrapolate.ts).
 * Corpora and indexes go to --scale-dir (default the temp dir) and are removed after each size unless
 * --keep. The normal bench sections are skipped. No timing is asserted anywhere.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OnnxEncoder } from '../src/encoder/onnx-encoder.js';
import { openEngine } from '../src/engine.js';
import { buildIndex } from '../src/index/build-index.js';
import { addFts5Baseline } from '../src/index/fts5-baseline.js';
import { DEFAULT_HNSW, scaledEfSearch } from '../src/index/dense-index.js';
import { buildQuery } from '../src/query/build-query.js';
import { defaultCorpus, defaultModelDir } from '../src/paths.js';
import { extrapolate, type ScaleRow } from './extrapolate.js';
import { benchQueries, exactTopK, measureLatency, recallAt10, round } from './measure.js';
import { readRealRows, writeSyntheticCorpus } from './synthetic-corpus.js';

const say = (s: string) => process.stderr.write(`${s}\n`);

/** "44k" → 44,000; "1m" → 1,000,000; "2000" → 2,000. */
export function parseSize(s: string): number {
  const m = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(s.trim());
  if (!m) throw new Error(`not a corpus size: "${s}" (write 44k, 250k, 1m or a number)`);
  const n = Number(m[1]) * (m[2]!.toLowerCase() === 'k' ? 1e3 : m[2]!.toLowerCase() === 'm' ? 1e6 : 1);
  if (!Number.isInteger(n) || n < 100)
    throw new Error(`corpus size ${s} must be a whole number of at least 100 threads`);
  return n;
}

const flag = (args: string[], name: string): string | undefined =>
  args.includes(name) ? args[args.indexOf(name) + 1] : undefined;

export async function runScale(args: string[]): Promise<void> {
  const sizes = (flag(args, '--scale') ?? '44k,250k,1m').split(',').map(parseSize);
  const root = flag(args, '--scale-dir') ?? tmpdir();
  mkdirSync(root, { recursive: true });
  const work = mkdtempSync(join(root, 'ss-scale-'));
  const keep = args.includes('--keep');
  const queries = Number(flag(args, '--queries') ?? 200);
  const target = parseSize(flag(args, '--target') ?? '10m');
  say(`scale benchmark: ${sizes.join(', ')} threads, in ${work}`);
  const real = await readRealRows(defaultCorpus());
  const rows: ScaleRow[] = [];
  for (const size of sizes) {
    const dir = join(work, String(size));
    mkdirSync(dir, { recursive: true });
    const corpus = join(dir, 'corpus.jsonl');
    say(`[${size}] writing the corpus…`);
    await writeSyntheticCorpus(real, corpus, size, 42);
    say(`[${size}] building the index (child process)…`);
    const built = await buildInChild(corpus, join(dir, 'index'));
    const indexMb = dirMb(join(dir, 'index'));
    say(`[${size}] built in ${built.buildSeconds} s, ${indexMb} MB; serving ${queries} queries (child process)…`);
    const served = await child<
      Omit<ScaleRow, 'threads' | 'buildSeconds' | 'buildThreadsPerSec' | 'buildPeakRssMb' | 'indexMb'>
    >(['--child-serve', join(dir, 'index'), String(queries), String(size > 100_000 ? 30 : 100)]);
    const row: ScaleRow = {
      threads: built.threads,
      buildSeconds: built.buildSeconds,
      buildThreadsPerSec: round(built.threads / built.buildSeconds, 0),
      buildPeakRssMb: built.maxRssMb,
      indexMb,
      ...served,
    };
    rows.push(row);
    say(`[${size}] ${JSON.stringify(row)}`);
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
  if (!keep) rmSync(work, { recursive: true, force: true });
  const extrapolation = rows.length >= 2 ? extrapolate(rows, target) : null;
  if (args.includes('--json')) {
    process.stdout.write(JSON.stringify({ scale: rows, extrapolation }, null, 2) + '\n');
    return;
  }
  const cols = Object.keys(rows[0]!) as Array<keyof ScaleRow>;
  process.stdout.write(`| ${cols.join(' | ')} |\n|${cols.map(() => '---').join('|')}|\n`);
  for (const r of rows) process.stdout.write(`| ${cols.map((c) => r[c]).join(' | ')} |\n`);
  if (extrapolation) process.stdout.write(`\n${JSON.stringify(extrapolation, null, 2)}\n`);
}

function dirMb(dir: string): number {
  return round(readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0) / 2 ** 20, 1);
}

/** Builds an index in a child process: its seconds, threads and peak RSS (every thread of the build). */
export function buildInChild(
  corpus: string,
  out: string,
  opts: { dense?: boolean } = {},
): Promise<{ buildSeconds: number; threads: number; maxRssMb: number }> {
  return child(['--child-build', corpus, out, opts.dense === false ? 'bm25' : 'dense']);
}

/** Runs this file in a child process in one of its modes; its last stdout line is the JSON result. */
function child<T>(args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [fileURLToPath(import.meta.url), ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.on('error', reject);
    p.on('close', (code) => {
      if (code !== 0) return reject(new Error(`scale child ${args[0]} exited with ${code}`));
      resolve(JSON.parse(out.trim().split('\n').at(-1)!) as T);
    });
  });
}

const maxRssMb = () => round(process.resourceUsage().maxRSS / 1024, 0);

async function childBuild(corpus: string, out: string, dense: boolean): Promise<void> {
  const encoder = dense ? await OnnxEncoder.load(defaultModelDir(), { threads: 1 }) : null;
  let last = 0;
  const started = performance.now();
  const manifest = await buildIndex({
    corpus,
    out,
    encoder,
    onProgress: (p) => {
      const now = performance.now();
      if (now - last < 15_000) return;
      last = now;
      say(
        `  ${p.stage} ${p.done} threads (${p.encoded ?? '-'} encoded), ${Math.round(p.threadsPerSec)}/s` +
          `${p.etaSeconds !== null ? `, ETA ${Math.round(p.etaSeconds)} s` : ''}, RSS ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB`,
      );
    },
  });
  const buildSeconds = round((performance.now() - started) / 1000, 1);
  process.stdout.write(
    JSON.stringify({ buildSeconds, threads: manifest.counts.documents, maxRssMb: maxRssMb() }) + '\n',
  );
}

async function childServe(indexDir: string, nQueries: number, nFts5: number): Promise<void> {
  const encoder = await OnnxEncoder.load(defaultModelDir(), { threads: 1 });
  const engine = openEngine({ indexDir, encoder });
  const queries = benchQueries(nQueries);
  const bm25 = await measureLatency(engine, 'bm25', queries);
  const dense = await measureLatency(engine, 'dense', queries);
  const hybrid = await measureLatency(engine, 'hybrid', queries);
  // The peak so far: the index open and queried, before the exact search reads every vector.
  const serveRssMb = maxRssMb();
  // The baseline's FTS5 table, which the product's index leaves out (after the size and RSS were taken).
  addFts5Baseline(indexDir);
  const fts = openEngine({ indexDir, encoder, lexicalScorer: 'fts5' });
  const fts5 = await measureLatency(fts, 'bm25', queries.slice(0, nFts5), 3);
  fts.close();
  say(`  bm25 ${bm25.p50} ms, dense ${dense.p50} ms, hybrid ${hybrid.p50}/${hybrid.p99} ms, fts5 ${fts5.p50} ms`);
  // HNSW recall@10 at the index's efSearch (as the dense retriever searches it) against exact search, on 100 queries as the product encodes them.
  const texts = queries.slice(0, 100).map((q) => buildQuery(q, 'comment').query.text);
  const qvecs = await encoder.encode(texts, 'query');
  const exact = exactTopK(engine.index.vectors!, qvecs).top;
  engine.index.dense!.setEf(scaledEfSearch(DEFAULT_HNSW.efSearch, engine.index.documentCount));
  const got = qvecs.map((q) => engine.index.dense!.searchKnn(Array.from(q), 10).neighbors);
  const result = {
    serveRssMb,
    bm25P50Ms: bm25.p50,
    fts5P50Ms: fts5.p50,
    denseP50Ms: dense.p50,
    hybridP50Ms: hybrid.p50,
    hybridP99Ms: hybrid.p99,
    hnswRecallAt10: recallAt10(got, exact),
  };
  engine.close();
  process.stdout.write(JSON.stringify(result) + '\n');
}

if (process.argv[1] && existsSync(process.argv[1]) && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [mode, ...rest] = process.argv.slice(2);
  if (mode === '--child-build') await childBuild(rest[0]!, rest[1]!, rest[2] !== 'bm25');
  else if (mode === '--child-serve') await childServe(rest[0]!, Number(rest[1]), Number(rest[2]));
  else {
    await runScale(process.argv.slice(2));
  }
}
