/* eslint-disable @typescript-eslint/no-explicit-any -- webhook payloads and mock bodies are free-form JSON */
/**
 * A small stateful GitHub API on loopback for the queue tests and the load test: installation tokens,
 * config 404s, job details and logs, labels, comments (list/create/edit), reactions, check runs.
 * Every call is counted. Faults on demand: a comment POST that stores and then answers 502, 403
 * secondary limits with retry-after, logs that stall after the headers.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeComment {
  id: number;
  body: string;
  user: { type: string; login: string };
  performed_via_github_app: { id: number };
}

export interface FakeFaults {
  /** Comment POSTs (1-based counts per issue) that store the comment and still answer 502. */
  failAfterStore?: (issue: number, nth: number) => boolean;
  /** Writes answered 403 secondary rate limit (with `retry-after: retryAfterS`). */
  secondaryLimit?: (n: number) => boolean;
  retryAfterS?: number;
  /** Job ids whose log stalls after the headers (once). */
  stallLog?: (jobId: number) => boolean;
}

export interface FakeGitHub {
  url: string;
  server: Server;
  calls: Map<string, number>;
  comments: Map<number, FakeComment[]>;
  checkRuns: Array<{ head_sha: string; external_id: string }>;
  logs: Map<number, string>;
  close(): Promise<void>;
}

async function body(req: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const s = Buffer.concat(chunks).toString('utf8');
  return s ? JSON.parse(s) : {};
}

export async function startFakeGitHub(opts: {
  appId: number;
  log: (jobId: number) => string;
  faults?: FakeFaults;
  workflow?: (jobId: number) => string;
}): Promise<FakeGitHub> {
  const calls = new Map<string, number>();
  const comments = new Map<number, FakeComment[]>();
  const checkRuns: Array<{ head_sha: string; external_id: string }> = [];
  const posts = new Map<number, number>();
  const stalled = new Set<number>();
  let writes = 0;
  let nextId = 1;
  const f = opts.faults ?? {};
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url!, 'http://x');
      const path = decodeURIComponent(url.pathname);
      const key = `${req.method} ${path}`;
      calls.set(key, (calls.get(key) ?? 0) + 1);
      const json = (status: number, data: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(data));
      };
      let m: RegExpExecArray | null;
      if (req.method !== 'GET' && !path.endsWith('/access_tokens') && f.secondaryLimit?.(++writes)) {
        await body(req);
        return json(
          403,
          { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' },
          { 'retry-after': String(f.retryAfterS ?? 1) },
        );
      }
      if (path.endsWith('/access_tokens')) return json(201, { token: 't', expires_at: '2099-01-01T00:00:00Z' });
      if (path.includes('/contents/')) return json(404, { message: 'Not Found' });
      if ((m = /\/actions\/jobs\/(\d+)\/logs$/.exec(path))) {
        const id = Number(m[1]);
        res.writeHead(200, { 'content-type': 'text/plain' });
        if (f.stallLog?.(id) && !stalled.has(id)) {
          stalled.add(id);
          res.write('2024-01-01T00:00:00Z starting\n');
          return; // never ends: the storage stalled after the headers
        }
        return res.end(opts.log(id));
      }
      if ((m = /\/actions\/jobs\/(\d+)$/.exec(path))) {
        const id = Number(m[1]);
        return json(200, { id, workflow_name: opts.workflow?.(id) ?? 'CI' });
      }
      if (/\/issues\/\d+\/labels$/.test(path)) return json(200, []);
      if ((m = /\/issues\/(\d+)\/comments$/.exec(path))) {
        const n = Number(m[1]);
        if (req.method === 'GET') return json(200, comments.get(n) ?? []);
        const b = await body(req);
        const c: FakeComment = {
          id: nextId++,
          body: b.body,
          user: { type: 'Bot', login: 'snippet-search[bot]' },
          performed_via_github_app: { id: opts.appId },
        };
        comments.set(n, [...(comments.get(n) ?? []), c]);
        const nth = (posts.get(n) ?? 0) + 1;
        posts.set(n, nth);
        if (f.failAfterStore?.(n, nth)) return json(502, { message: 'Bad Gateway' });
        return json(201, c);
      }
      if ((m = /\/issues\/comments\/(\d+)$/.exec(path)) && req.method === 'PATCH') {
        const b = await body(req);
        for (const list of comments.values()) for (const c of list) if (c.id === Number(m[1])) c.body = b.body;
        return json(200, {});
      }
      if (/\/reactions$/.test(path)) return json(201, {});
      if (/\/check-runs$/.test(path) && req.method === 'GET') {
        const sha = /\/commits\/([^/]+)\//.exec(path)?.[1];
        const runs = checkRuns.filter((c) => c.head_sha === sha);
        return json(200, { total_count: runs.length, check_runs: runs });
      }
      if (/\/check-runs$/.test(path) && req.method === 'POST') {
        const b = await body(req);
        checkRuns.push({ head_sha: b.head_sha, external_id: b.external_id });
        return json(201, { id: nextId++ });
      }
      json(404, { message: `fake has no ${key}` });
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    calls,
    comments,
    checkRuns,
    logs: new Map(),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
