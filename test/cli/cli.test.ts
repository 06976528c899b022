import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { before, test } from 'node:test';
import { FIXTURES, ROOT } from '../helpers/paths.js';
import { buildSmallIndex, CORPUS } from '../helpers/small-index.js';

const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const item = (id: string) => join(FIXTURES, 'logs', `${id}.txt`);
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

test('extract prints [] for a passing run and exits 1 (nothing found), 0 when it finds a failure', () => {
  const r = run(['extract', item('neg-002'), '--json']);
  assert.deepEqual(JSON.parse(r.out), { failures: [] });
  assert.equal(r.code, 1);
  assert.equal(run(['extract', item('issue-py-002')]).code, 0);
});

test('option errors exit 2, like input errors; --help exits 0', () => {
  assert.equal(run(['search', '--top', 'zero']).code, 2);
  assert.equal(run(['search', '--no-such-flag']).code, 2);
  assert.equal(run(['eval']).code, 2); // --queries is required
  assert.equal(run(['search', '--help']).code, 0);
});

test('a reader that closes the pipe early (search | head) ends the CLI quietly, no EPIPE stack', async () => {
  const p = spawn(process.execPath, [CLI, 'search', item('issue-py-002'), '--index', index, '--json', '--top', '50']);
  p.stdout.destroy(); // the reader is gone before the first write
  let err = '';
  p.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = await new Promise<number | null>((done) => p.on('close', done));
  assert.doesNotMatch(err, /EPIPE|Error:/);
  assert.equal(code, 0, err);
});

test('search --json from stdin: query, ranked results with title, url and score', () => {
  const r = run(
    ['search', '-', '--json', '--index', index, '--top', '3', '--min-confidence', '0'],
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
  const r = run(['search', item('issue-py-011'), '--index', index, '--min-confidence', '0']);
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /^Error: ModuleNotFoundError: No module named 'dewu'/);
  assert.match(r.out, /^1\. .+\n {3}https:\/\/stackoverflow\.com\/questions\//m);
});

test('no confident match: says so and exits 1; --all shows the candidates; --json flags it', () => {
  // A project's own exception that no thread speaks of.
  const text =
    'Traceback (most recent call last):\n  File "x.py", line 3, in <module>\n' +
    "zorblax.errors.QuuxFrobnicationError: the flux capacitor of 'zed' could not frobnicate\n";
  const quiet = run(['search', '-', '--index', index], text);
  assert.equal(quiet.code, 1, quiet.err);
  assert.match(quiet.out, /No confident match \(confidence 0\.\d+\).*--all/s);
  assert.doesNotMatch(quiet.out, /stackoverflow\.com\/questions/);
  const all = run(['search', '-', '--index', index, '--all'], text);
  assert.equal(all.code, 0, all.err);
  assert.match(all.out, /No confident match .*the candidates anyway/);
  assert.match(all.out, /^1\. .+\n {3}https:\/\/stackoverflow\.com\/questions\//m);
  const json = JSON.parse(run(['search', '-', '--index', index, '--json'], text).out);
  assert.equal(json.confident, false);
  assert.ok(json.confidence < 0.4 && json.results.length > 0);
  assert.equal(run(['search', '-', '--index', index, '--min-confidence', '1.5'], text).code, 2);
});

test('eval --json prints recall and MRR per retriever', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ss-eval-'));
  const q = join(dir, 'q.jsonl');
  // Gold ids come from the corpus, not from the tool: two indexed threads, each queried by its title.
  const threads = gunzipSync(readFileSync(CORPUS))
    .toString('utf8')
    .split('\n', 3000)
    .map((l) => JSON.parse(l) as { id: number; title: string })
    .filter((t) => t.title.split(' ').length >= 6)
    .slice(0, 2);
  assert.equal(threads.length, 2);
  writeFileSync(
    q,
    threads.map((t, i) => JSON.stringify({ qid: `q${i}`, query: t.title, gold: [t.id], exclude: [] })).join('\n') +
      '\n',
  );
  const r = run(['eval', '--queries', q, '--index', index, '--retrievers', 'bm25', '--json']);
  assert.equal(r.code, 0, r.err);
  const json = JSON.parse(r.out);
  assert.equal(json.queries, 2);
  assert.deepEqual(Object.keys(json.retrievers.bm25), ['R@1', 'R@5', 'R@10', 'R@20', 'R@50', 'MRR', 'quiet']);
  assert.equal(json.withGold, 2);
  assert.equal(json.retrievers.bm25.quiet.threshold, 0.4);
  assert.equal(json.retrievers.bm25['R@10'], 1);
  // The lexical references: every matching posting scored gives the same report; FTS5 needs its table.
  const exhaustive = run([
    'eval',
    '--queries',
    q,
    '--index',
    index,
    '--retrievers',
    'bm25',
    '--json',
    '--lexical-scorer',
    'exhaustive',
  ]);
  assert.equal(exhaustive.code, 0, exhaustive.err);
  assert.deepEqual(JSON.parse(exhaustive.out), json);
  const fts5 = run(['eval', '--queries', q, '--index', index, '--retrievers', 'bm25', '--lexical-scorer', 'fts5']);
  assert.equal(fts5.code, 2);
  assert.match(fts5.err, /no FTS5 baseline table.*--fts5-baseline/);
  assert.equal(run(['eval', '--queries', q, '--index', index, '--lexical-scorer', 'pruned']).code, 2);
  rmSync(dir, { recursive: true, force: true });
});

test('exit codes: 2 for every usage or input error (empty, binary, missing file, bad option, no such retriever)', () => {
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
  assert.equal(r.code, 2);
  assert.match(r.err, /--retriever must be one of bm25, dense, hybrid, rrf/);
  r = run(['search', item('issue-py-002'), '--index', index, '--retriever', 'dense'], undefined, {
    SNIPPET_SEARCH_MODEL: '/nonexistent',
  });
  assert.equal(r.code, 2);
  assert.match(r.err, /"dense" retriever needs an index built with the encoder/);
});

test('no index and no corpus: says how to get the StackExchange dump', () => {
  const empty = mkdtempSync(join(tmpdir(), 'ss-none-'));
  const r = run(['search', item('issue-py-002')], undefined, {
    SNIPPET_SEARCH_INDEX: join(empty, 'index'),
    SNIPPET_SEARCH_CORPUS: join(empty, 'none.jsonl.gz'),
  });
  assert.equal(r.code, 2);
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
  assert.equal(r.code, 2);
  assert.match(r.err, /c\.jsonl:2: not a JSON object/);
  const again = run(['search', item('issue-py-002'), '--index', join(dir, 'idx')]);
  assert.match(again.err, /No index at/);
});
