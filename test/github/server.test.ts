import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { request } from 'node:http';
import { after, before, test } from 'node:test';
import { createSnippetSearchApp } from '../../src/github/app.js';
import { startReceiver, WEBHOOK_PATH, type Receiver } from '../../src/github/server.js';
import { testEngine } from './app-harness.js';

const SECRET = 'shh';
const sign = (b: string) => `sha256=${createHmac('sha256', SECRET).update(b).digest('hex')}`;
let receiver: Receiver;
let failingEngine = true;

before(async () => {
  const app = createSnippetSearchApp({
    queueFile: ':memory:',
    appId: 1,
    engine: async () => {
      if (failingEngine) throw new Error('no index yet');
      return testEngine();
    },
  });
  receiver = await startReceiver({ app, secret: SECRET, port: 0, maxBodyBytes: 4096 });
});
after(() => receiver.close(100));

async function post(body: string, headers: Record<string, string> = {}) {
  return fetch(`${receiver.url}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-delivery': 'd1',
      'x-github-event': 'check_run',
      ...headers,
    },
    body,
  });
}

test('/healthz is up; /readyz says whether the index opens, and recovers without a restart', async () => {
  assert.equal((await fetch(`${receiver.url}/healthz`)).status, 200);
  const down = await fetch(`${receiver.url}/readyz`);
  assert.equal(down.status, 503);
  assert.deepEqual(((await down.json()) as { checks: object }).checks, { index: false });
  failingEngine = false;
  assert.equal((await fetch(`${receiver.url}/readyz`)).status, 200);
});

test('webhooks: bad signature 401; a payload without repository is acknowledged and ignored', async () => {
  const body = JSON.stringify({ action: 'completed', check_run: { id: 1, name: 'x' } });
  assert.equal((await post(body, { 'x-hub-signature-256': 'sha256=00' })).status, 401);
  const ok = await post(body, { 'x-hub-signature-256': sign(body) });
  assert.equal(ok.status, 202);
  assert.deepEqual(await ok.json(), { outcome: 'ignored' });
});

test('bodies over the limit are refused before the signature check, declared or streamed', async () => {
  const big = JSON.stringify({ pad: 'x'.repeat(10_000) });
  assert.equal((await post(big, { 'x-hub-signature-256': sign(big) })).status, 413);
  // Chunked (no content-length): cut off while reading.
  const status = await new Promise<number>((resolve, reject) => {
    const u = new URL(`${receiver.url}${WEBHOOK_PATH}`);
    const req = request(
      { host: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers: { 'transfer-encoding': 'chunked' } },
      (res) => resolve(res.statusCode ?? 0),
    );
    req.on('error', reject);
    for (let i = 0; i < 10; i++) req.write('x'.repeat(1000));
    req.end();
  });
  assert.equal(status, 413);
});

test('/metrics exposes deliveries by event and outcome, queue depth and the rest', async () => {
  const text = await (await fetch(`${receiver.url}/metrics`)).text();
  assert.match(text, /snippet_search_deliveries_total\{event="check_run",outcome="ignored"\} 1/);
  assert.match(text, /snippet_search_deliveries_total\{event="check_run",outcome="bad-signature"\} 1/);
  assert.match(text, /snippet_search_deliveries_total\{event="",outcome="too-large"\} 1/);
  for (const name of [
    'snippet_search_queue_depth',
    'snippet_search_job_duration_seconds',
    'snippet_search_github_api_calls_total',
    'snippet_search_answers_posted_total',
    'snippet_search_stayed_quiet_total',
  ])
    assert.match(text, new RegExp(`# TYPE ${name} `));
});
