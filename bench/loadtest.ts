/**
 * `npm run loadtest [-- --redis --workers 3] [--json]`: 1,000 signed webhook deliveries to the App run as
 * real processes on loopback. Without `--redis`: one single-process App (`dist/src/github/server.js`).
 * With `--redis`: a throwaway redis-server, two receivers and N `snippet-search worker` processes; one
 * worker and one receiver are SIGKILLed mid-run and restarted. GitHub is faked on loopback and injects
 * faults (502 after storing a comment, 403 secondary limits with retry-after, stalling logs). Prints one
 * JSON object; exits non-zero when an expected GitHub write is missing or duplicated.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../src/paths.js';
import { buildSmallIndex } from '../test/helpers/small-index.js';
import { freePort, startRedis, type RedisServer } from '../test/helpers/redis.js';

const argv = process.argv.slice(2);
const REDIS = argv.includes('--redis');
const WORKERS = Number(argv[argv.indexOf('--workers') + 1] ?? 3) || 3;
const JSON_ONLY = argv.includes('--json');
const SECRET = 'loadtest-secret';
const APP_ID = 1;
const OWNER = 'octo';
const PRS = 100;
const INSTALLATIONS = 10; // the App paces writes per installation (80/min): realistic, and spread over 10
const LOGS = ['ci-py-006', 'ci-py-012', 'ci-py-001', 'ci-py-013', 'ci-rs-002', 'ci-go-003'].map((id) =>
  readFileSync(join(packageRoot(), '..', 'shared', 'fixtures', 'extraction', 'items', `${id}.txt`), 'utf8'),
);
const say = (s: string) => {
  if (!JSON_ONLY) console.error(s);
};

// ---- the fake GitHub: comments per repo/issue, every write recorded, faults injected ----
interface Comment {
  id: number;
  body: string;
  user: { type: string; login: string };
  performed_via_github_app: { id: number };
}
const comments = new Map<string, Comment[]>(); // "repo#issue"
const posts = new Map<string, number>();
const stalled = new Set<number>();
let writes = 0;
let nextId = 1;
let calls = 0;
async function readJson(req: IncomingMessage): Promise<{ body?: string; head_sha?: string }> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const s = Buffer.concat(chunks).toString('utf8');
  return s ? (JSON.parse(s) as { body?: string }) : {};
}
const gh = createServer((req, res) => {
  void (async () => {
    calls++;
    const path = decodeURIComponent(new URL(req.url!, 'http://x').pathname);
    const json = (status: number, data: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(data));
    };
    let m: RegExpExecArray | null;
    if (path.endsWith('/access_tokens')) return json(201, { token: 't', expires_at: '2099-01-01T00:00:00Z' });
    if (req.method !== 'GET' && ++writes % 37 === 0) {
      await readJson(req);
      return json(403, { message: 'You have exceeded a secondary rate limit.' }, { 'retry-after': '1' });
    }
    if (path.includes('/contents/')) {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end('minConfidence: 0\n');
    }
    if ((m = /\/actions\/jobs\/(\d+)\/logs$/.exec(path))) {
      const id = Number(m[1]);
      res.writeHead(200, { 'content-type': 'text/plain' });
      if (id % 50 === 7 && !stalled.has(id)) {
        stalled.add(id);
        res.write('2024-01-01T00:00:00Z starting\n');
        return; // stalls after the headers, once
      }
      return res.end(LOGS[id % LOGS.length]);
    }
    if ((m = /\/actions\/jobs\/(\d+)$/.exec(path))) return json(200, { id: Number(m[1]), workflow_name: 'CI' });
    if (/\/issues\/\d+\/labels$/.test(path)) return json(200, []);
    // workflow_job carries no pull_requests: the App asks which PRs have the head sha (sha<N> is PR N's).
    if ((m = /\/commits\/sha(\d+)\/pulls$/.exec(path)))
      return json(200, [{ number: Number(m[1]), state: 'open', head: { sha: `sha${m[1]}` } }]);
    if ((m = /\/repos\/[^/]+\/([^/]+)\/issues\/(\d+)\/comments$/.exec(path))) {
      const key = `${m[1]}#${m[2]}`;
      if (req.method === 'GET') return json(200, comments.get(key) ?? []);
      const b = await readJson(req);
      const c: Comment = {
        id: nextId++,
        body: b.body ?? '',
        user: { type: 'Bot', login: 'snippet-search[bot]' },
        performed_via_github_app: { id: APP_ID },
      };
      comments.set(key, [...(comments.get(key) ?? []), c]);
      const nth = (posts.get(key) ?? 0) + 1;
      posts.set(key, nth);
      if (nth === 1 && Number(m[2]) % 9 === 0) return json(502, { message: 'Bad Gateway' }); // stored, then 502
      return json(201, c);
    }
    if ((m = /\/issues\/comments\/(\d+)$/.exec(path)) && req.method === 'PATCH') {
      const b = await readJson(req);
      for (const list of comments.values()) for (const c of list) if (c.id === Number(m[1])) c.body = b.body ?? '';
      return json(200, {});
    }
    if (/\/reactions$/.test(path)) return json(201, {});
    if (/\/check-runs$/.test(path)) return json(200, { total_count: 0, check_runs: [] });
    json(404, { message: `fake has no ${req.method} ${path}` });
  })().catch(() => res.destroy());
});
await new Promise<void>((r) => gh.listen(0, '127.0.0.1', r));
const ghUrl = `http://127.0.0.1:${(gh.address() as AddressInfo).port}`;

// ---- processes ----
const tmp = mkdtempSync(join(tmpdir(), 'ss-loadtest-'));
say('building a small index (1,500 threads)');
const indexDir = await buildSmallIndex(1500);
const { privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
writeFileSync(join(tmp, 'key.pem'), privateKey);
let redis: RedisServer | null = null;
if (REDIS) redis = await startRedis();
const env = {
  ...process.env,
  APP_ID: String(APP_ID),
  PRIVATE_KEY_PATH: join(tmp, 'key.pem'),
  WEBHOOK_SECRET: SECRET,
  GITHUB_API_URL: ghUrl,
  SNIPPET_SEARCH_INDEX: indexDir,
  SNIPPET_SEARCH_QUEUE_DB: join(tmp, 'queue.db'),
  SNIPPET_SEARCH_HTTP_TIMEOUT_MS: '3000',
  SNIPPET_SEARCH_LOCK_MS: '5000',
  SNIPPET_SEARCH_BACKOFF_MS: '500',
  LOG_LEVEL: (process.env.LT_LOG_LEVEL ?? 'warn') as 'warn',
  ...(redis ? { REDIS_URL: redis.url } : {}),
};
const children = new Set<ChildProcess>();
const rss = new Map<number, number>();
function spawnNode(args: string[], extra: Record<string, string> = {}): ChildProcess {
  const c = spawn(process.execPath, args, {
    env: { ...env, ...extra },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(c);
  c.once('exit', () => children.delete(c));
  return c;
}
async function waitReady(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up in 30 s`);
}
interface Receiver {
  url: string;
  port: number;
  child: ChildProcess;
}
async function startReceiverProcess(port?: number): Promise<Receiver> {
  const p = port ?? (await freePort());
  const child = spawnNode([join(packageRoot(), 'dist', 'src', 'github', 'server.js')], { PORT: String(p) });
  const url = `http://127.0.0.1:${p}`;
  await waitReady(url);
  return { url, port: p, child };
}
const main = join(packageRoot(), 'dist', 'src', 'cli', 'main.js');
const startWorker = () => spawnNode([main, 'worker', '--concurrency', '2']);
const receivers: Receiver[] = [await startReceiverProcess()];
if (REDIS) receivers.push(await startReceiverProcess());
const workers: ChildProcess[] = REDIS ? Array.from({ length: WORKERS }, startWorker) : [];
const sampler = setInterval(() => {
  for (const c of children) {
    try {
      const status = readFileSync(`/proc/${c.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      rss.set(c.pid!, Math.max(rss.get(c.pid!) ?? 0, kb * 1024));
    } catch {
      /* exited */
    }
  }
}, 200);

// ---- the deliveries ----
interface Delivery {
  id: string;
  name: string;
  payload: object;
}
const repoOf = (inst: number) => `repo${inst}`;
const base = (inst: number, sender: { login: string; type: string }) => ({
  installation: { id: inst },
  repository: { name: repoOf(inst), owner: { login: OWNER } },
  sender,
});
const deliveries: Delivery[] = [];
const expectedSections = new Map<string, Set<number>>(); // "repo#pr" -> job ids
const expectedReplies = new Set<string>();
const jobs = 500;
for (let j = 0; j < jobs; j++) {
  const pr = 1 + (j % PRS);
  const inst = 1 + (pr % INSTALLATIONS);
  const jobId = 10_000 + j;
  const key = `${repoOf(inst)}#${pr}`;
  expectedSections.set(key, (expectedSections.get(key) ?? new Set()).add(jobId));
  const common = {
    ...base(inst, { login: 'github-actions[bot]', type: 'Bot' }),
    action: 'completed',
    check_run: {
      id: jobId,
      name: `job-${j}`,
      head_sha: `sha${pr}`,
      conclusion: 'failure',
      html_url: null,
      app: { id: 15368, slug: 'github-actions' },
      pull_requests: [{ number: pr }],
      output: {},
    },
  };
  deliveries.push({ id: `cr-${j}`, name: 'check_run', payload: common });
  if (j % 5 === 0)
    deliveries.push({
      id: `wj-${j}`,
      name: 'workflow_job',
      payload: {
        ...common,
        workflow_job: { id: jobId, name: `job-${j}`, workflow_name: 'CI', head_sha: `sha${pr}`, conclusion: 'failure' },
      },
    });
}
for (let r = 0; r < 100; r++) deliveries.push({ ...deliveries[r * 5]! }); // redelivered: same X-GitHub-Delivery
for (let c = 0; c < 50; c++)
  deliveries.push({
    id: `bot-${c}`,
    name: 'issue_comment',
    payload: {
      ...base(1 + (c % INSTALLATIONS), { login: 'x[bot]', type: 'Bot' }),
      action: 'created',
      issue: { number: 500 + c, labels: [], body: '' },
      comment: { id: 70_000 + c, body: '/snippet-search\nValueError: x', user: { login: 'x[bot]', type: 'Bot' } },
    },
  });
for (let c = 0; deliveries.length < 1000; c++) {
  const inst = 1 + (c % INSTALLATIONS);
  expectedReplies.add(`${repoOf(inst)}#${900 + c}`);
  deliveries.push({
    id: `cmd-${c}`,
    name: 'issue_comment',
    payload: {
      ...base(inst, { login: `u${c}`, type: 'User' }),
      action: 'created',
      issue: { number: 900 + c, labels: [], body: '' },
      comment: {
        id: 80_000 + c,
        body: `/snippet-search\n\`\`\`\nTraceback (most recent call last):\n  File "a.py", line ${c}, in <module>\n    d["k${c}"]\nKeyError: 'k${c}'\n\`\`\``,
        user: { login: `u${c}`, type: 'User' },
      },
    },
  });
}
// Interleave so several jobs of one PR arrive at the same moment (they are adjacent modulo PRS).
deliveries.sort((a, b) => hash(a.id) - hash(b.id));
function hash(s: string): number {
  let h = 7;
  for (const ch of s) h = (h * 31 + ch.charCodeAt(0)) % 1_000_003;
  return h;
}

// ---- send, with crashes ----
const latencies: number[] = [];
let acknowledged = 0;
let crashed = false;
for (let i = 0; i < deliveries.length; i += 20) {
  if (REDIS && !crashed && i >= 400) {
    crashed = true;
    say('SIGKILL: one worker, one receiver');
    workers[0]!.kill('SIGKILL');
    const r = receivers[1]!;
    r.child.kill('SIGKILL');
    workers[0] = startWorker();
    receivers[1] = await startReceiverProcess(r.port);
  }
  await Promise.all(
    deliveries.slice(i, i + 20).map(async (d, k) => {
      const payload = JSON.stringify(d.payload);
      const t0 = performance.now();
      // Like GitHub: a delivery that was not acknowledged is redelivered (at most 5 tries).
      for (let attempt = 0; attempt < 5; attempt++) {
        const r = receivers[(i + k + attempt) % receivers.length]!;
        const status = await fetch(`${r.url}/api/github/webhooks`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-github-event': d.name,
            'x-github-delivery': d.id,
            'x-hub-signature-256': `sha256=${createHmac('sha256', SECRET).update(payload).digest('hex')}`,
          },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        }).then(
          async (res) => (await res.arrayBuffer(), res.status),
          () => 0,
        );
        if (status >= 200 && status < 300) {
          if (attempt === 0) latencies.push(performance.now() - t0);
          acknowledged++;
          return;
        }
        await new Promise((res) => setTimeout(res, 200));
      }
    }),
  );
}
const sentAt = performance.now();

// ---- drain: until every expected write is there and nothing has changed for a while (bounded) ----
const snapshot = () => `${calls}`;
let last = '';
let quietSince = performance.now();
const deadline = performance.now() + 240_000;
while (performance.now() < deadline) {
  await new Promise((r) => setTimeout(r, 1000));
  const s = snapshot();
  if (s !== last) {
    last = s;
    quietSince = performance.now();
  } else if (performance.now() - quietSince > 15_000) break;
}
const drainSeconds = (Math.max(quietSince, sentAt) - sentAt) / 1000;
clearInterval(sampler);

// ---- expected vs recorded ----
let expectedCalls = 0;
let missingCalls = 0;
let duplicateCalls = 0;
const problems: string[] = [];
for (const [key, jobIds] of expectedSections) {
  const ours = comments.get(key) ?? [];
  expectedCalls += 1 + jobIds.size; // the create, then one section (create or edit) per job
  if (ours.length === 0) {
    missingCalls += 1 + jobIds.size;
    problems.push(`${key}: no comment`);
    continue;
  }
  if (ours.length > 1) {
    duplicateCalls += ours.length - 1;
    problems.push(`${key}: ${ours.length} comments`);
  }
  const text = ours.map((c) => c.body).join('\n');
  for (const id of jobIds) {
    const marker = `<!-- snippet-search:job ${encodeURIComponent(`CI / job-${id - 10_000}`)} -->`;
    const marks = text.split(marker).length - 1;
    const seen = marks;
    if (!seen) {
      missingCalls++;
      problems.push(
        `${key}: no section for job ${id}; sections: ${[...text.matchAll(/snippet-search:job ([^\s>]+)/g)].map((x) => decodeURIComponent(x[1]!)).join(', ')}`,
      );
    } else if (marks > 1) {
      duplicateCalls += marks - 1;
      problems.push(`${key}: ${marks} sections for job ${id}`);
    }
  }
}
for (const key of expectedReplies) {
  expectedCalls++;
  const n = (comments.get(key) ?? []).length;
  if (n === 0) missingCalls++;
  if (n > 1) duplicateCalls += n - 1;
  if (n !== 1) problems.push(`${key}: ${n} command replies`);
}
for (let c = 0; c < 50; c++) {
  const key = `${repoOf(1 + (c % INSTALLATIONS))}#${500 + c}`;
  const n = (comments.get(key) ?? []).length;
  if (n) {
    duplicateCalls += n;
    problems.push(`${key}: a bot comment was answered`);
  }
}
latencies.sort((a, b) => a - b);
const p99 = latencies[Math.min(latencies.length - 1, Math.floor(0.99 * latencies.length))] ?? 0;
const report = {
  deliveries: deliveries.length,
  acknowledged,
  expectedCalls,
  missingCalls,
  duplicateCalls,
  ackP99Ms: Math.round(p99 * 10) / 10,
  drainSeconds: Math.round(drainSeconds * 10) / 10,
  peakRssMb: Math.round(Math.max(0, ...rss.values()) / 1e6),
};
for (const p of problems.slice(0, 20)) say(p);
console.log(JSON.stringify(report));

// ---- stop everything ----
for (const c of [...children]) c.kill('SIGKILL');
await redis?.stop();
gh.closeAllConnections();
gh.close();
rmSync(tmp, { recursive: true, force: true });
rmSync(join(indexDir, '..'), { recursive: true, force: true });
process.exit(missingCalls || duplicateCalls || acknowledged !== deliveries.length ? 1 : 0);
