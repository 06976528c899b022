/**
 * `npm run loadtest`: 300 signed webhook deliveries to the running App on loopback, GitHub's API
 * served by a mock on loopback that records every call. Checks: every delivery answered 2xx in time,
 * each expected API call made exactly once (one comment per PR, then edits; one log download per
 * job; nothing for redeliveries and bot comments), RSS bounded. Exits non-zero when a check fails.
 */
import { createHmac, generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createNodeMiddleware, Probot } from 'probot';
import { pino } from 'pino';
import { openEngine } from '../src/engine.js';
import { loadDefaultEncoder } from '../src/encoder/load.js';
import { unthrottledOctokit } from '../src/github/octokit.js';
import { createSnippetSearchApp } from '../src/github/app.js';
import { buildIndex } from '../src/index/build-index.js';
import { MANIFEST_FILE } from '../src/index/manifest.js';
import { defaultCorpus, defaultIndexDir, packageRoot } from '../src/paths.js';

const DELIVERIES = Number(process.env.LT_N ?? 300);
const PRS = 20;
const SECRET = 'loadtest-secret';
const OWNER = 'octo';
const REPO = 'repo';
const LOGS = ['ci-py-006', 'ci-py-012', 'ci-py-001', 'ci-py-013', 'ci-rs-002', 'ci-go-003'].map((id) =>
  readFileSync(join(packageRoot(), '..', 'shared', 'fixtures', 'extraction', 'items', `${id}.txt`)),
);

function listen(server: Server): Promise<string> {
  return new Promise((r) =>
    server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A tiny stateful GitHub API: comments per issue, job logs, config 404s; every call counted. */
function mockGitHub() {
  const calls = new Map<string, number>();
  const comments = new Map<
    number,
    Array<{ id: number; body: string; user: { type: string }; performed_via_github_app: { id: number } }>
  >();
  let nextId = 1;
  const server = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://x');
    const key = `${req.method} ${decodeURIComponent(url.pathname)}`;
    if (process.env.LT_TRACE) console.error((performance.now() / 1000).toFixed(2), key);
    calls.set(key, (calls.get(key) ?? 0) + 1);
    const json = (status: number, data: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(data));
    };
    let m: RegExpExecArray | null;
    if (/\/access_tokens$/.test(url.pathname)) return json(201, { token: 't', expires_at: '2099-01-01T00:00:00Z' });
    if (/\/contents\//.test(url.pathname)) return json(404, { message: 'Not Found' });
    if ((m = /\/actions\/jobs\/(\d+)\/logs$/.exec(url.pathname))) {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end(LOGS[Number(m[1]) % LOGS.length]);
    }
    if ((m = /\/actions\/jobs\/(\d+)$/.exec(url.pathname))) return json(200, { id: Number(m[1]), workflow_name: 'CI' });
    if (/\/issues\/\d+\/labels$/.test(url.pathname)) return json(200, []);
    if ((m = /\/issues\/(\d+)\/comments$/.exec(url.pathname))) {
      const n = Number(m[1]);
      if (req.method === 'GET') return json(200, comments.get(n) ?? []);
      const b = JSON.parse(await body(req));
      const c = { id: nextId++, body: b.body, user: { type: 'Bot' }, performed_via_github_app: { id: 1 } };
      comments.set(n, [...(comments.get(n) ?? []), c]);
      return json(201, c);
    }
    if ((m = /\/issues\/comments\/(\d+)$/.exec(url.pathname)) && req.method === 'PATCH') {
      const b = JSON.parse(await body(req));
      for (const list of comments.values()) for (const c of list) if (c.id === Number(m[1])) c.body = b.body;
      return json(200, {});
    }
    if (/\/reactions$/.test(url.pathname)) return json(201, {});
    json(404, { message: `mock has no ${key}` });
  });
  return { server, calls, comments };
}

function sign(payload: string): string {
  return `sha256=${createHmac('sha256', SECRET).update(payload).digest('hex')}`;
}

async function engineForLoadtest() {
  const dir = defaultIndexDir();
  const encoder = await loadDefaultEncoder({ optional: true });
  if (existsSync(join(dir, MANIFEST_FILE))) return openEngine({ indexDir: dir, encoder });
  const tmp = join(packageRoot(), 'index-loadtest');
  console.error(`no index at ${dir}; building a small one (5,000 threads) at ${tmp}`);
  await buildIndex({ corpus: defaultCorpus(), out: tmp, limit: 5000, encoder });
  return openEngine({ indexDir: tmp, encoder });
}

const rssSamples: number[] = [];
const sampler = setInterval(() => rssSamples.push(process.memoryUsage().rss), 50);

const api = mockGitHub();
const apiUrl = await listen(api.server);
const { privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const probot = new Probot({
  appId: 1,
  privateKey,
  secret: SECRET,
  baseUrl: apiUrl,
  log: pino({ level: 'warn' }),
  Octokit: unthrottledOctokit(),
});
const engine = await engineForLoadtest();
const app = createSnippetSearchApp({ engine: async () => engine, appId: 1, queueFile: ':memory:' });
const middleware = await createNodeMiddleware(app, { probot });
const appServer = createServer((req, res) =>
  middleware(req, res, () => {
    res.writeHead(404);
    res.end();
  }),
);
const appUrl = await listen(appServer);
const rssBefore = process.memoryUsage().rss;

// The deliveries: failing jobs spread over PRs, redeliveries of some, bot comments, /snippet-search commands.
interface Delivery {
  id: string;
  name: string;
  payload: object;
}
const deliveries: Delivery[] = [];
const jobs = Number(process.env.LT_JOBS ?? 200);
for (let j = 0; j < jobs; j++) {
  deliveries.push({
    id: `job-${j}`,
    name: 'check_run',
    payload: {
      action: 'completed',
      installation: { id: 1 },
      repository: { name: REPO, owner: { login: OWNER } },
      sender: { login: 'github-actions[bot]', type: 'Bot' },
      check_run: {
        id: 10_000 + j,
        name: `job-${j % 7}-${j}`,
        head_sha: `sha${j % PRS}`,
        conclusion: 'failure',
        html_url: null,
        app: { id: 15368, slug: 'github-actions' },
        pull_requests: [{ number: 1 + (j % PRS) }],
        output: {},
      },
    },
  });
}
for (let r = 0; r < 50; r++) deliveries.push({ ...deliveries[r * 4]! }); // redelivered: same X-GitHub-Delivery
for (let c = 0; c < 40; c++) {
  deliveries.push({
    id: `bot-${c}`,
    name: 'issue_comment',
    payload: {
      action: 'created',
      installation: { id: 1 },
      repository: { name: REPO, owner: { login: OWNER } },
      sender: { login: 'x[bot]', type: 'Bot' },
      issue: { number: 500 + c, labels: [], body: '' },
      comment: { id: 70_000 + c, body: '/snippet-search\nValueError: x', user: { login: 'x[bot]', type: 'Bot' } },
    },
  });
}
for (let c = 0; c < DELIVERIES - deliveries.length + 10; c++) {
  deliveries.push({
    id: `cmd-${c}`,
    name: 'issue_comment',
    payload: {
      action: 'created',
      installation: { id: 1 },
      repository: { name: REPO, owner: { login: OWNER } },
      sender: { login: `u${c}`, type: 'User' },
      issue: { number: 900 + c, labels: [], body: '' },
      comment: {
        id: 80_000 + c,
        body: `/snippet-search\n\`\`\`\nTraceback (most recent call last):\n  File "a.py", line ${c}, in <module>\n    d["k${c}"]\nKeyError: 'k${c}'\n\`\`\``,
        user: { login: `u${c}`, type: 'User' },
      },
    },
  });
}
deliveries.length = DELIVERIES;
const commands = deliveries.filter((d) => d.id.startsWith('cmd-')).length;

const latencies: number[] = [];
let non2xx = 0;
const started = performance.now();
for (let i = 0; i < deliveries.length; i += 25) {
  await Promise.all(
    deliveries.slice(i, i + 25).map(async (d) => {
      const payload = JSON.stringify(d.payload);
      const t0 = performance.now();
      const res = await fetch(`${appUrl}/api/github/webhooks`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-github-event': d.name,
          'x-github-delivery': d.id,
          'x-hub-signature-256': sign(payload),
        },
        body: payload,
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (res.status < 200 || res.status >= 300) non2xx++;
    }),
  );
}
const sentSeconds = (performance.now() - started) / 1000;
await app.idle();
const doneSeconds = (performance.now() - started) / 1000;
clearInterval(sampler);

latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
const get = (k: string) => api.calls.get(k) ?? 0;
const failures: string[] = [];
if (non2xx) failures.push(`${non2xx} deliveries not answered 2xx`);
if (pct(99) > 2000) failures.push(`p99 webhook answer ${pct(99).toFixed(0)} ms > 2000 ms`);
for (let j = 0; j < jobs; j++) {
  const n = get(`GET /repos/${OWNER}/${REPO}/actions/jobs/${10_000 + j}/logs`);
  if (n !== 1) failures.push(`job ${10_000 + j} log downloaded ${n} times`);
}
let prComments = 0;
for (let p = 1; p <= PRS; p++) {
  const n = get(`POST /repos/${OWNER}/${REPO}/issues/${p}/comments`);
  prComments += n;
  if (n !== 1) failures.push(`PR ${p}: ${n} comments created (want exactly 1, then edits)`);
  const ours = api.comments.get(p) ?? [];
  const sections = (ours[0]?.body.match(/<!-- snippet-search:job /g) ?? []).length;
  if (sections !== jobs / PRS) failures.push(`PR ${p}: ${sections} job sections, want ${jobs / PRS}`);
}
for (let c = 0; c < 40; c++)
  if (get(`POST /repos/${OWNER}/${REPO}/issues/${500 + c}/comments`)) failures.push(`bot comment ${c} answered`);
let replies = 0;
for (let c = 0; c < commands; c++) replies += get(`POST /repos/${OWNER}/${REPO}/issues/${900 + c}/comments`);
const perRepoLimit = 60;
if (replies !== Math.min(commands, perRepoLimit))
  failures.push(
    `${replies} command replies, want ${Math.min(commands, perRepoLimit)} (the per-repo limit is ${perRepoLimit}/hour)`,
  );
const peakRss = Math.max(...rssSamples);
const report = {
  deliveries: deliveries.length,
  non2xx,
  answerP50Ms: Math.round(pct(50) * 10) / 10,
  answerP99Ms: Math.round(pct(99) * 10) / 10,
  sentSeconds: Math.round(sentSeconds * 100) / 100,
  allWorkDoneSeconds: Math.round(doneSeconds * 100) / 100,
  apiCalls: [...api.calls.values()].reduce((a, b) => a + b, 0),
  prCommentsCreated: prComments,
  commandReplies: replies,
  rssBeforeMb: Math.round(rssBefore / 1e6),
  peakRssMb: Math.round(peakRss / 1e6),
  failures,
};
console.log(JSON.stringify(report, null, 2));
engine.close();
appServer.close();
api.server.close();
process.exit(failures.length ? 1 : 0);
