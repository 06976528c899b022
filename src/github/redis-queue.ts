/**
 * Queue mode (`REDIS_URL`): BullMQ on Redis. Receivers verify and enqueue (the work key is the BullMQ
 * job id, so a redelivery, or the same job reported by check_run and workflow_job, or the same
 * delivery reaching two receivers, is one job: Redis decides atomically). Workers open the index once
 * and run the same processor as the single process, with exponential backoff honouring `Retry-After`;
 * jobs that keep failing stay in BullMQ's failed set (`snippet-search failed-jobs`).
 */
import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { Coordination } from './coordination.js';
import { backoffMs, describeGitHubError, isTransient } from './github-errors.js';
import type { FailedJob } from './local-queue.js';
import type { WorkItem } from './route.js';

export const QUEUE_NAME = 'snippet-search';
const PREFIX = 'ss:';

export function redisConnection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true });
}

export interface RedisQueueOptions {
  attempts?: number;
  backoffBaseMs?: number;
}

/** The receiver's side: enqueue only. */
export function redisTransport(url: string, o: RedisQueueOptions = {}) {
  const connection = redisConnection(url);
  const queue = new Queue<WorkItem>(QUEUE_NAME, {
    connection,
    defaultJobOptions: {
      attempts: o.attempts ?? 6,
      backoff: { type: 'github' },
      removeOnComplete: { age: 24 * 3600, count: 100_000 },
      removeOnFail: { age: 14 * 24 * 3600 },
    },
  });
  return {
    queue,
    async add(key: string, item: WorkItem): Promise<'queued' | 'duplicate'> {
      // The job id is the work key: adding an id Redis already holds is a no-op, atomically.
      // (The lookup before is only for the log line and metrics.)
      const exists = await queue.getJob(key);
      await queue.add(item.type, item, { jobId: key });
      return exists ? 'duplicate' : 'queued';
    },
    async depth(): Promise<number> {
      const c = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      return Object.values(c).reduce((a, b) => a + b, 0);
    },
    async idle(): Promise<void> {
      while ((await this.depth()) > 0) await new Promise((r) => setTimeout(r, 100));
    },
    async close(): Promise<void> {
      await queue.close();
      connection.disconnect();
    },
    async ready(): Promise<Record<string, boolean>> {
      return { redis: await ping(connection) };
    },
    async failed(): Promise<FailedJob[]> {
      return listFailed(queue);
    },
  };
}

export async function ping(r: Redis): Promise<boolean> {
  try {
    return (
      (await Promise.race([r.ping(), new Promise((_, no) => setTimeout(() => no(new Error('timeout')), 1000))])) ===
      'PONG'
    );
  } catch {
    return false;
  }
}

export async function listFailed(queue: Queue<WorkItem>): Promise<FailedJob[]> {
  const jobs = await queue.getFailed(0, 999);
  return jobs.map((j) => ({ key: String(j.id), attempts: j.attemptsMade, error: j.failedReason, item: j.data }));
}

export interface WorkerOptions {
  url: string;
  concurrency: number;
  run: (item: WorkItem, job: Job<WorkItem>) => Promise<void>;
  backoffBaseMs?: number;
  /** How soon a crashed worker's job is handed to another (BullMQ lock duration). */
  lockMs?: number;
  onFailed?: (item: WorkItem, err: Error, final: boolean) => void;
}

/** One worker process's BullMQ worker (concurrency N). Close it to drain: running jobs finish first. */
export function startRedisWorker(o: WorkerOptions): Worker<WorkItem> {
  const base = o.backoffBaseMs ?? 2000;
  const lockMs = o.lockMs ?? 30_000;
  const connection = redisConnection(o.url);
  const worker = new Worker<WorkItem>(
    QUEUE_NAME,
    async (job) => {
      try {
        await o.run(job.data, job);
      } catch (err) {
        if (!isTransient(err)) throw new UnrecoverableError(describeGitHubError(err));
        throw err;
      }
    },
    {
      connection,
      concurrency: o.concurrency,
      lockDuration: lockMs,
      stalledInterval: Math.max(1000, Math.floor(lockMs / 2)),
      maxStalledCount: 5,
      settings: { backoffStrategy: (attempts, _type, err) => backoffMs(err, attempts - 1, base) },
    },
  );
  worker.on('failed', (job, err) => {
    if (job)
      o.onFailed?.(job.data, err, err instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1));
  });
  worker.on('error', () => undefined);
  worker.on('closed', () => connection.disconnect());
  return worker;
}

/** `snippet-search failed-jobs`: the failed set, and putting jobs back into the queue. */
export async function failedJobs(
  url: string,
  retry: boolean | string[],
): Promise<{ failed: FailedJob[]; retried: number }> {
  const connection = redisConnection(url);
  const queue = new Queue<WorkItem>(QUEUE_NAME, { connection });
  try {
    const failed = await listFailed(queue);
    let retried = 0;
    if (retry) {
      for (const j of await queue.getFailed(0, 999)) {
        if (retry === true || retry.includes(String(j.id))) {
          await j.retry('failed');
          retried++;
        }
      }
    }
    return { failed, retried };
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

/** The workers' shared coordination (comment locks, pending edits, pacing windows) in Redis. */
export class RedisCoordination implements Coordination {
  constructor(private readonly r: Redis) {}
  async push(target: string, entry: string): Promise<void> {
    await this.r.rpush(`${PREFIX}pending:${target}`, entry);
  }
  async takeAll(target: string): Promise<string[]> {
    const k = `${PREFIX}pending:${target}`;
    const res = await this.r.multi().lrange(k, 0, -1).del(k).exec();
    return (res?.[0]?.[1] as string[] | undefined) ?? [];
  }
  async putBack(target: string, entries: string[]): Promise<void> {
    if (entries.length) await this.r.lpush(`${PREFIX}pending:${target}`, ...[...entries].reverse());
  }
  async tryLock(target: string, owner: string, ttlMs: number): Promise<boolean> {
    return (await this.r.set(`${PREFIX}lock:${target}`, owner, 'PX', ttlMs, 'NX')) === 'OK';
  }
  async extendLock(target: string, owner: string, ttlMs: number): Promise<void> {
    await this.r.eval(
      `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0`,
      1,
      `${PREFIX}lock:${target}`,
      owner,
      String(ttlMs),
    );
  }
  async unlock(target: string, owner: string): Promise<void> {
    await this.r.eval(
      `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`,
      1,
      `${PREFIX}lock:${target}`,
      owner,
    );
  }
  async setOutcome(tokens: string[], outcome: string, ttlMs: number): Promise<void> {
    const m = this.r.multi();
    for (const t of tokens) m.set(`${PREFIX}outcome:${t}`, outcome, 'PX', ttlMs);
    await m.exec();
  }
  async outcome(token: string): Promise<string | null> {
    return this.r.get(`${PREFIX}outcome:${token}`);
  }
  async countInWindow(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }> {
    const now = Date.now();
    const k = `${PREFIX}${key}:${Math.floor(now / windowMs)}`;
    const res = await this.r
      .multi()
      .incr(k)
      .pexpire(k, windowMs * 2)
      .exec();
    return { count: Number(res?.[0]?.[1] ?? 0), resetInMs: windowMs - (now % windowMs) };
  }
  async addMember(set: string, member: string, ttlMs: number): Promise<void> {
    await this.r.multi().sadd(`${PREFIX}${set}`, member).pexpire(`${PREFIX}${set}`, ttlMs).exec();
  }
  async isMember(set: string, member: string): Promise<boolean> {
    return (await this.r.sismember(`${PREFIX}${set}`, member)) === 1;
  }
}
