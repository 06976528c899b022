/**
 * `npm run bench [-- --json] [-- --queries N] [-- --index DIR]`: speed and memory of the so-python
 * index, each figure next to a baseline measured in the same run (BM25-only build, 1-thread encoding,
 * exact search, FTS5 `bm25()` for the lexical legs). Ends with one JSON object under --json. With
 * `--index DIR` the builds are skipped (their fields are null) and the queries run on that index. The
 * FTS5 baseline's table, which `index build` leaves out, is added to the index after the build (and
 * its size) were measured; to a `--index DIR` that lacks it too.
 * Queries run on one core: one intra-op thread for the encoder; the scorers and HNSW are single-threaded.
 * Builds run in child processes, so their peak RSS is their own. `--scale 44k,250k,1m`: synthetic
 * corpora of those sizes instead (scale.ts). No timing is asserted anywhere.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OnnxEncoder } from '../src/encoder/onnx-encoder.js';
import { openEngine, type RetrieverName } from '../src/engine.js';
import { DEFAULT_HNSW, openDenseIndex } from '../src/index/dense-index.js';
import { hnswlibChoice, portableHnswlib } from '../src/index/hnswlib.js';
import { HNSW_FILE } from '../src/index/manifest.js';
import { documentEmbeddingText } from '../src/index/document-text.js';
import { addFts5Baseline } from '../src/index/fts5-baseline.js';
import { POSTINGS_FILE } from '../src/index/postings-file.js';
import { defaultCorpus, defaultModelDir } from '../src/paths.js';
import { buildQuery } from '../src/query/build-query.js';
import { createBm25Retriever, ERROR_LINE_BM25 } from '../src/retrieve/bm25.js';
import { answerConfidence } from '../src/retrieve/confidence.js';
import { DEFAULT_HYBRID } from '../src/retrieve/hybrid.js';
import { createThreadCache } from '../src/retrieve/thread-cache.js';
import { whyMatched } from '../src/retrieve/why-matched.js';
import { adversarialText, measureExtractAdversarial } from './extract-adversarial.js';
import { benchQueries, exactTopK, measureLatency, pct, round } from './measure.js';
import { buildInChild, runScale } from './scale.js';

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const maxQueries = Number(args[args.indexOf('--queries') + 1] ?? 0) || 600;
const givenIndex = args.includes('--index') ? args[args.indexOf('--index') + 1] : undefined;
const say = (s: string) => process.stderr.write(`${s}\n`);
const dirBytes = (dir: string) => readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0);

if (args.includes('--scale')) {
  // `--scale 44k,250k,1m`: synthetic corpora of those sizes, each built and served (see scale.ts).
  await runScale(args);
  process.exit(0);
}

const corpus = defaultCorpus();
const work = mkdtempSync(join(tmpdir(), 'ss-bench-'));
const encoder = await OnnxEncoder.load(defaultModelDir(), { threads: 2 });

// 1. Build: BM25-only (baseline) vs BM25 + encode + HNSW, each in a child process (its peak RSS is its own).
let built: {
  bm25BuildSeconds: number;
  buildSeconds: number;
  buildPeakRssMb: number;
  bm25BuildPeakRssMb: number;
  threads: number;
} | null = null;
if (!givenIndex) {
  say('building the BM25-only index (baseline, child process)…');
  const lexical = await buildInChild(corpus, join(work, 'bm25'), { dense: false });
  say('building the full index (BM25 + encoder + HNSW, child process)…');
  const full = await buildInChild(corpus, join(work, 'full'));
  built = {
    bm25BuildSeconds: lexical.buildSeconds,
    buildSeconds: full.buildSeconds,
    buildPeakRssMb: full.maxRssMb,
    bm25BuildPeakRssMb: lexical.maxRssMb,
    threads: full.threads,
  };
}
let t0: number;
const indexDir = givenIndex ?? join(work, 'full');
// The product's index, measured before the baseline's FTS5 table is added to it.
const indexSizeMb = round(dirBytes(indexDir) / 1e6, 1);
// The FTS5 baseline: its table, which `index build` leaves out (the product does not read it).
t0 = performance.now();
const ftsAdded = addFts5Baseline(indexDir);
if (ftsAdded)
  say(
    `added the FTS5 baseline table to ${indexDir} (${ftsAdded} threads, ${round((performance.now() - t0) / 1000, 1)} s)`,
  );

// 2. Encoding throughput, 1 vs 2 intra-op threads, on the same 4,000 documents.
const queryEncoder = await OnnxEncoder.load(defaultModelDir(), { threads: 1 });
const engine = openEngine({ indexDir, encoder: queryEncoder });
// The baseline: the same index and retrievers, the lexical legs scored by FTS5's bm25() over every matching row.
const ftsEngine = openEngine({ indexDir, encoder: queryEncoder, lexicalScorer: 'fts5' });
const threads = engine.index.documentCount;
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
const queries = benchQueries(maxQueries);
const latency: Record<string, { p50: number; p99: number }> = {};
/**
 * The same queries' CPU time (this process, all threads): on a machine shared with other work, wall time
 * includes waiting for a core; CPU time is what one query costs one core.
 */
const cpuMs: Record<string, { p50: number; p99: number }> = {};
const rows: Array<[row: string, RetrieverName, typeof engine]> = [
  ['bm25', 'bm25', engine],
  ['fts5', 'bm25', ftsEngine],
  ['dense', 'dense', engine],
  ['hybrid', 'hybrid', engine],
  ['hybridFts5', 'hybrid', ftsEngine],
];
for (const [row, name, eng] of rows) {
  const m = await measureLatency(eng, name, queries);
  latency[row] = { p50: m.p50, p99: m.p99 };
  cpuMs[row] = { p50: m.cpuP50, p99: m.cpuP99 };
  say(`${row}: p50 ${m.p50} ms, p99 ${m.p99} ms (CPU p50 ${m.cpuP50} ms) over ${queries.length} queries`);
}

// 3b. Where the hybrid's time goes, per query: building the query, encoding it, HNSW, and the two
// lexical legs at the hybrid's depth (pruned postings vs FTS5).
const legs = {
  postings: [] as number[],
  fts5: [] as number[],
  encode: [] as number[],
  hnsw: [] as number[],
  query: [] as number[],
  /** The fusion's exact similarities for the threads only a lexical leg found. */
  similarity: [] as number[],
  /** Titles, "why it matched" and the confidence for the top 10. */
  results: [] as number[],
};
const lexLegs = [createBm25Retriever(engine.index), createBm25Retriever(engine.index, ERROR_LINE_BM25)];
const ftsLegs = [
  createBm25Retriever(engine.index, { scorer: 'fts5' }),
  createBm25Retriever(engine.index, { ...ERROR_LINE_BM25, scorer: 'fts5' }),
];
const depth = { top: DEFAULT_HYBRID.depth };
const pruning = { postings: 0, scored: 0, candidates: 0 };
// HNSW as the hybrid searches it: its depth at its efSearch.
engine.index.dense!.setEf(DEFAULT_HYBRID.denseEfSearch);
for (const text of queries) {
  let s = performance.now();
  const { query } = buildQuery(text, 'comment');
  legs.query.push(performance.now() - s);
  if (!query.text.trim()) continue;
  s = performance.now();
  const [vec] = await queryEncoder.encode([query.text], 'query');
  legs.encode.push(performance.now() - s);
  s = performance.now();
  const near = new Set(engine.index.dense!.searchKnn(Array.from(vec!), DEFAULT_HYBRID.depth).neighbors);
  legs.hnsw.push(performance.now() - s);
  const lexical: number[] = [];
  for (const [list, retrievers] of [
    [legs.postings, lexLegs],
    [legs.fts5, ftsLegs],
  ] as const) {
    s = performance.now();
    for (const r of retrievers) {
      if (r !== retrievers[0] && !query.errorLine.trim()) continue;
      const hits = await r.search(query, depth);
      if (list === legs.postings) lexical.push(...hits.map((h) => h.id));
    }
    list.push(performance.now() - s);
  }
  s = performance.now();
  for (const id of new Set(lexical)) if (!near.has(id)) engine.index.vectors!.similarity(vec!, id);
  legs.similarity.push(performance.now() - s);
  s = performance.now();
  const threads = createThreadCache(engine.index);
  const top = lexical.slice(0, 10);
  for (const id of top) whyMatched(query, threads.summary(id)!, undefined, (t) => threads.has(id, t));
  answerConfidence(engine.index, query, top, undefined, threads);
  legs.results.push(performance.now() - s);
  // How much of the postings the pruned scorer touched (one more run of each leg, outside the timing).
  for (const r of lexLegs) {
    if (r !== lexLegs[0] && !query.errorLine.trim()) continue;
    await r.search(query, depth);
    pruning.postings += engine.index.postings.stats.postings;
    pruning.scored += engine.index.postings.stats.scored;
    pruning.candidates += engine.index.postings.stats.candidates;
  }
}
engine.index.dense!.setEf(DEFAULT_HNSW.efSearch);
const split = Object.fromEntries(
  Object.entries(legs).map(([k, v]) => [k, { p50: round(pct(v, 50), 3), p99: round(pct(v, 99), 3) }]),
);
say(
  `hybrid split (p50 ms): ${Object.entries(split)
    .map(([k, v]) => `${k} ${v.p50}`)
    .join(', ')}`,
);

// 4. HNSW recall@10 against exact search (the baseline), and their latencies, for several efSearch.
const hnsw = engine.index.dense!;
const qvecs = await encoder.encode(queries.slice(0, 300), 'query');
const exactRun = exactTopK(engine.index.vectors!, qvecs);
const exact = exactRun.top;
const exactMs = exactRun.msPerQuery;
const sweep: Array<{ efSearch: number; recallAt10: number; ms: number }> = [];
for (const ef of [...new Set([32, 64, 128, 256, 512, DEFAULT_HNSW.efSearch, DEFAULT_HYBRID.denseEfSearch])].sort(
  (a, b) => a - b,
)) {
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
// The hybrid's own search: its depth of neighbours at its efSearch; the first 10 against exact search.
hnsw.setEf(DEFAULT_HYBRID.denseEfSearch);
let hybridHit = 0;
qvecs.forEach((q, i) => {
  const got = hnsw.searchKnn(Array.from(q), DEFAULT_HYBRID.depth).neighbors.slice(0, 10);
  hybridHit += got.filter((id) => exact[i]!.includes(id)).length;
});
// The same search with hnswlib-node's portable build beside the one loaded (interleaved, same graph
// file): what the build for this CPU (src/index/hnswlib-native.ts) buys.
const hnswBuildMs: { loaded: number; portable: number | null } = { loaded: 0, portable: null };
{
  const portable =
    hnswlibChoice.build === 'native'
      ? openDenseIndex(
          join(indexDir, HNSW_FILE),
          hnsw.getNumDimensions(),
          DEFAULT_HYBRID.denseEfSearch,
          portableHnswlib(),
        )
      : null;
  const times = { loaded: [] as number[], portable: [] as number[] };
  for (let round = 0; round < 3; round++) {
    for (const q of qvecs) {
      const v = Array.from(q);
      for (const [name, index] of [
        ['loaded', hnsw],
        ['portable', portable],
      ] as const) {
        if (!index) continue;
        const s = performance.now();
        index.searchKnn(v, DEFAULT_HYBRID.depth);
        times[name].push(performance.now() - s);
      }
    }
  }
  hnswBuildMs.loaded = round(pct(times.loaded, 50), 3);
  if (portable) hnswBuildMs.portable = round(pct(times.portable, 50), 3);
}
hnsw.setEf(DEFAULT_HNSW.efSearch);
const chosen = sweep.find((s) => s.efSearch === DEFAULT_HNSW.efSearch)!;
engine.close();
ftsEngine.close();
// 5. Extraction on adversarial inputs: worst ms per MB (goal < 1000, linear time).
say('extraction on adversarial inputs…');
const adversarial = measureExtractAdversarial();
say(adversarialText(adversarial));
const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
const ratio = (a: number, b: number) => round(a / b, 3);
const report = {
  threads,
  buildSeconds: built ? round(built.buildSeconds) : null,
  bm25BuildSeconds: built ? round(built.bm25BuildSeconds) : null,
  /** The whole build (read, store, postings, encode, HNSW, write) on 2 cores. */
  buildThreadsPerSec: built ? Math.round(built.threads / built.buildSeconds) : null,
  buildPeakRssMb: built ? built.buildPeakRssMb : null,
  bm25BuildPeakRssMb: built ? built.bm25BuildPeakRssMb : null,
  /** The index as `index build` writes it (before the FTS5 baseline table was added for the baseline rows). */
  indexSizeMb,
  postingsMb: round(statSync(join(indexDir, POSTINGS_FILE)).size / 1e6, 1),
  bm25IndexSizeMb: built ? round(dirBytes(join(work, 'bm25')) / 1e6, 1) : null,
  encodeDocsPerSec: Math.round(encodeRate[2]!),
  encodeDocsPerSec1Thread: Math.round(encodeRate[1]!),
  encodeSpeedup2v1: round(encodeRate[2]! / encodeRate[1]!),
  bm25P50Ms: latency.bm25!.p50,
  bm25P99Ms: latency.bm25!.p99,
  fts5P50Ms: latency.fts5!.p50,
  fts5P99Ms: latency.fts5!.p99,
  bm25VsFts5P50: ratio(latency.bm25!.p50, latency.fts5!.p50),
  bm25VsFts5P99: ratio(latency.bm25!.p99, latency.fts5!.p99),
  denseP50Ms: latency.dense!.p50,
  denseP99Ms: latency.dense!.p99,
  hybridP50Ms: latency.hybrid!.p50,
  hybridP99Ms: latency.hybrid!.p99,
  hybridFts5P50Ms: latency.hybridFts5!.p50,
  hybridFts5P99Ms: latency.hybridFts5!.p99,
  hybridVsFts5P50: ratio(latency.hybrid!.p50, latency.fts5!.p50),
  hybridVsFts5P99: ratio(latency.hybrid!.p99, latency.fts5!.p99),
  hybridVsHybridFts5P50: ratio(latency.hybrid!.p50, latency.hybridFts5!.p50),
  hybridVsHybridFts5P99: ratio(latency.hybrid!.p99, latency.hybridFts5!.p99),
  hybridVsBm25P50: round(latency.hybrid!.p50 / latency.bm25!.p50),
  /** Per row, the queries' CPU time (p50/p99 ms): what a query costs one core, waiting for one left out. */
  cpuMs,
  /**
   * The hybrid's parts at its depth (p50/p99 ms): query building (extraction included), encoding, HNSW,
   * lexical legs pruned vs FTS5, the fusion's exact similarities, the top 10's titles, reasons and confidence.
   */
  hybridSplitMs: split,
  lexicalLegsVsFts5P50: ratio(split.postings!.p50, split.fts5!.p50),
  /** At the hybrid's depth: the share of the query terms' postings the pruned scorer scored, and candidates per posting. */
  lexicalScoredShare: round(pruning.scored / pruning.postings, 3),
  lexicalCandidateShare: round(pruning.candidates / pruning.postings, 3),
  hnsw: { ...DEFAULT_HNSW, sweep },
  hnswRecallAt10: chosen.recallAt10,
  /** The hybrid's dense leg (its depth of neighbours at its efSearch): recall@10 of its first 10. */
  hybridHnswRecallAt10: round(hybridHit / (qvecs.length * 10), 4),
  hnswMs: chosen.ms,
  /**
   * Which hnswlib-node build searched (`native`: compiled for this CPU at install), and the hybrid's HNSW
   * search (its depth at its efSearch, p50 ms) with it and with the portable build, interleaved.
   */
  hnswlib: {
    ...hnswlibChoice,
    hybridSearchP50Ms: hnswBuildMs.loaded,
    portableHybridSearchP50Ms: hnswBuildMs.portable,
    vsPortable: hnswBuildMs.portable ? ratio(hnswBuildMs.loaded, hnswBuildMs.portable) : null,
  },
  exactSearchMs: round(exactMs, 3),
  hnswSpeedupVsExact: round(exactMs / chosen.ms, 1),
  queries: queries.length,
  extractWorstMsPerMb: adversarial.worstMsPerMb,
  extractWorstCase: adversarial.worstCase,
  peakRssMb,
  manifest: { counts: engine.index.manifest.counts, encoder: engine.index.manifest.encoder?.id },
};
rmSync(work, { recursive: true, force: true });
if (asJson) {
  console.log(JSON.stringify(report));
} else {
  console.log(`so-python index: ${threads} threads
build: ${report.buildSeconds} s, ${report.buildThreadsPerSec} threads/s, peak RSS ${report.buildPeakRssMb} MB (BM25-only baseline ${report.bm25BuildSeconds} s, ${report.bm25BuildPeakRssMb} MB)
size: ${report.indexSizeMb} MB (BM25-only ${report.bm25IndexSizeMb} MB)
encode: ${report.encodeDocsPerSec1Thread} docs/s on 1 thread, ${report.encodeDocsPerSec} on 2 (×${report.encodeSpeedup2v1})
query, end to end, one core (${report.queries} dev queries):
  bm25        p50 ${report.bm25P50Ms} ms  p99 ${report.bm25P99Ms} ms  (×${report.bm25VsFts5P50} fts5)
  fts5        p50 ${report.fts5P50Ms} ms  p99 ${report.fts5P99Ms} ms  (baseline: FTS5 bm25(), every matching row)
  dense       p50 ${report.denseP50Ms} ms  p99 ${report.denseP99Ms} ms
  hybrid      p50 ${report.hybridP50Ms} ms  p99 ${report.hybridP99Ms} ms  (×${report.hybridVsFts5P50} fts5, ×${report.hybridVsHybridFts5P50} hybrid over fts5)
  hybridFts5  p50 ${report.hybridFts5P50Ms} ms  p99 ${report.hybridFts5P99Ms} ms  (baseline: the hybrid with FTS5 lexical legs)
hybrid split, p50 ms: ${Object.entries(split)
    .map(([k, v]) => `${k} ${v.p50}`)
    .join(', ')} (lexical legs ×${report.lexicalLegsVsFts5P50} fts5)
HNSW (M=${DEFAULT_HNSW.M}, efConstruction=${DEFAULT_HNSW.efConstruction}): ${sweep.map((s) => `ef ${s.efSearch}: recall@10 ${s.recallAt10}, ${s.ms} ms`).join('; ')}
  hnswlib-node ${hnswlibChoice.build} build (${hnswlibChoice.why}): the hybrid's search p50 ${hnswBuildMs.loaded} ms${
    hnswBuildMs.portable ? `, portable build ${hnswBuildMs.portable} ms (×${report.hnswlib.vsPortable})` : ''
  }
  chosen efSearch ${DEFAULT_HNSW.efSearch}: recall@10 ${report.hnswRecallAt10}, ${report.hnswMs} ms vs exact ${report.exactSearchMs} ms (×${report.hnswSpeedupVsExact})
peak RSS: ${peakRssMb} MB`);
}
