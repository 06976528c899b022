/**
 * The App's HTTP server (`npm start`, or `node dist/src/github/server.js`): webhooks with a body size
 * limit checked while reading, before the signature; `GET /healthz`, `GET /readyz`, `GET /metrics`;
 * SIGTERM stops taking deliveries and drains. With `REDIS_URL` it is a receiver (verify, enqueue); the
 * work runs in `snippet-search worker` processes. Without, the work runs here (the embedded default).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { verify } from '@octokit/webhooks-methods';
import { Probot } from 'probot';
import { createSnippetSearchApp, type AppOptions, type Handler, type SnippetSearchApp } from './app.js';
import { appOctokit, timeoutFetch } from './octokit.js';
import { RedisCoordination, redisConnection, redisTransport } from './redis-queue.js';

/** GitHub caps webhook payloads at 25 MB. */
export const MAX_WEBHOOK_BYTES = 25 * 1024 * 1024;
export const WEBHOOK_PATH = '/api/github/webhooks';

export interface ReceiverOptions {
  app: SnippetSearchApp;
  secret: string;
  port?: number;
  host?: string;
  maxBodyBytes?: number;
  handlers?: Handler[];
}

export interface Receiver {
  url: string;
  server: Server;
  /** Stops taking connections, then lets the App finish running work (at most `drainMs`). */
  close(drainMs?: number): Promise<void>;
}

class TooLarge extends Error {}

async function readBody(req: IncomingMessage, max: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > max) throw new TooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > max) throw new TooLarge();
    chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks);
}

function reply(res: ServerResponse, status: number, body: object, close = false): void {
  res.writeHead(status, { 'content-type': 'application/json', ...(close ? { connection: 'close' } : {}) });
  res.end(JSON.stringify(body));
}

export async function startReceiver(o: ReceiverOptions): Promise<Receiver> {
  const max = o.maxBodyBytes ?? MAX_WEBHOOK_BYTES;
  let closing = false;
  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '').split('?')[0];
      if (req.method === 'POST' && path === WEBHOOK_PATH) {
        if (closing) return reply(res, 503, { error: 'shutting down' }, true);
        let body: Buffer;
        try {
          body = await readBody(req, max);
        } catch (err) {
          if (err instanceof TooLarge) {
            o.app.metrics.deliveries.inc({ event: String(req.headers['x-github-event'] ?? ''), outcome: 'too-large' });
            reply(res, 413, { error: `payload over ${max} bytes` }, true);
            req.destroy();
            return;
          }
          throw err;
        }
        const event = String(req.headers['x-github-event'] ?? '');
        const id = String(req.headers['x-github-delivery'] ?? '');
        const signature = String(req.headers['x-hub-signature-256'] ?? '');
        if (!signature || !(await verify(o.secret, body.toString('utf8'), signature).catch(() => false))) {
          o.app.metrics.deliveries.inc({ event, outcome: 'bad-signature' });
          return reply(res, 401, { error: 'signature does not match' });
        }
        let payload: unknown;
        try {
          payload = JSON.parse(body.toString('utf8'));
        } catch {
          return reply(res, 400, { error: 'not JSON' });
        }
        if (!id || !event) return reply(res, 400, { error: 'missing X-GitHub-Delivery or X-GitHub-Event' });
        const outcome = await o.app.accept(id, event, payload);
        // Not acknowledged when the work could not be kept: GitHub shows it failed and it can be redelivered.
        if (outcome === 'full') return reply(res, 503, { error: 'work queue full' });
        return reply(res, 202, { outcome });
      }
      if (await o.app.handle(req, res)) return;
      for (const h of o.handlers ?? []) if (await h(req, res)) return;
      reply(res, 404, { error: 'not found' });
    })().catch((err: unknown) => {
      if (!res.headersSent) reply(res, 500, { error: (err as Error).message });
      else res.end();
    });
  });
  await new Promise<void>((r) => server.listen(o.port ?? 3000, o.host ?? '127.0.0.1', r));
  const url = `http://${o.host ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;
  return {
    url,
    server,
    async close(drainMs = 25_000) {
      closing = true;
      const closed = new Promise<void>((r) => server.close(() => r()));
      server.closeIdleConnections();
      await o.app.close(drainMs);
      server.closeAllConnections();
      await closed;
    },
  };
}

/**
 * A Probot for the App's identity from the environment (APP_ID, PRIVATE_KEY or PRIVATE_KEY_PATH,
 * GITHUB_API_URL, LOG_LEVEL), resolved once it has initialized: `new Probot()` sets up its logger and
 * Octokit asynchronously, and `probot.log` is null until then.
 */
export async function probotFromEnv(): Promise<Probot> {
  const privateKey =
    process.env.PRIVATE_KEY ?? (process.env.PRIVATE_KEY_PATH ? readFileSync(process.env.PRIVATE_KEY_PATH, 'utf8') : '');
  if (!process.env.APP_ID || !privateKey) throw new Error('set APP_ID and PRIVATE_KEY (or PRIVATE_KEY_PATH)');
  const probot = new Probot({
    logLevel: logLevelFromEnv(),
    appId: Number(process.env.APP_ID),
    privateKey: privateKey.replaceAll('\\n', '\n'),
    secret: process.env.WEBHOOK_SECRET,
    baseUrl: process.env.GITHUB_API_URL,
    Octokit: appOctokit(),
    request: { fetch: timeoutFetch(Number(process.env.SNIPPET_SEARCH_HTTP_TIMEOUT_MS ?? 30_000)) },
  });
  // `load` waits for the initialization; the no-op app and handler register nothing.
  await probot.load(() => undefined, { addHandler: () => undefined, cwd: process.cwd() });
  return probot;
}

const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
function logLevelFromEnv(): (typeof LOG_LEVELS)[number] {
  const level = process.env.LOG_LEVEL ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(level))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${level}")`);
  return level as (typeof LOG_LEVELS)[number];
}

/** App options for this process: queue mode (receiver side) when REDIS_URL is set. */
export function appOptionsFromEnv(): AppOptions {
  const url = process.env.REDIS_URL;
  if (!url) return {};
  return {
    coordination: new RedisCoordination(redisConnection(url)),
    transport: () => redisTransport(url),
  };
}

export async function runServer(): Promise<void> {
  const secret = process.env.WEBHOOK_SECRET;
  if (!secret) throw new Error('set WEBHOOK_SECRET');
  const probot = await probotFromEnv();
  const app = createSnippetSearchApp(appOptionsFromEnv());
  const handlers: Handler[] = [];
  app(probot, { addHandler: (h) => handlers.push(h) });
  const receiver = await startReceiver({
    app,
    secret,
    handlers,
    port: Number(process.env.PORT ?? 3000),
    host: process.env.HOST ?? '127.0.0.1',
  });
  probot.log.info(
    `snippet-search listening on ${receiver.url} (${process.env.REDIS_URL ? 'queue mode: receiver' : 'single process'})`,
  );
  const stop = (signal: string) => {
    probot.log.info(`${signal}: draining`);
    void receiver.close(Number(process.env.SNIPPET_SEARCH_DRAIN_MS ?? 25_000)).then(() => process.exit(0));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runServer();
