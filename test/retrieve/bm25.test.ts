import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openIndex, type SearchIndex } from '../../src/index/open-index.js';
import { buildQuery } from '../../src/query/build-query.js';
import { buildMatch, createBm25Retriever, DEFAULT_BM25 } from '../../src/retrieve/bm25.js';
import { rankThreads } from '../../src/retrieve/rank.js';
import { buildSmallIndex } from '../helpers/small-index.js';

let idx: SearchIndex;
before(async () => {
  idx = openIndex(await buildSmallIndex(1500));
});
after(() => idx.close());

test("a thread's own title and answer find it first; exclude leaves it out", async () => {
  const rows = idx.db
    .prepare('SELECT id, title, best_answer AS a FROM docs WHERE length(best_answer) > 300 ORDER BY id LIMIT 20')
    .all() as Array<{ id: number; title: string; a: string }>;
  const bm25 = createBm25Retriever(idx);
  let top1 = 0;
  for (const r of rows) {
    const { query } = buildQuery(`${r.title}\n\n${r.a.slice(0, 400)}`, 'comment');
    const hits = await bm25.search(query, { top: 5 });
    if (hits[0]?.id === r.id) top1++;
    const without = await bm25.search(query, { top: 5, exclude: new Set([r.id]) });
    assert.ok(!without.some((h) => h.id === r.id));
    assert.ok(
      hits.every((h, i) => i === 0 || hits[i - 1]!.score >= h.score),
      'scores descend',
    );
  }
  assert.ok(top1 >= 17, `top-1 on ${top1}/20`);
});

test('hits carry title, links and why they matched', async () => {
  const bm25 = createBm25Retriever(idx);
  const { query } = buildQuery(
    '```\nTraceback (most recent call last):\n  File "a.py", line 1, in <module>\n    d = json.loads(s)\njson.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)\n```',
  );
  const hits = await rankThreads(idx, bm25, query, { top: 5 });
  assert.ok(hits.length > 0);
  assert.ok(hits[0]!.url.startsWith('https://stackoverflow.com/questions/'));
  assert.ok(hits.some((h) => h.why.sharedTerms.length > 0));
});

test('the MATCH expression quotes terms, drops stopwords and repeats error terms', () => {
  const { query } = buildQuery('```\nKeyError: "the_key"\n```');
  const m = buildMatch(query, DEFAULT_BM25, () => 10, 1000)!;
  assert.match(m, /"keyerror" OR "keyerror"/);
  assert.doesNotMatch(m, /"the"/);
  assert.equal(
    buildMatch(buildQuery('the and of').query, DEFAULT_BM25, () => 10, 1000),
    null,
  );
});
