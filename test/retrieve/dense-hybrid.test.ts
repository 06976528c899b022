import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { loadDefaultEncoder } from '../../src/encoder/load.js';
import type { DocumentEncoder } from '../../src/encoder/types.js';
import { openEngine, type Engine } from '../../src/engine.js';
import { openDenseVectors, VECTORS_FILE } from '../../src/index/dense-vectors.js';
import { MANIFEST_FILE } from '../../src/index/manifest.js';
import { openIndex } from '../../src/index/open-index.js';
import { buildQuery } from '../../src/query/build-query.js';
import { answerConfidence } from '../../src/retrieve/confidence.js';
import { createDenseRetriever, type DenseRetriever } from '../../src/retrieve/dense.js';
import { createHybridRetriever, DEFAULT_HYBRID } from '../../src/retrieve/hybrid.js';
import { createBm25Retriever, ERROR_LINE_BM25 } from '../../src/retrieve/bm25.js';
import { rankThreads } from '../../src/retrieve/rank.js';
import { createThreadCache, documentTokens } from '../../src/retrieve/thread-cache.js';
import { whyMatched } from '../../src/retrieve/why-matched.js';
import { buildSmallIndex } from '../helpers/small-index.js';

let encoder: DocumentEncoder;
let dir: string;
let engine: Engine;
before(async () => {
  encoder = (await loadDefaultEncoder({ threads: 2 }))!;
  dir = await buildSmallIndex(2000, encoder);
  engine = openEngine({ indexDir: dir, encoder });
});
after(() => engine.close());

test('the index records the encoder and holds one vector per thread', () => {
  assert.equal(engine.index.manifest.encoder?.id, encoder.id);
  assert.equal(engine.index.dense!.getCurrentCount(), 2000);
  assert.deepEqual(engine.available, ['bm25', 'dense', 'hybrid', 'rrf']);
  assert.equal(engine.defaultRetriever, 'hybrid');
});

test("dense.vectors holds every thread's HNSW vector: the same similarities, null for an unknown thread", async () => {
  const ids = engine.index.dense!.getIdsList();
  const [q] = await encoder.encode(['TypeError: unsupported operand type(s)'], 'query');
  // Held in memory (this small file, as the engine opens it) and read row by row (a large one).
  const rowByRow = openDenseVectors(join(dir, VECTORS_FILE), encoder.dim, 0);
  try {
    for (const vectors of [engine.index.vectors!, rowByRow]) {
      assert.equal(vectors.count, ids.length);
      for (const id of ids) {
        const p = engine.index.dense!.getPoint(id);
        let expected = 0;
        for (let i = 0; i < p.length; i++) expected += p[i]! * q![i]!;
        assert.equal(vectors.similarity(q!, id), expected, `thread ${id}`);
      }
      assert.equal(vectors.similarity(q!, -1), null);
      assert.equal(vectors.similarity(q!, Math.max(...ids) + 1), null);
    }
  } finally {
    rowByRow.close();
  }
});

test('HNSW at the chosen efSearch agrees with exact search (recall@10 ≥ 0.99)', async () => {
  const ids = engine.index.dense!.getIdsList();
  const vectors = new Map(ids.map((id) => [id, engine.index.dense!.getPoint(id)]));
  const rows = engine.index.db.prepare('SELECT title FROM docs ORDER BY id LIMIT 60').pluck().all() as string[];
  let agree = 0;
  for (const title of rows) {
    const [q] = await encoder.encode([title], 'query');
    const exact = [...vectors]
      .map(([id, v]) => [id, v.reduce((s, x, i) => s + x * q![i]!, 0)] as const)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map((x) => x[0]);
    const approx = engine.index.dense!.searchKnn(Array.from(q!), 10).neighbors;
    agree += approx.filter((id) => exact.includes(id)).length;
  }
  assert.ok(agree / (rows.length * 10) >= 0.99, `recall@10 ${agree / (rows.length * 10)}`);
});

test("dense finds a thread from its own answer's words; exclusions hold", async () => {
  const r = engine.index.db
    .prepare('SELECT id, title, best_answer AS a FROM docs WHERE length(best_answer) > 400 ORDER BY id LIMIT 10')
    .all() as Array<{ id: number; title: string; a: string }>;
  let top5 = 0;
  for (const row of r) {
    const { query } = buildQuery(`${row.title}\n${row.a.slice(0, 600)}`, 'comment');
    const hits = await engine.retriever('dense').search(query, { top: 5 });
    if (hits.some((h) => h.id === row.id)) top5++;
    const excluded = await engine.retriever('hybrid').search(query, { top: 5, exclude: new Set([row.id]) });
    assert.ok(!excluded.some((h) => h.id === row.id));
  }
  assert.ok(top5 >= 8, `dense top-5 on ${top5}/10`);
});

test("a search's own efSearch is used for it alone; the hybrid's dense leg asks for its own", async () => {
  const hnsw = engine.index.dense!;
  const indexEf = hnsw.getEf();
  const dense = createDenseRetriever(encoder, hnsw, engine.index.vectors);
  const titles = engine.index.db.prepare('SELECT title FROM docs ORDER BY id LIMIT 40').pluck().all() as string[];
  let differs = 0;
  for (const title of titles) {
    const { query } = buildQuery(title, 'comment');
    const narrow = await dense.search(query, { top: 10, efSearch: 10 });
    assert.equal(hnsw.getEf(), indexEf, 'the index keeps its efSearch');
    hnsw.setEf(10);
    const direct = await dense.search(query, { top: 10 });
    hnsw.setEf(indexEf);
    assert.deepEqual(narrow, direct, title);
    if (JSON.stringify(narrow) !== JSON.stringify(await dense.search(query, { top: 10 }))) differs++;
  }
  assert.ok(differs > 0, 'a beam of 10 finds other neighbours than the default for some title');
  // The hybrid's dense leg: the real dense retriever, its options recorded.
  const asked: Array<number | undefined> = [];
  const recording: DenseRetriever = { ...dense, search: (q, so) => (asked.push(so.efSearch), dense.search(q, so)) };
  const hybrid = createHybridRetriever(
    engine.index,
    createBm25Retriever(engine.index),
    recording,
    {},
    createBm25Retriever(engine.index, ERROR_LINE_BM25),
  );
  await hybrid.search(buildQuery("TypeError: 'NoneType' object is not subscriptable", 'comment').query, { top: 5 });
  assert.deepEqual(asked, [DEFAULT_HYBRID.denseEfSearch]);
  assert.equal(hnsw.getEf(), indexEf);
});

test("a search reads each thread's summary once, in one read transaction, and no thread's text; its hits and confidence are those of separate reads", async () => {
  const reads: number[] = [];
  const textReads: number[] = [];
  let outside = 0;
  const counting = {
    read: <T>(fn: () => T): T => engine.index.read(fn),
    getDocument: (id: number) => {
      textReads.push(id);
      return engine.index.getDocument(id);
    },
    getSummary: (id: number) => {
      reads.push(id);
      if (!engine.index.db.inTransaction) outside++;
      return engine.index.getSummary(id);
    },
    threadHolds: (id: number, t: string) => engine.index.threadHolds(id, t),
  };
  const retriever = engine.retriever('hybrid');
  let withReasons = 0;
  let texts = 0;
  const titles = engine.index.db
    .prepare("SELECT title, error FROM docs WHERE error != '' ORDER BY id LIMIT 20")
    .all() as Array<{
    title: string;
    error: string;
  }>;
  for (const { title, error } of titles) {
    reads.length = 0;
    textReads.length = 0;
    const { query } = buildQuery(`${title}\n${error}`, 'comment');
    const threads = createThreadCache(counting);
    const hits = await rankThreads(counting, retriever, query, { top: 5 }, threads);
    const ids = hits.map((h) => h.id);
    const confidence = answerConfidence(engine.index, query, ids, undefined, threads);
    assert.deepEqual([...reads].sort(), [...ids].sort(), 'each thread read once');
    assert.equal(outside, 0, 'every summary row read inside the read transaction');
    assert.equal(engine.index.db.inTransaction, false, 'no transaction outlives the ranking');
    // A token beyond plain ASCII is checked against the thread's own tokens: its text is read, once.
    assert.equal(new Set(textReads).size, textReads.length, 'no text read twice');
    texts += textReads.length;
    // The reasons and the confidence from the postings are those from each thread's own tokens.
    for (const h of hits) {
      const doc = engine.index.getDocument(h.id)!;
      assert.deepEqual(whyMatched(query, doc), h.why, `why ${h.id}`);
    }
    const tokenized = {
      ...engine.index,
      threadHolds: (id: number, t: string) => documentTokens(engine.index.getDocument(id)!).has(t),
    };
    assert.deepEqual(answerConfidence(tokenized, query, ids), confidence);
    assert.deepEqual(await rankThreads(engine.index, retriever, query, { top: 5 }), hits);
    if (hits.some((h) => h.why.sharedTerms.length > 0)) withReasons++;
  }
  assert.ok(withReasons > 10, `${withReasons} of ${titles.length} searches with shared terms`);
  assert.equal(texts, 0, 'plain queries read no thread text');
});

test("the index's read transaction returns what its function returns, is joined by a call inside it, and ends when the function throws", () => {
  const { db } = engine.index;
  const title = (id: number) => engine.index.getSummary(id)?.title;
  const first = db.prepare('SELECT min(id) FROM docs').pluck().get() as number;
  assert.equal(
    engine.index.read(() => {
      assert.equal(db.inTransaction, true);
      const inner = engine.index.read(() => title(first));
      assert.equal(db.inTransaction, true, 'the inner call leaves the outer transaction open');
      return inner;
    }),
    title(first),
  );
  assert.equal(db.inTransaction, false);
  assert.throws(
    () =>
      engine.index.read(() => {
        title(first);
        throw new Error('boom');
      }),
    /boom/,
  );
  assert.equal(db.inTransaction, false, 'a throwing read leaves no transaction (nor its lock) behind');
  assert.equal(
    engine.index.read(() => title(first)),
    title(first),
    'and the next read works',
  );
});

test('an index built with another encoder refuses to load, saying what to run', () => {
  const manifest = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8'));
  const other = join(dir, '..', 'other');
  writeFileSync(
    join(dir, MANIFEST_FILE),
    JSON.stringify({ ...manifest, encoder: { ...manifest.encoder, id: 'snippet-encoder-000000000000' } }),
  );
  try {
    assert.throws(
      () => openIndex(dir, { encoder }),
      /built with encoder snippet-encoder-000000000000.*snippet-search index build/,
    );
  } finally {
    writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify(manifest));
  }
  void other;
});
