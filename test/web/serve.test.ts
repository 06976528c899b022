import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { openEngine, type Engine } from '../../src/engine.js';
import { createSnippetSearchApp } from '../../src/github/app.js';
import { type SearchPageHandler } from '../../src/web/search-page.js';
import { ROOT, SHARED } from '../helpers/paths.js';
import { buildSmallIndex } from '../helpers/small-index.js';

const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const TRACEBACK = readFileSync(join(SHARED, 'fixtures', 'extraction', 'items', 'ci-py-006.txt'), 'latin1');
const HOSTILE =
  'Traceback (most recent call last):\n  File "<script>alert(1)</script>.py", line 1, in <module>\n' +
  '    x = {}["<img src=x onerror=alert(2)>"]\nKeyError: \'<img src=x onerror=alert(2)>\'';

let index = '';
let serve: ChildProcess;
let base = '';

before(async () => {
  index = await buildSmallIndex(1500);
  serve = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--index', index], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  base = await new Promise<string>((resolve, reject) => {
    serve.stdout!.on('data', (d) => {
      out += d;
      const m = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m) resolve(m[1]!);
    });
    serve.stderr!.on('data', (d) => (out += d));
    serve.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
});
after(() => {
  serve.kill('SIGTERM');
});

interface ApiJson {
  results: Array<Record<string, unknown>>;
  query: { failures: Array<{ errorType: string; errorMessage: string }> };
  error?: string;
}
const body = async (res: Response) => (await res.json()) as ApiJson;

function post(url: string, body: string | Buffer, type = 'application/json') {
  return fetch(url, { method: 'POST', headers: { 'content-type': type }, body });
}

test('the new commands have --help', async () => {
  for (const cmd of [['index', 'pack'], ['index', 'pull'], ['serve']]) {
    const out = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, [CLI, ...cmd, '--help'], (err, stdout) => (err ? reject(err) : resolve(stdout))),
    );
    assert.match(out, /Usage: snippet-search/, cmd.join(' '));
  }
});

test('serve: GET / is the page, with a strict CSP and only same-origin, relative assets', async () => {
  const res = await fetch(base);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type')!, /^text\/html/);
  const csp = res.headers.get('content-security-policy')!;
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /script-src 'self'(;|$)/);
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|\*/);
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  const html = await res.text();
  assert.match(html, /<textarea id="text"/);
  const assets = [...html.matchAll(/<(?:script|link)\s[^>]*?(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
  assert.deepEqual(assets.sort(), ['app.js', 'favicon.svg', 'style.css']);
  assert.doesNotMatch(html, /<script>|<style>|\sstyle="|\son\w+="/, 'no inline script, style or handler');
  for (const a of assets) assert.equal((await fetch(new URL(a, base))).status, 200, a);
});

test('POST /api/search returns what `search --json` prints for the same text', async () => {
  const res = await post(`${base}api/search`, JSON.stringify({ text: TRACEBACK, top: 3 }));
  assert.equal(res.status, 200);
  const api = await body(res);
  const cli = await new Promise<string>((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [CLI, 'search', '-', '--json', '--top', '3', '--index', index],
      // Exit 1 is "nothing confident" (the JSON says so too); anything else is a failure.
      (err, out) => (err && err.code !== 1 ? reject(err) : resolve(out)),
    );
    child.stdin!.end(TRACEBACK);
  });
  const expected = JSON.parse(cli);
  assert.equal(api.results.length, 3);
  assert.deepEqual(api.results, expected.results);
  assert.deepEqual(api, expected);
});

test('a 2 MB POST gets 413 with a message that says what to do', async () => {
  const big = JSON.stringify({ text: 'x'.repeat(2 * 1024 * 1024) });
  const res = await post(`${base}api/search`, big);
  assert.equal(res.status, 413);
  assert.match((await body(res)).error!, /larger than 1024 KiB: paste the failing part/);
});

test('hostile input comes back escaped: no markup in the response bytes, the text intact once parsed', async () => {
  const res = await post(`${base}api/search`, JSON.stringify({ text: HOSTILE, top: 3 }));
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type')!, /^application\/json/);
  const raw = await res.text();
  assert.doesNotMatch(raw, /[<>]/);
  assert.match(raw, /\\u003cimg src=x onerror=alert\(2\)\\u003e/);
  const json = JSON.parse(raw) as ApiJson;
  assert.equal(json.query.failures[0]!.errorType, 'KeyError');
  assert.match(json.query.failures[0]!.errorMessage, /<img src=x onerror=alert\(2\)>/);
});

test('bad requests get clear 4xx answers', async () => {
  assert.equal((await post(`${base}api/search`, '{not json')).status, 400);
  assert.equal((await post(`${base}api/search`, JSON.stringify({ text: '' }))).status, 400);
  assert.equal((await post(`${base}api/search`, JSON.stringify({ text: 'x', top: 500 }))).status, 400);
  assert.equal((await post(`${base}api/search`, 'text=x', 'application/x-www-form-urlencoded')).status, 415);
  assert.equal((await fetch(`${base}api/search`)).status, 405);
  assert.equal((await fetch(`${base}nope`)).status, 404);
});

test('the App mounts the same page at /snippet-search (sharing its engine)', async () => {
  const engine: Engine = openEngine({ indexDir: index });
  let opened = 0;
  const appFn = createSnippetSearchApp({ engine: () => (opened++, Promise.resolve(engine)) });
  const handlers: SearchPageHandler[] = [];
  const fakeProbot = { log: { info() {}, warn() {}, error() {}, child: () => fakeProbot.log }, on() {}, onAny() {} };
  (appFn as unknown as (app: unknown, o: unknown) => void)(fakeProbot, {
    cwd: ROOT,
    addHandler: (h: SearchPageHandler) => handlers.push(h),
  });
  // The App's own routes (/healthz, /readyz, /metrics) and the page.
  assert.equal(handlers.length, 2);
  // Probot with no HTTP server throws from addHandler: the webhook handlers must load all the same.
  const events: unknown[] = [];
  const bare = { ...fakeProbot, onAny: (e: unknown) => events.push(e) };
  (appFn as unknown as (app: unknown, o: unknown) => void)(bare, {
    addHandler: () => {
      throw new Error('No server instance');
    },
  });
  assert.equal(events.length, 1, 'the webhook handler is registered');
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      for (const h of handlers) if (await h(req, res)) return;
      res.writeHead(404, { 'x-from': 'probot' }).end();
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const redirect = await fetch(`${root}/snippet-search`, { redirect: 'manual' });
    assert.equal(redirect.status, 308);
    assert.equal(redirect.headers.get('location'), '/snippet-search/');
    const page = await fetch(`${root}/snippet-search/`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /snippet-search/);
    const res = await post(`${root}/snippet-search/api/search`, JSON.stringify({ text: TRACEBACK, top: 3 }));
    const api = await body(res);
    const direct = await post(`${base}api/search`, JSON.stringify({ text: TRACEBACK, top: 3 }));
    assert.deepEqual(api, await direct.json());
    assert.equal(opened, 1);
    const other = await fetch(`${root}/api/github/webhooks`);
    assert.equal(other.headers.get('x-from'), 'probot', 'other paths are left to Probot');
  } finally {
    server.close();
    engine.close();
  }
});
