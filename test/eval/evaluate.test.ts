import assert from 'node:assert/strict';
import { test } from 'node:test';
import { evaluate } from '../../src/eval/evaluate.js';
import type { EvalQuery } from '../../src/eval/queries-file.js';
import type { Retriever } from '../../src/retrieve/types.js';
import { lexicalTokens } from '../../src/text/lexical.js';
import type { Document } from '../../src/types.js';

// Three threads: 1 speaks of the KeyError, 2 of the ValueError, 3 of nothing the queries say.
const docs: Record<number, string> = {
  1: "keyerror missing key 'name' in dict lookup",
  2: 'valueerror invalid literal for int with base 10',
  3: 'how to center a div',
};
const index = {
  documentCount: 3,
  documentFrequency: (t: string) => Object.values(docs).filter((d) => d.split(' ').includes(t)).length,
  getSummary: (id: number) => index.getDocument(id),
  threadHolds: (id: number, t: string) => (docs[id] ? lexicalTokens(docs[id]!).includes(t) : false),
  getDocument: (id: number): Document | null =>
    docs[id]
      ? {
          id,
          url: `https://stackoverflow.com/questions/${id}`,
          title: docs[id]!,
          body: '',
          code: '',
          error: '',
          keyword: null,
          bestAnswer: '',
          answerUrl: null,
          tags: [],
          score: null,
          answerCount: 1,
        }
      : null,
};
/** Always ranks 3, 1, 2: thread 1 is posted (top 2) but not first. */
const fixed: Retriever = { name: 'fixed', search: async () => [3, 1, 2].map((id, i) => ({ id, score: 3 - i })) };

const q = (qid: string, query: string, gold: number[]): EvalQuery => ({ qid, query, gold, exclude: [] });

test('recall counts only queries with gold; the quiet measures follow the confidence threshold', async () => {
  const queries = [
    q('a', "KeyError: 'name'", [1]), // gold at rank 2, posted, and thread 1 speaks of it: answered
    q('b', 'ValueError: invalid literal for int() with base 10', [2]), // gold at rank 3: not posted
    q('c', 'ZeroDivisionError: division by zero', []), // nothing speaks of it: quiet
    q('d', "KeyError: 'name'", []), // gold-less, but thread 1 speaks of it: answered anyway
  ];
  const r = await evaluate(queries, index, [fixed], { posted: 2, minConfidence: 0.5 });
  assert.equal(r.withGold, 2);
  assert.equal(r.withoutGold, 2);
  const m = r.retrievers.fixed!;
  assert.equal(m['R@1'], 0);
  assert.equal(m['R@5'], 1);
  assert.equal(m.MRR, Math.round(((1 / 2 + 1 / 3) / 2) * 10000) / 10000);
  assert.deepEqual(m.quiet, { threshold: 0.5, postedWithGold: 0.5, answeredWithGold: 0.5, answeredWithoutGold: 0.5 });
  // A threshold nothing reaches answers nothing.
  const strict = await evaluate(queries, index, [fixed], { posted: 2, minConfidence: 1.01 });
  assert.deepEqual(strict.retrievers.fixed!.quiet, {
    threshold: 1.01,
    postedWithGold: 0.5,
    answeredWithGold: 0,
    answeredWithoutGold: 0,
  });
});
