import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import Database from 'better-sqlite3';
import { readQueriesFile } from '../../src/eval/queries-file.js';
import { createFtsTokenizer } from '../../src/index/fts-tokens.js';
import { openIndex, type SearchIndex } from '../../src/index/open-index.js';
import { PostingsBuilder } from '../../src/index/postings-builder.js';
import { POSTINGS_FILE } from '../../src/index/postings-file.js';
import { Postings, type QueryTerm } from '../../src/index/postings.js';
import { createFts5Baseline, FTS_FIELDS, FTS_TOKENIZER } from '../../src/index/schema.js';
import { addFts5Baseline } from '../../src/index/fts5-baseline.js';
import { lexicalText } from '../../src/text/lexical.js';
import { documentTokens } from '../../src/retrieve/thread-cache.js';
import { buildQuery } from '../../src/query/build-query.js';
import { DEFAULT_BM25, ERROR_LINE_BM25, selectTerms, type Bm25Options } from '../../src/retrieve/bm25.js';
import { buildSmallIndex } from '../helpers/small-index.js';
import { SHARED } from '../helpers/paths.js';

// A real sample: the first 3,000 so-python threads, and real queries (both dev sets, the real reports).
let idx: SearchIndex;
let queries: Array<{ qid: string; terms: QueryTerm[]; opts: Bm25Options }>;
before(async () => {
  const dir = await buildSmallIndex(3000);
  addFts5Baseline(dir); // the tests hold the postings to FTS5's terms and scores
  idx = openIndex(dir);
  const files = [
    join(SHARED, 'data', 'so-python', 'dev-queries.jsonl'),
    join(SHARED, 'data', 'so-python', 'dup-dev-queries.jsonl'),
    join(SHARED, 'data', 'real-reports', 'real-reports-dev.jsonl'),
  ];
  const df = (t: string) => idx.documentFrequency(t);
  queries = [];
  for (const file of files) {
    for (const q of readQueriesFile(file)) {
      const { query } = buildQuery(q.query, 'auto');
      for (const opts of [DEFAULT_BM25, ERROR_LINE_BM25]) {
        const terms = selectTerms(query, opts, df, idx.documentCount);
        if (terms) queries.push({ qid: q.qid, terms, opts });
      }
    }
  }
});
after(() => idx.close());

test('the postings hold exactly the terms and document frequencies of FTS5', () => {
  const vocab = idx.db.prepare('SELECT term, doc FROM docs_vocab').raw().all() as Array<[string, number]>;
  assert.equal(idx.postings.data.numTerms, vocab.length);
  let mismatched = 0;
  for (const [term, doc] of vocab) if (idx.postings.documentFrequency(term) !== doc) mismatched++;
  assert.equal(mismatched, 0, `${mismatched} of ${vocab.length} terms differ in document frequency`);
  assert.equal(idx.postings.documentFrequency('no-such-term-here'), 0);
  assert.equal(idx.postings.numDocs, idx.documentCount);
});

test('words beyond ASCII are tokenized as FTS5 tokenizes them', () => {
  const text = 'café naïve ｆｕｌｌ straße x² 中文 ǅemal ａｂｃ_ｄ ﬁle çà';
  const db = new Database(':memory:');
  db.exec(`CREATE VIRTUAL TABLE t USING fts5(x, tokenize="${FTS_TOKENIZER}");
    CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance');`);
  db.prepare('INSERT INTO t(rowid, x) VALUES (1, ?)').run(text);
  const expected = (db.prepare('SELECT term FROM v ORDER BY "offset"').pluck().all() as string[]).sort();
  db.close();
  const tok = createFtsTokenizer();
  const got: string[] = [];
  tok.tokens(text, got);
  tok.close();
  assert.deepEqual(got.sort(), expected);
});

test("scores equal FTS5's bm25() for every matching document, to 1e-4", () => {
  let compared = 0;
  let worst = 0;
  for (const { qid, terms, opts } of queries.filter((_, i) => i % 3 === 0)) {
    const match = terms.flatMap(({ term, count }) => Array(count).fill(`"${term}"`)).join(' OR ');
    const fts = idx.bm25(match, opts.weights, idx.documentCount);
    const ours = new Map(
      idx.postings.exhaustiveTopK(terms, opts.weights, idx.documentCount).map((h) => [h.id, h.score]),
    );
    assert.equal(ours.size, fts.length, `${qid}: ${ours.size} matching documents, FTS5 has ${fts.length}`);
    for (const r of fts) {
      const s = ours.get(r.id);
      assert.ok(s !== undefined, `${qid}: FTS5 matches ${r.id}, the postings do not`);
      const diff = Math.abs(s - r.score);
      worst = Math.max(worst, diff);
      assert.ok(diff <= 1e-4, `${qid}: doc ${r.id} scores ${s}, FTS5 ${r.score}`);
      compared++;
    }
  }
  assert.ok(compared > 100_000, `compared ${compared} scores (worst difference ${worst})`);
});

test('pruned top-k is exhaustive top-k: same documents, same order, same scores', () => {
  let checked = 0;
  let pruned = 0;
  for (const { qid, terms, opts } of queries) {
    for (const k of [1, 10, 200]) {
      const exact = idx.postings.exhaustiveTopK(terms, opts.weights, k);
      // The default window (4,096 documents: one round on this index) and small ones (many rounds).
      for (const window of [undefined, 512, 64]) {
        const got = idx.postings.topK(terms, opts.weights, k, window);
        assert.deepEqual(got, exact, `${qid}, k=${k}, weights ${opts.weights.join(',')}, window ${window}`);
        const { postings, scored } = idx.postings.stats;
        if (scored < postings) pruned++;
        checked++;
      }
    }
  }
  assert.ok(checked > 9000, `${checked} top-k lists`);
  assert.ok(pruned > checked / 3, `pruning skipped postings in ${pruned} of ${checked} lists`);
});

test('weights the bounds were not computed for still prune exactly', () => {
  for (const { qid, terms } of queries.filter((_, i) => i % 7 === 0)) {
    for (const weights of [
      [5, 0.1, 2, 1],
      [1, 4, 0.5, 0],
      [1, 0.2, 0.4, 1],
    ]) {
      const exact = idx.postings.exhaustiveTopK(terms, weights, 20);
      assert.deepEqual(idx.postings.topK(terms, weights, 20), exact, qid);
      assert.deepEqual(idx.postings.topK(terms, weights, 20, 64), exact, qid);
    }
  }
});

test('column counts of 255 and more, and words beyond ASCII, score as FTS5 scores them', () => {
  const docs: string[][] = [
    ['loop loop', 'loop '.repeat(300) + 'café', 'x', ''],
    ['café au lait', 'naïve loop', 'loop '.repeat(254), 'KeyError'],
    ['other', 'text', 'loop '.repeat(1000), 'KeyError'],
    ['plain', 'words only', '', ''],
    // Filler, so that the terms above are in under half of the rows (FTS5 floors idf there).
    ...Array.from({ length: 8 }, (_, i) => [`filler ${i}`, 'nothing to see', 'here', '']),
  ];
  const dir = mkdtempSync(join(tmpdir(), 'ss-postings-'));
  try {
    const builder = new PostingsBuilder();
    const db = new Database(':memory:');
    createFts5Baseline(db);
    const ins = db.prepare(`INSERT INTO docs_fts(rowid, ${FTS_FIELDS.join(', ')}) VALUES (?, ?, ?, ?, ?)`);
    docs.forEach((cols, i) => {
      const text = cols.map((c) => lexicalText(c));
      ins.run(i + 1, ...text);
      builder.add(i + 1, text);
    });
    builder.write(join(dir, 'p'));
    const postings = Postings.open(join(dir, 'p'));
    assert.ok(postings.data.overflow.length >= 4, 'counts of 255+ are in the overflow table');
    const weights = [3, 0.5, 1, 3];
    for (const terms of [[{ term: 'loop', count: 2 }], [{ term: 'cafe', count: 1 }, { term: 'keyerror', count: 1 }]]) {
      const match = terms.flatMap(({ term, count }) => Array(count).fill(`"${term}"`)).join(' OR ');
      const fts = db
        .prepare(`SELECT rowid AS id, -bm25(docs_fts, ${weights.join(', ')}) AS score FROM docs_fts WHERE docs_fts MATCH ? ORDER BY rowid`)
        .all(match) as Array<{ id: number; score: number }>;
      const ours = postings.exhaustiveTopK(terms, weights, 10).sort((a, b) => a.id - b.id);
      assert.equal(ours.length, fts.length, match);
      ours.forEach((h, i) => {
        assert.equal(h.id, fts[i]!.id);
        assert.ok(Math.abs(h.score - fts[i]!.score) <= 1e-4, `${match}: doc ${h.id} ${h.score} vs FTS5 ${fts[i]!.score}`);
      });
      assert.deepEqual(postings.topK(terms, weights, 2, 2), postings.exhaustiveTopK(terms, weights, 2));
      // read from the file, the overflow counts are found by the postings' place in the file
      const lazy = Postings.open(join(dir, 'p'), { holdBelowBytes: 0 });
      assert.deepEqual(lazy.exhaustiveTopK(terms, weights, 10), postings.exhaustiveTopK(terms, weights, 10));
      assert.deepEqual(lazy.topK(terms, weights, 2, 2), postings.topK(terms, weights, 2, 2));
      lazy.close();
    }
    db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('postings read from the file a term at a time rank exactly as held ones, however small the cache', () => {
  const path = join(idx.dir, POSTINGS_FILE);
  const held = Postings.open(path);
  assert.ok(held.held);
  // 0 bytes held: every term's postings are read from the file; a cache of 64 KiB keeps evicting
  for (const cacheBytes of [64 * 1024, 256 * 2 ** 20]) {
    const lazy = Postings.open(path, { holdBelowBytes: 0, cacheBytes });
    assert.ok(!lazy.held);
    let checked = 0;
    for (const { qid, terms, opts } of queries.filter((_, i) => i % 3 === 0)) {
      for (const k of [10, 200]) {
        const expected = held.topK(terms, opts.weights, k);
        assert.deepEqual(lazy.topK(terms, opts.weights, k), expected, `${qid} k=${k} cache ${cacheBytes}`);
        assert.deepEqual(lazy.topK(terms, opts.weights, k, 64), expected, `${qid} k=${k} window 64`);
        checked++;
      }
      assert.deepEqual(lazy.exhaustiveTopK(terms, opts.weights, 50), held.exhaustiveTopK(terms, opts.weights, 50), qid);
    }
    assert.ok(checked > 1000, `${checked} lists`);
    lazy.close();
    assert.throws(() => lazy.topK(queries[0]!.terms, queries[0]!.opts.weights, 10), /closed/);
  }
  held.close();
});

test("a thread holds a plain token exactly when its tokens do: held, read from the file or from the cache, in id order or not", () => {
  const path = join(idx.dir, POSTINGS_FILE);
  const rows = idx.db
    .prepare('SELECT * FROM docs ORDER BY id LIMIT 300')
    .all() as Array<{ id: number; title: string; body: string; best_answer: string; keyword: string | null }>;
  const docTokens = rows.map((r) => documentTokens({ title: r.title, body: r.body, bestAnswer: r.best_answer, keyword: r.keyword }));
  const plain = (t: string) => /^[a-z0-9_]{1,64}$/.test(t);
  // FTS5 folds words beyond ASCII (café → cafe): such a thread may hold a plain token its text lacks.
  const ascii = rows.map((r) => [...`${r.title}${r.body}${r.best_answer}${r.keyword ?? ''}`].every((c) => c.charCodeAt(0) < 128));
  // Read from the file, with every asked term's postings cached by a search first: answered from the cache.
  const cached = Postings.open(path, { holdBelowBytes: 0 });
  const asked = [...new Set(docTokens.flatMap((ts) => [...ts]).filter(plain))];
  for (let i = 0; i < asked.length; i += 500) {
    cached.topK(asked.slice(i, i + 500).map((term) => ({ term, count: 1 })), [1, 1, 1, 1], 1);
  }
  for (const postings of [idx.postings, Postings.open(path, { holdBelowBytes: 0, cacheBytes: 0 }), cached]) {
    let held = 0;
    let absent = 0;
    rows.forEach((r, i) => {
      for (const t of docTokens[i]!) {
        if (!plain(t)) continue;
        assert.ok(postings.holds(t, r.id), `${r.id} holds ${t}`);
        held++;
      }
      if (!ascii[i]) return;
      // Tokens of the neighbouring threads that this one lacks.
      for (const t of docTokens[(i + 1) % rows.length]!) {
        if (!plain(t) || docTokens[i]!.has(t)) continue;
        assert.ok(!postings.holds(t, r.id), `${r.id} lacks ${t}`);
        absent++;
      }
    });
    assert.ok(held > 10_000 && absent > 3_000, `${held} held, ${absent} absent`);
    assert.equal(postings.holds('exception', 999_999_999), false, 'a thread the index lacks');
    assert.equal(postings.holds('no_such_token_here', rows[0]!.id), false);
  }
  // Thread ids added in descending order: found through a sorted permutation.
  const dir = mkdtempSync(join(tmpdir(), 'postings-desc-'));
  try {
    const builder = new PostingsBuilder();
    const ids = [900, 40, 700, 5, 31];
    ids.forEach((id, i) => builder.add(id, [`title${i} shared`, `body ${id}`, '', '']));
    builder.write(join(dir, POSTINGS_FILE));
    const p = Postings.open(join(dir, POSTINGS_FILE));
    ids.forEach((id, i) => {
      assert.ok(p.holds(`title${i}`, id) && p.holds('shared', id) && p.holds(String(id), id), `${id}`);
      assert.ok(!p.holds(`title${(i + 1) % ids.length}`, id), `${id} lacks title${(i + 1) % ids.length}`);
    });
    assert.equal(p.docOf(41), -1);
    p.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
