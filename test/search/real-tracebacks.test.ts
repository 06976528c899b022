import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { loadDefaultEncoder } from '../../src/encoder/load.js';
import { openEngine, type Engine } from '../../src/engine.js';
import { decodeInput } from '../../src/extract/decode-input.js';
import { buildIndex } from '../../src/index/build-index.js';
import { SHARED } from '../helpers/paths.js';
import { evaluate } from '../../src/eval/evaluate.js';
import { readQueriesFile } from '../../src/eval/queries-file.js';
import { CORPUS } from '../helpers/small-index.js';

/**
 * The product's main job on real inputs: the whole so-python corpus indexed the way the product does
 * it (BM25 + the shipped encoder), and real failing output from ../shared/fixtures answered with a
 * thread about the same failure in the top 10. Pinned by what the threads are about, not by scores.
 */
let engine: Engine;
let tmp: string;
before(async () => {
  const encoder = await loadDefaultEncoder({ threads: 2 });
  tmp = mkdtempSync(join(tmpdir(), 'ss-full-'));
  const dir = join(tmp, 'index');
  await buildIndex({ corpus: CORPUS, out: dir, encoder });
  engine = openEngine({ indexDir: dir, encoder });
});
after(() => {
  engine.close();
  rmSync(tmp, { recursive: true, force: true });
});

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

test('every retriever answers, and the hybrid ranking is neither leg alone', async () => {
  const text = item('issue-py-002');
  const [b, d, h] = await Promise.all(
    ['bm25', 'dense', 'hybrid'].map((n) => engine.search(text, { top: 10, retriever: n as 'bm25' })),
  );
  for (const r of [b!, d!, h!]) assert.equal(r.results.length, 10);
  const ids = (r: typeof h) => r!.results.map((x) => x.id);
  assert.notDeepEqual(ids(h), ids(b), 'hybrid equals BM25');
  assert.notDeepEqual(ids(h), ids(d), 'hybrid equals dense');
});

/**
 * Real GitHub issue reports (../shared/data/real-reports, graded): the whole report through the
 * product's extraction and query building must rank at least as well as BM25 fed the hand-picked final
 * exception line, and the confidence threshold must keep quiet on most reports no thread answers.
 */
test('real reports: whole-report hybrid ranks like a person who picks the error line, and stays quiet', async () => {
  const queries = readQueriesFile(join(SHARED, 'data', 'real-reports', 'real-reports-dev.jsonl'));
  const whole = await evaluate(queries, engine.index, [engine.retriever('hybrid')]);
  const final = await evaluate(queries, engine.index, [engine.retriever('bm25')], {
    textOf: (q) => q.final_exception_line ?? '',
  });
  const h = whole.retrievers.hybrid!;
  const f = final.retrievers.bm25!;
  assert.ok(h.MRR >= f.MRR - 0.02, `hybrid MRR ${h.MRR} against final-line BM25 ${f.MRR}`);
  assert.ok(h['R@10'] >= 0.85, `hybrid R@10 ${h['R@10']}`);
  assert.ok(h.quiet.answeredWithoutGold <= 0.25, `answered ${h.quiet.answeredWithoutGold} of the gold-less reports`);
  assert.ok(
    h.quiet.answeredWithGold >= 0.8 * h.quiet.postedWithGold,
    `the threshold silenced too many good answers: ${JSON.stringify(h.quiet)}`,
  );
});
