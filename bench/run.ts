/**
 * `npm run bench [-- --json] [-- --queries N]`: speed and memory of the so-python index, each figure
 * next to a baseline measured in the same run (BM25-only build, 1-thread encoding, exact search,
 * BM25 query latency). Ends with one JSON object under --json. No timing is asserted anywhere.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OnnxEncoder } from '../src/encoder/onnx-encoder.js';
import { openEngine, type RetrieverName } from '../src/engine.js';
import { buildIndex } from '../src/index/build-index.js';
import { DEFAULT_HNSW } from '../src/index/dense-index.js';
import { documentEmbeddingText } from '../src/index/document-text.js';
import { defaultCorpus, defaultModelDir, packageRoot } from '../src/paths.js';
import { adversarialText, measureExtractAdversarial } from './extract-adversarial.js';

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const maxQueries = Number(args[args.indexOf('--queries') + 1] ?? 0) || 600;
const say = (s: string) => process.stderr.write(`${s}\n`);
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const dirBytes = (dir: string) => readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0);

const corpus = defaultCorpus();
const work = mkdtempSync(join(tmpdir(), 'ss-bench-'));
const encoder = await OnnxEncoder.load(defaultModelDir(), { threads: 2 });

// 1. Build: BM25-only (baseline) vs BM25 + encode + HNSW.
say('building the BM25-only index (baseline)…');
let t0 = performance.now();
const lexical = await buildIndex({ corpus, out: join(work, 'bm25') });
const bm25BuildSeconds = (performance.now() - t0) / 1000;
say('building the full index (BM25 + encoder + HNSW)…');
t0 = performance.now();
const full = await buildIndex({ corpus, out: join(work, 'full'), encoder });
const buildSeconds = (performance.now() - t0) / 1000;
const denseSeconds = buildSeconds - bm25BuildSeconds;
const threads = full.counts.documents;

// 2. Encoding throughput, 1 vs 2 intra-op threads, on the same 4,000 documents.
const engine = openEngine({
  indexDir: join(work, 'full'),
  encoder: await OnnxEncoder.load(defaultModelDir(), { threads: 1 }),
});
const docs = (
  engine.index.db
    .prepare('SELECT title, body, best_answer AS bestAnswer FROM docs ORDER BY id LIMIT 4000')
    .all() as Array<{ title: string; body: string; bestAnswer: string }>
).map(documentEmbeddingText);
const encodeRate: Record<number, number> = {};
for (const n of [1, 2]) {
  const enc = await OnnxEncoder.load(defaultModelDir(), { threads: n });
  await enc.encode(docs.slice(0, 200), 'document');
  t0 = performance.now();
  for (let i = 0; i < docs.length; i += 256) await enc.encode(docs.slice(i, i + 256), 'document');
  encodeRate[n] = docs.length / ((performance.now() - t0) / 1000);
  await enc.release();
}

// 3. Query latency end to end (extract → query → encode → search → rank), one core, dev queries.
const load = (f: string) =>
  readFileSync(join(packageRoot(), '..', 'shared', 'data', 'so-python', f), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l).query as string);
const queries = [...load('dev-queries.jsonl'), ...load('dup-dev-queries.jsonl')]
  .filter((_, i) => i % 2 === 0)
  .slice(0, maxQueries);
const latency: Record<string, { p50: number; p99: number }> = {};
for (const name of ['bm25', 'dense', 'hybrid'] as RetrieverName[]) {
  for (const q of queries.slice(0, 20)) await engine.search(q, { retriever: name, top: 10, kind: 'comment' });
  const ms: number[] = [];
  for (const q of queries) {
    const s = performance.now();
    await engine.search(q, { retriever: name, top: 10, kind: 'comment' });
    ms.push(performance.now() - s);
  }
  latency[name] = { p50: round(pct(ms, 50)), p99: round(pct(ms, 99)) };
  say(`${name}: p50 ${latency[name]!.p50} ms, p99 ${latency[name]!.p99} ms over ${ms.length} queries`);
}

// 4. HNSW recall@10 against exact search (the baseline), and their latencies, for several efSearch.
const hnsw = engine.index.dense!;
const ids = hnsw.getIdsList();
const dim = encoder.dim;
const matrix = new Float32Array(ids.length * dim);
ids.forEach((id, r) => matrix.set(hnsw.getPoint(id), r * dim));
const qvecs = await encoder.encode(queries.slice(0, 300), 'query');
const exact: number[][] = [];
t0 = performance.now();
for (const q of qvecs) {
  const scores = new Float32Array(ids.length);
  for (let r = 0; r < ids.length; r++) {
    let s = 0;
    for (let c = 0; c < dim; c++) s += matrix[r * dim + c]! * q[c]!;
    scores[r] = s;
  }
  const top = Array.from(scores.keys())
    .sort((a, b) => scores[b]! - scores[a]!)
    .slice(0, 10);
  exact.push(top.map((r) => ids[r]!));
}
const exactMs = (performance.now() - t0) / qvecs.length;
const sweep: Array<{ efSearch: number; recallAt10: number; ms: number }> = [];
for (const ef of [...new Set([32, 64, 128, 256, 512, DEFAULT_HNSW.efSearch])].sort((a, b) => a - b)) {
  hnsw.setEf(ef);
  let hit = 0;
  t0 = performance.now();
  qvecs.forEach((q, i) => {
    const got = hnsw.searchKnn(Array.from(q), 10).neighbors;
    hit += got.filter((id) => exact[i]!.includes(id)).length;
  });
  sweep.push({
    efSearch: ef,
    recallAt10: round(hit / (qvecs.length * 10), 4),
    ms: round((performance.now() - t0) / qvecs.length, 3),
  });
}
hnsw.setEf(DEFAULT_HNSW.efSearch);
const chosen = sweep.find((s) => s.efSearch === DEFAULT_HNSW.efSearch)!;
engine.close();
// 5. Extraction on adversarial inputs: worst ms per MB (goal < 1000, linear time).
say('extraction on adversarial inputs…');
const adversarial = measureExtractAdversarial();
say(adversarialText(adversarial));
const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
const report = {
  threads,
  buildSeconds: round(buildSeconds),
  bm25BuildSeconds: round(bm25BuildSeconds),
  buildThreadsPerSec: Math.round(threads / denseSeconds),
  indexSizeMb: round(dirBytes(join(work, 'full')) / 1e6, 1),
  bm25IndexSizeMb: round(dirBytes(join(work, 'bm25')) / 1e6, 1),
  encodeDocsPerSec: Math.round(encodeRate[2]!),
  encodeDocsPerSec1Thread: Math.round(encodeRate[1]!),
  encodeSpeedup2v1: round(encodeRate[2]! / encodeRate[1]!),
  searchP50Ms: latency.bm25!.p50,
  searchP99Ms: latency.bm25!.p99,
  denseP50Ms: latency.dense!.p50,
  denseP99Ms: latency.dense!.p99,
  hybridP50Ms: latency.hybrid!.p50,
  hybridP99Ms: latency.hybrid!.p99,
  hybridVsBm25P50: round(latency.hybrid!.p50 / latency.bm25!.p50),
  hnsw: { ...DEFAULT_HNSW, sweep },
  hnswRecallAt10: chosen.recallAt10,
  hnswMs: chosen.ms,
  exactSearchMs: round(exactMs, 3),
  hnswSpeedupVsExact: round(exactMs / chosen.ms, 1),
  queries: queries.length,
  extractWorstMsPerMb: adversarial.worstMsPerMb,
  extractWorstCase: adversarial.worstCase,
  peakRssMb,
  manifest: { lexical: lexical.counts, encoder: full.encoder?.id },
};
rmSync(work, { recursive: true, force: true });
if (asJson) {
  console.log(JSON.stringify(report));
} else {
  console.log(`so-python index: ${threads} threads
build: ${report.buildSeconds} s total (BM25-only baseline ${report.bm25BuildSeconds} s); encode + HNSW ${report.buildThreadsPerSec} threads/s
size: ${report.indexSizeMb} MB (BM25-only ${report.bm25IndexSizeMb} MB)
encode: ${report.encodeDocsPerSec1Thread} docs/s on 1 thread, ${report.encodeDocsPerSec} on 2 (×${report.encodeSpeedup2v1})
query, end to end, one core (${report.queries} dev queries):
  bm25   p50 ${report.searchP50Ms} ms  p99 ${report.searchP99Ms} ms
  dense  p50 ${report.denseP50Ms} ms  p99 ${report.denseP99Ms} ms
  hybrid p50 ${report.hybridP50Ms} ms  p99 ${report.hybridP99Ms} ms  (×${report.hybridVsBm25P50} bm25)
HNSW (M=${DEFAULT_HNSW.M}, efConstruction=${DEFAULT_HNSW.efConstruction}): ${sweep.map((s) => `ef ${s.efSearch}: recall@10 ${s.recallAt10}, ${s.ms} ms`).join('; ')}
  chosen efSearch ${DEFAULT_HNSW.efSearch}: recall@10 ${report.hnswRecallAt10}, ${report.hnswMs} ms vs exact ${report.exactSearchMs} ms (×${report.hnswSpeedupVsExact})
peak RSS: ${peakRssMb} MB`);
}
