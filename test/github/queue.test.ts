/** Queue mode against a real redis-server: two receivers, workers, crash handoff, pacing. */
import assert from 'node:assert/strict';
import { createHmac, generateKeyPairSync } from 'node:crypto';
import { after, before, test } from 'node:test';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { Probot } from 'probot';
import { createSnippetSearchApp, type SnippetSearchApp } from '../../src/github/app.js';
import { WritePacer } from '../../src/github/coordination.js';
import { appOctokit, timeoutFetch } from '../../src/github/octokit.js';
import { RedisCoordination, redisTransport, startRedisWorker } from '../../src/github/redis-queue.js';
import { RedisFailureStore } from '../../src/history/redis-store.js';
import { startReceiver, WEBHOOK_PATH, type Receiver } from '../../src/github/server.js';
import { redisUnavailable, startRedis, type RedisServer } from '../helpers/redis.js';
import { startFakeGitHub, type FakeGitHub } from './fake-github.js';
import { fixtureLog, testEngine } from './app-harness.js';

const skip = redisUnavailable();
if (skip) console.log(`# queue-mode tests skipped: ${skip}`);
const SECRET = 'q-secret';
const APP_ID = 7;
const { privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const LOGS = ['ci-py-006', 'ci-py-012', 'ci-py-001'].map(fixtureLog);

let redis: RedisServer;
let gh: FakeGitHub;
const receivers: Receiver[] = [];
const clients: Redis[] = [];
function client(): Redis {
  const c = new Redis(redis.url);
  clients.push(c);
  return c;
}

function probot(): Probot {
  return new Probot({
    appId: APP_ID,
    privateKey,
    baseUrl: gh.url,
    log: pino({ level: 'silent' }),
    Octokit: appOctokit({ retryAfterBaseMs: 1 }),
    request: { fetch: timeoutFetch(3000) },
  });
}

function workerApp(): SnippetSearchApp {
  const app = createSnippetSearchApp({
    role: 'worker',
    appId: APP_ID,
    engine: testEngine,
    coordination: new RedisCoordination(client()),
    history: new RedisFailureStore({ redis: client() }), // the workers share one history
    gatherMs: 100,
    transport: () => redisTransport(redis.url),
  });
  app.attach(probot());
  return app;
}

function failingJob(jobId: number, pr: number) {
  return {
    action: 'completed',
    installation: { id: 1 },
    repository: { name: 'r', owner: { login: 'o' } },
    sender: { login: 'github-actions[bot]', type: 'Bot' },
    workflow_job: { id: jobId, name: `job${jobId}`, workflow_name: 'CI', head_sha: `sha${pr}`, conclusion: 'failure' },
    check_run: {
      id: jobId,
      name: `job${jobId}`,
      head_sha: `sha${pr}`,
      conclusion: 'failure',
      app: { id: 15368, slug: 'github-actions' },
      pull_requests: [{ number: pr }],
    },
  };
}

async function send(r: Receiver, id: string, event: string, payload: object): Promise<number> {
  const body = JSON.stringify(payload);
  const res = await fetch(`${r.url}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-delivery': id,
      'x-github-event': event,
      'x-hub-signature-256': `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`,
    },
    body,
  });
  await res.arrayBuffer();
  return res.status;
}

async function until(cond: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

before(async () => {
  if (skip) return;
  redis = await startRedis();
  gh = await startFakeGitHub({ appId: APP_ID, log: (id) => LOGS[id % LOGS.length]! });
  await testEngine();
  for (let i = 0; i < 2; i++) {
    const app = createSnippetSearchApp({ appId: APP_ID, transport: () => redisTransport(redis.url) });
    receivers.push(await startReceiver({ app, secret: SECRET, port: 0 }));
  }
});

after(async () => {
  if (skip) return;
  for (const r of receivers) await r.close(100);
  for (const c of clients) c.disconnect();
  await gh.close();
  await redis.stop();
});

test(
  'queue mode end to end: two receivers, one answer per job, jobs of one PR coalesced into one comment',
  { skip: skip ?? false },
  async () => {
    const app = workerApp();
    const worker = startRedisWorker({ url: redis.url, concurrency: 3, run: (i) => app.runItem(i), lockMs: 2000 });
    const statuses: number[] = [];
    // Three jobs of PR 1 at the same moment, each delivered to both receivers, and as both events.
    await Promise.all(
      [101, 102, 103].flatMap((job) => [
        send(receivers[0]!, `cr-${job}`, 'check_run', failingJob(job, 1)).then((s) => statuses.push(s)),
        send(receivers[1]!, `cr-${job}`, 'check_run', failingJob(job, 1)).then((s) => statuses.push(s)),
        send(receivers[1]!, `wj-${job}`, 'workflow_job', failingJob(job, 1)).then((s) => statuses.push(s)),
      ]),
    );
    assert.ok(
      statuses.every((s) => s === 202),
      String(statuses),
    );
    await until(async () => (gh.comments.get(1)?.[0]?.body.match(/<!-- snippet-search:job /g) ?? []).length === 3);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(gh.calls.get('POST /repos/o/r/issues/1/comments'), 1);
    for (const job of [101, 102, 103]) assert.equal(gh.calls.get(`GET /repos/o/r/actions/jobs/${job}/logs`), 1);
    const ready = await fetch(`${receivers[0]!.url}/readyz`);
    assert.deepEqual(await ready.json(), { ready: true, checks: { redis: true } });
    await worker.close();
  },
);

test('a worker that dies with a job leaves it to another worker', { skip: skip ?? false }, async () => {
  const app = workerApp();
  let started = false;
  const dying = startRedisWorker({
    url: redis.url,
    concurrency: 1,
    lockMs: 1000,
    run: () => ((started = true), new Promise<void>(() => {})),
  });
  assert.equal(await send(receivers[0]!, 'crash-1', 'check_run', failingJob(201, 2)), 202);
  await until(() => started);
  await dying.close(true); // like SIGKILL: no more lock renewals, the job is left active
  const survivor = startRedisWorker({ url: redis.url, concurrency: 1, lockMs: 1000, run: (i) => app.runItem(i) });
  await until(() => (gh.comments.get(2) ?? []).length === 1);
  assert.equal(gh.calls.get('POST /repos/o/r/issues/2/comments'), 1);
  await survivor.close();
});

test('writes are paced per installation across workers', { skip: skip ?? false }, async () => {
  const store = new RedisCoordination(client());
  const a = new WritePacer(store, 3, 400);
  const b = new WritePacer(store, 3, 400);
  const times: number[] = [];
  await Promise.all(Array.from({ length: 7 }, (_, i) => (i % 2 ? a : b).take(99).then(() => times.push(Date.now()))));
  const windows = new Map<number, number>();
  for (const t of times) windows.set(Math.floor(t / 400), (windows.get(Math.floor(t / 400)) ?? 0) + 1);
  assert.ok(
    [...windows.values()].every((n) => n <= 3),
    JSON.stringify([...windows]),
  );
  assert.ok(windows.size >= 3);
  // Another installation has its own budget.
  const t0 = Date.now();
  await a.take(100);
  assert.ok(Date.now() - t0 < 100);
});
