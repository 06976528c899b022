import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { loadDefaultEncoder } from '../../src/encoder/load.js';
import { openEngine, type Engine } from '../../src/engine.js';
import { decodeInput } from '../../src/extract/decode-input.js';
import { buildIndex } from '../../src/index/build-index.js';
import { SHARED } from '../helpers/paths.js';
import { CORPUS } from '../helpers/small-index.js';

/**
 * The product's main job on real inputs: the whole so-python corpus indexed the way the product does
 * it (BM25 + the shipped encoder), and real failing output from ../shared/fixtures answered with a
 * thread about the same failure in the top 10. Pinned by what the threads are about, not by scores.
 */
let engine: Engine;
before(async () => {
  const encoder = await loadDefaultEncoder({ threads: 2 });
  const dir = join(mkdtempSync(join(tmpdir(), 'ss-full-')), 'index');
  await buildIndex({ corpus: CORPUS, out: dir, encoder });
  engine = openEngine({ indexDir: dir, encoder });
});
after(() => engine.close());

const item = (id: string) =>
  decodeInput(readFileSync(join(SHARED, 'fixtures', 'extraction', 'items', `${id}.txt`))).text;

const cases: Array<{ id: string; about: RegExp }> = [
  { id: 'ci-py-006', about: /module ?not ?found|no module named|import/ },
  { id: 'issue-py-011', about: /module ?not ?found|no module named/ },
  { id: 'issue-py-002', about: /syntax ?error|invalid syntax/ },
  { id: 'ci-py-002', about: /coroutine|async/ },
];

for (const c of cases) {
  test(`${c.id}: a thread about the same failure is in the top 10`, async () => {
    const r = await engine.search(item(c.id), { top: 10 });
    assert.equal(r.retriever, 'hybrid');
    const titles = r.results.map((h) => h.title);
    assert.ok(
      titles.some((t) => c.about.test(t)),
      `top 10 for ${c.id}:\n${titles.join('\n')}`,
    );
  });
}

test('every retriever answers, and the hybrid ranking differs from either alone', async () => {
  const text = item('issue-py-002');
  const [b, d, h] = await Promise.all(
    ['bm25', 'dense', 'hybrid'].map((n) => engine.search(text, { top: 10, retriever: n as 'bm25' })),
  );
  for (const r of [b!, d!, h!]) assert.equal(r.results.length, 10);
  assert.ok(
    h!.results.some((x) => !b!.results.slice(0, 3).some((y) => y.id === x.id)) ||
      h!.results[0]!.id !== d!.results[0]!.id,
  );
});
