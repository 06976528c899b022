import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildQuery } from '../../src/query/build-query.js';
import { DEFAULT_HYBRID, errorFocus, fusionWeights } from '../../src/retrieve/hybrid.js';

const close = (a: number, b: number) => Math.abs(a - b) < 1e-9;

test('a pasted one-liner leans on the error line; a question with prose and code keeps the dense weight', () => {
  const oneLiner = buildQuery("TypeError: 'module' object is not callable").query;
  const question = buildQuery(
    'I am reading a CSV file and building a dict of lists from it, then sorting it by a key that I compute ' +
      'from two columns, and the loop below fails on the second row. What am I doing wrong here?\n\n' +
      "```\nimport csv\nrows = {}\nfor r in csv.reader(open('a.csv')):\n    rows[r[0]].append(r[1])\n```\n\n" +
      '```\nTraceback (most recent call last):\n  File "a.py", line 4, in <module>\nKeyError: \'x\'\n```',
  ).query;
  const none = buildQuery('how do I sort a dict by value').query;

  assert.equal(errorFocus(none, DEFAULT_HYBRID.contextDiscount), 0);
  assert.ok(close(errorFocus(oneLiner, DEFAULT_HYBRID.contextDiscount), 1));
  const fq = errorFocus(question, DEFAULT_HYBRID.contextDiscount);
  assert.ok(fq > 0 && fq < 0.1, `focus of a question: ${fq}`);

  const w1 = fusionWeights(oneLiner, DEFAULT_HYBRID);
  assert.ok(close(w1.dense, DEFAULT_HYBRID.denseWeightErrorOnly));
  assert.ok(close(w1.errorLine, (1 - w1.dense) * DEFAULT_HYBRID.errorLineShare));
  const w0 = fusionWeights(none, DEFAULT_HYBRID);
  assert.deepEqual(w0, { dense: DEFAULT_HYBRID.denseWeight, lexical: 1 - DEFAULT_HYBRID.denseWeight, errorLine: 0 });
  const wq = fusionWeights(question, DEFAULT_HYBRID);
  assert.ok(wq.dense > w1.dense && wq.errorLine < w1.errorLine);
  for (const w of [w0, w1, wq]) assert.ok(close(w.dense + w.lexical + w.errorLine, 1));
});
