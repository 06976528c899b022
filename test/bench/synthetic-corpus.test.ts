import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import {
  htmlBlocks,
  prng,
  readRealRows,
  SYNTHETIC_ID_BASE,
  writeSyntheticCorpus,
  type CorpusRow,
} from '../../bench/synthetic-corpus.js';
import { parseSize } from '../../bench/scale.js';
import { readJsonlCorpus } from '../../src/corpus/jsonl-reader.js';
import { toDocument } from '../../src/corpus/to-document.js';
import { CORPUS } from '../helpers/small-index.js';

let real: CorpusRow[];
before(async () => {
  real = (await readRealRows(CORPUS)).slice(0, 2000);
});

test('synthetic corpus: real threads first, then new ids, the same bytes for the same seed and size', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'synthetic-'));
  await writeSyntheticCorpus(real, join(dir, 'a.jsonl'), 5000, 7);
  await writeSyntheticCorpus(real, join(dir, 'b.jsonl'), 5000, 7);
  await writeSyntheticCorpus(real, join(dir, 'c.jsonl'), 5000, 8);
  const a = readFileSync(join(dir, 'a.jsonl'), 'utf8');
  assert.equal(a, readFileSync(join(dir, 'b.jsonl'), 'utf8'), 'not deterministic');
  assert.notEqual(a, readFileSync(join(dir, 'c.jsonl'), 'utf8'), 'the seed changes nothing');
  const rows = a
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as CorpusRow);
  assert.equal(rows.length, 5000);
  assert.deepEqual(rows.slice(0, 2000), real, 'the real rows come first, unchanged');
  const ids = new Set(rows.map((r) => r.id));
  assert.equal(ids.size, 5000, 'ids are unique');
  assert.ok(rows.slice(2000).every((r, i) => r.id === SYNTHETIC_ID_BASE + i && r.split === 'train'));

  // The build's own reader takes every row, and a synthetic thread reads like a thread: a title,
  // a question and an answer, made of text from real ones.
  let n = 0;
  let withQuestion = 0;
  const realText = new Set(real.flatMap((r) => [...htmlBlocks(r.question_html), ...htmlBlocks(r.answers_html[0])]));
  for await (const t of readJsonlCorpus(join(dir, 'a.jsonl'))) {
    const doc = toDocument(t);
    if (++n <= 2000) continue;
    assert.ok(doc.title.length > 0, `thread ${doc.id} has no title`);
    if (doc.body.length > 0 && doc.bestAnswer.length > 0) withQuestion++;
  }
  assert.equal(n, 5000);
  assert.ok(withQuestion > 0.95 * 3000, `${withQuestion} of 3,000 synthetic threads have a question and an answer`);
  for (const r of rows.slice(2000, 2200)) {
    for (const block of [...htmlBlocks(r.question_html), ...htmlBlocks(r.answers_html[0])]) {
      assert.ok(realText.has(block), `thread ${r.id}: a block that is not from a real thread`);
    }
  }
  // realistic lengths: synthetic questions as long as real ones, within a factor of 2 on average
  const mean = (xs: CorpusRow[]) => xs.reduce((s, r) => s + (r.question_html ?? '').length, 0) / xs.length;
  const ratio = mean(rows.slice(2000)) / mean(real);
  assert.ok(ratio > 0.5 && ratio < 2, `synthetic / real question length ${ratio}`);
});

test('synthetic threads are made of train rows only: no dev or test thread is copied', async () => {
  const held = real.filter((r) => r.split === 'dev' || r.split === 'test');
  assert.ok(held.length > 50, `the sample holds ${held.length} dev/test rows`);
  const blocks = (r: CorpusRow) => [
    ...htmlBlocks(r.question_html),
    ...(r.answers_html ?? []).flatMap((a) => htmlBlocks(a)),
  ];
  const trainText = new Set(real.filter((r) => r.split === 'train').flatMap(blocks));
  // Blocks only a dev or test thread has (not a "Thanks" a train thread shares).
  const heldOnly = new Set(held.flatMap(blocks).filter((b) => !trainText.has(b)));
  assert.ok(heldOnly.size > 100);
  const dir = mkdtempSync(join(tmpdir(), 'synthetic-'));
  await writeSyntheticCorpus(real, join(dir, 'a.jsonl'), 12_000, 3);
  const rows = readFileSync(join(dir, 'a.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .slice(real.length)
    .map((l) => JSON.parse(l) as CorpusRow);
  assert.equal(rows.length, 10_000);
  for (const r of rows) {
    for (const b of blocks(r)) assert.ok(!heldOnly.has(b), `synthetic thread ${r.id} copies a dev/test thread's block`);
  }
  // A corpus with no train row has nothing to recombine: said by name.
  await assert.rejects(
    writeSyntheticCorpus(held, join(dir, 'b.jsonl'), held.length + 10),
    /no train rows to make synthetic threads of/,
  );
});

test('prng: uniform enough and seeded', () => {
  const r = prng(1);
  const xs = Array.from({ length: 10_000 }, r);
  assert.ok(xs.every((x) => x >= 0 && x < 1));
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  assert.ok(Math.abs(mean - 0.5) < 0.02, `mean ${mean}`);
  assert.deepEqual(Array.from({ length: 5 }, prng(1)), xs.slice(0, 5));
});

test('scale sizes: 44k, 250k, 1m and plain numbers; anything else is refused by name', () => {
  assert.equal(parseSize('44k'), 44_000);
  assert.equal(parseSize('250K'), 250_000);
  assert.equal(parseSize('1m'), 1_000_000);
  assert.equal(parseSize('1.5m'), 1_500_000);
  assert.equal(parseSize('2000'), 2000);
  assert.throws(() => parseSize('lots'), /not a corpus size: "lots"/);
  assert.throws(() => parseSize('10'), /at least 100/);
});
