/**
 * `snippet-search worker`: a queue-mode worker process. Opens the read-only index once, takes jobs from
 * BullMQ (N at a time), plans and applies them with the same processor as the single process. SIGTERM
 * stops taking jobs and lets the running ones finish (BullMQ hands unfinished ones of a killed worker
 * to another after its lock expires).
 */
import { randomBytes } from 'node:crypto';
import { UsageError } from '../cli/errors.js';
import { createSnippetSearchApp } from './app.js';
import { describeGitHubError } from './github-errors.js';
import { RedisCoordination, redisConnection, redisTransport, startRedisWorker } from './redis-queue.js';
import { probotFromEnv, startReceiver } from './server.js';

export interface WorkerCliOptions {
  concurrency: number;
  /** Serve /healthz, /readyz and /metrics on this port. */
  port?: number;
  lockMs?: number;
}

export async function runWorker(o: WorkerCliOptions): Promise<void> {
  const url = process.env.REDIS_URL;
  if (!url) throw new UsageError('the worker needs REDIS_URL (queue mode); without it the App runs its work itself');
  const probot = await probotFromEnv();
  const app = createSnippetSearchApp({
    role: 'worker',
    coordination: new RedisCoordination(redisConnection(url)),
    gatherMs: Number(process.env.SNIPPET_SEARCH_GATHER_MS ?? 250),
    transport: () => redisTransport(url),
  });
  app.attach(probot);
  if (!(await app.processor.ready()))
    probot.log.warn('the index does not open yet: jobs will fail and be retried until it does');
  const worker = startRedisWorker({
    url,
    concurrency: o.concurrency,
    lockMs: o.lockMs ?? Number(process.env.SNIPPET_SEARCH_LOCK_MS ?? 30_000),
    backoffBaseMs: Number(process.env.SNIPPET_SEARCH_BACKOFF_MS ?? 2000),
    run: (item) => app.runItem(item),
    onFailed: (item, err, final) =>
      probot.log.error(
        { delivery: item.delivery, event: item.event },
        `${item.type}: ${describeGitHubError(err)}${final ? ' (in the failed set)' : ' (will retry)'}`,
      ),
  });
  const health =
    o.port !== undefined
      ? await startReceiver({ app, secret: randomBytes(16).toString('hex'), port: o.port, host: process.env.HOST })
      : null;
  probot.log.info(`snippet-search worker: ${o.concurrency} at a time${health ? `, health on ${health.url}` : ''}`);
  const stop = (signal: string) => {
    probot.log.info(`${signal}: finishing running jobs`);
    void (async () => {
      await worker.close();
      await health?.server.close();
      process.exit(0);
    })();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}
