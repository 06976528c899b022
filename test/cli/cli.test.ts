import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { ROOT, SHARED } from '../helpers/paths.js';
import { buildSmallIndex } from '../helpers/small-index.js';

const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const item = (id: string) => join(SHARED, 'fixtures', 'extraction', 'items', `${id}.txt`);
function run(args: string[], input?: string | Buffer, env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 300_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

let index: string;
before(async () => {
  index = await buildSmallIndex(3000);
});

test('every command has --help', () => {
  for (const cmd of [[], ['index', 'build'], ['search'], ['extract'], ['eval']]) {
    const r = run([...cmd, '--help']);
    assert.equal(r.code, 0, cmd.join(' '));
    assert.match(r.out, /Usage: snippet-search/);
  }
});

test('extract --json on a real UTF-16 pytest log', () => {
  const r = run(['extract', item('ci-py-002'), '--json']);
  assert.equal(r.code, 0, r.err);
  const json = JSON.parse(r.out);
  assert.equal(json.failures[0].errorType, 'TypeError');
  assert.equal(json.failures[0].errorMessage, "'coroutine' object is not iterable");
  assert.equal(json.failures[0].language, 'python');
});

test('extract prints [] for a passing run', () => {
  const r = run(['extract', item('neg-002'), '--json']);
  assert.deepEqual(JSON.parse(r.out), { failures: [] });
});

test('search --json from stdin: query, ranked results with title, url and score', () => {
  const r = run(
    ['search', '-', '--json', '--index', index, '--top', '3'],
    '```\nTraceback (most recent call last):\n  File "a.py", line 1, in <module>\n    import requests\nModuleNotFoundError: No module named \'requests\'\n```',
  );
  assert.equal(r.code, 0, r.err);
  const json = JSON.parse(r.out);
  assert.equal(json.query.keyword, 'ModuleNotFoundError');
  assert.equal(json.results.length, 3);
  for (const h of json.results) {
    assert.ok(
      h.id > 0 && h.title && h.url.startsWith('https://stackoverflow.com/questions/') && typeof h.score === 'number',
    );
    assert.ok(Array.isArray(h.why.sharedTerms));
  }
});

test('search in human form names the error and lists threads', () => {
  const r = run(['search', item('issue-py-011'), '--index', index]);
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /^Error: ModuleNotFoundError: No module named 'dewu'/);
  assert.match(r.out, /^1\. .+\n {3}https:\/\/stackoverflow\.com\/questions\//m);
});

test('eval --json prints recall and MRR per retriever', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ss-eval-'));
  const q = join(dir, 'q.jsonl');
  const ids = JSON.parse(
    run(['search', item('issue-py-002'), '--json', '--index', index, '--top', '2']).out,
  ).results.map((h: { id: number }) => h.id);
  writeFileSync(
    q,
    `${JSON.stringify({ qid: 'a', query: readItem('issue-py-002'), gold: [ids[0]], exclude: [] })}\n${JSON.stringify({ qid: 'b', query: readItem('issue-py-002'), gold: [ids[1]], exclude: [ids[0]] })}\n`,
  );
  const r = run(['eval', '--queries', q, '--index', index, '--retrievers', 'bm25', '--json']);
  assert.equal(r.code, 0, r.err);
  const json = JSON.parse(r.out);
  assert.equal(json.queries, 2);
  assert.deepEqual(Object.keys(json.retrievers.bm25), ['R@1', 'R@5', 'R@10', 'R@20', 'R@50', 'MRR']);
  assert.equal(json.retrievers.bm25['R@1'], 1);
});

function readItem(id: string): string {
  return spawnSync('cat', [item(id)], { encoding: 'utf8' }).stdout;
}

test('bad input: empty, binary, missing file, unknown retriever: clear message, non-zero exit', () => {
  let r = run(['search', '-', '--index', index], '');
  assert.equal(r.code, 2);
  assert.match(r.err, /stdin: the input is empty/);
  r = run(['extract', '-'], Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 1, 2, 3]));
  assert.equal(r.code, 2);
  assert.match(r.err, /binary/);
  r = run(['extract', '/no/such/log.txt']);
  assert.equal(r.code, 2);
  assert.match(r.err, /\/no\/such\/log\.txt: cannot read \(ENOENT\)/);
  r = run(['search', item('issue-py-002'), '--index', index, '--retriever', 'magic']);
  assert.notEqual(r.code, 0);
  assert.match(r.err, /--retriever must be one of bm25, dense, hybrid, rrf/);
  r = run(['search', item('issue-py-002'), '--index', index, '--retriever', 'dense'], undefined, {
    SNIPPET_SEARCH_MODEL: '/nonexistent',
  });
  assert.equal(r.code, 1);
  assert.match(r.err, /"dense" retriever needs an index built with the encoder/);
});

test('no index and no corpus: says how to get the StackExchange dump', () => {
  const empty = mkdtempSync(join(tmpdir(), 'ss-none-'));
  const r = run(['search', item('issue-py-002')], undefined, {
    SNIPPET_SEARCH_INDEX: join(empty, 'index'),
    SNIPPET_SEARCH_CORPUS: join(empty, 'none.jsonl.gz'),
  });
  assert.equal(r.code, 1);
  assert.match(r.err, /No index at .* and no corpus at .*StackExchange data dump.*index build --corpus/);
});

test('index build on a JSONL file with a broken line names the file and line, leaves no index', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ss-bad-'));
  const corpus = join(dir, 'c.jsonl');
  writeFileSync(
    corpus,
    `${JSON.stringify({ id: 1, url: 'https://stackoverflow.com/questions/1/a', title: 'a', question_html: '<p>x</p>', answers_html: ['<p>y</p>'] })}\n{"id": 2, "url": \n`,
  );
  const r = run(['index', 'build', '--corpus', corpus, '--out', join(dir, 'idx'), '--no-dense']);
  assert.equal(r.code, 1);
  assert.match(r.err, /c\.jsonl:2: not a JSON object/);
  const again = run(['search', item('issue-py-002'), '--index', join(dir, 'idx')]);
  assert.match(again.err, /No index at/);
});
