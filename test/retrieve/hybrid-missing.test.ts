import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildQuery } from '../../src/query/build-query.js';
import type { DenseRetriever } from '../../src/retrieve/dense.js';
import { scaledEfSearch } from '../../src/index/dense-index.js';
import { createHybridRetriever, DEFAULT_HYBRID, fusionWeights, missingScore } from '../../src/retrieve/hybrid.js';
import type { Retriever, ScoredId } from '../../src/retrieve/types.js';

const list = (scores: number[]): ScoredId[] => scores.map((score, i) => ({ id: i + 1, score }));

test('a lexical leg gives a thread it did not return the score at the chosen quantile of its list', () => {
  const l = list([20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10]);
  assert.equal(missingScore(l, 0), 10);
  assert.equal(missingScore(l, 0.1), 11);
  assert.equal(missingScore(l, 0.5), 15);
  assert.equal(missingScore(l, 1), 20);
  assert.equal(missingScore([], 0.1), 0);
});

test('how a thread only the dense leg found is placed depends on that quantile, not on the lowest lexical score', async () => {
  // Lexical returns threads 1..11; dense returns thread 1, then thread 100 (not in the lexical list) a hair
  // behind; the other threads' similarities fall with their lexical rank.
  const lexical: Retriever = { name: 'bm25', search: async () => list([20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10]) };
  const dense: DenseRetriever = {
    name: 'dense',
    search: async () => [
      { id: 1, score: 0.41 },
      { id: 100, score: 0.405 },
    ],
    embed: async () => new Float32Array([1]),
    similarity: (_v, id) => 0.3 + 0.01 * (12 - id),
  };
  const index = { keywordOf: () => null, documentCount: 12 };
  const query = buildQuery('how do I merge two dicts in python').query;
  const rankOf100 = async (missingQuantile: number) => {
    const hybrid = createHybridRetriever(index, lexical, dense, { missingQuantile }, null);
    return (await hybrid.search(query, { top: 20 })).findIndex((r) => r.id === 100);
  };
  assert.equal(await rankOf100(0), 4, 'imputed at the lowest lexical score: below threads 1-4');
  assert.equal(await rankOf100(0.5), 2, 'imputed at the median: above threads 3 and 4');
  assert.equal(await rankOf100(1), 1, 'imputed at the top lexical score: second only to thread 1');
});

test("the dense leg's beam widens with the index: 320 up to 250k threads, × √(threads/250k) beyond", async () => {
  assert.equal(scaledEfSearch(512, 43_795), 512);
  assert.equal(scaledEfSearch(512, 250_000), 512);
  assert.equal(scaledEfSearch(512, 1_000_000), 1024);
  assert.equal(scaledEfSearch(320, 4_000_000), 1280);
  const asked: Array<number | undefined> = [];
  const lexical: Retriever = { name: 'bm25', search: async () => list([3, 2, 1]) };
  const dense: DenseRetriever = {
    name: 'dense',
    search: async (_q, so) => {
      asked.push(so.efSearch);
      return [{ id: 1, score: 0.5 }];
    },
    embed: async () => new Float32Array([1]),
    similarity: () => 0.1,
  };
  const query = buildQuery('KeyError: x').query;
  for (const documentCount of [43_795, 1_000_000]) {
    await createHybridRetriever({ keywordOf: () => null, documentCount }, lexical, dense).search(query, { top: 10 });
  }
  assert.deepEqual(asked, [320, 640]);
});

test('the error-line leg runs only where its fusion weight reaches minErrorLineWeight, and its weight goes to the whole query when not', async () => {
  let errorLegRuns = 0;
  const lexical: Retriever = { name: 'bm25', search: async () => list([9, 8, 7]) };
  // The error-line leg ranks thread 3 first: it can only lift thread 3 when it runs.
  const errorLine: Retriever = {
    name: 'bm25',
    search: async () => {
      errorLegRuns++;
      return [
        { id: 3, score: 30 },
        { id: 2, score: 1 },
        { id: 1, score: 0 },
      ];
    },
  };
  const dense: DenseRetriever = {
    name: 'dense',
    search: async () => [],
    embed: async () => new Float32Array([1]),
    similarity: () => 0.5,
  };
  const index = { keywordOf: () => null, documentCount: 3 };
  const oneLiner = buildQuery('KeyError: missing_key').query;
  const question = buildQuery(
    `I am reading a config file and looking a value up by name, which raises an error. ${'The file is large and was written by hand by several people over the years. '.repeat(8)}\n\nTraceback (most recent call last):\n  File "app.py", line 3, in <module>\nKeyError: 'x'`,
  ).query;
  const fw = (q: typeof oneLiner) => fusionWeights(q, DEFAULT_HYBRID).errorLine;
  assert.ok(fw(oneLiner) > 0.1 && fw(question) > 0 && fw(question) < DEFAULT_HYBRID.minErrorLineWeight);
  const hybrid = createHybridRetriever(index, lexical, dense, {}, errorLine);
  assert.equal((await hybrid.search(oneLiner, { top: 3 }))[0]!.id, 3, 'the error-line leg ran and lifted thread 3');
  assert.equal(errorLegRuns, 1);
  const got = await hybrid.search(question, { top: 3 });
  assert.deepEqual(
    got.map((r) => r.id),
    [1, 2, 3],
    'the whole-query leg alone orders them',
  );
  assert.equal(errorLegRuns, 1, 'not run for a question whose error line is a small part of it');
  // Equal similarities: the dense z-scores are 0; thread 1's lexical z-score is 1/sd([9, 8, 7]) = √1.5,
  // weighed by the whole-query leg's weight plus the error line's.
  const w = fusionWeights(question, DEFAULT_HYBRID);
  assert.ok(Math.abs(got[0]!.score - (w.lexical + w.errorLine) * Math.sqrt(1.5)) < 1e-12, `${got[0]!.score}`);
  const always = createHybridRetriever(index, lexical, dense, { minErrorLineWeight: 0 }, errorLine);
  await always.search(question, { top: 3 });
  assert.equal(errorLegRuns, 2, 'run at any weight when the floor is 0');
});
