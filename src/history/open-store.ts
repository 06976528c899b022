import { dirname, join } from 'node:path';
import { Redis } from 'ioredis';
import { RedisFailureStore } from './redis-store.js';
import { SqliteFailureStore } from './sqlite-store.js';
import { DEFAULT_RETENTION_DAYS, type FailureStore } from './types.js';

/** Where the single-process history lives unless told: beside the App's queue journal (the working directory). */
export const DEFAULT_HISTORY_FILE = 'snippet-search-history.db';

export interface OpenStoreOptions {
  /** SQLite file (default `$SNIPPET_SEARCH_HISTORY_DB` or `snippet-search-history.db`). */
  file?: string;
  /** Redis URL (default `$REDIS_URL`): when set, the shared Redis store is used instead of SQLite. */
  redisUrl?: string;
  /** Retention in days (default `$SNIPPET_SEARCH_HISTORY_DAYS` or 30). */
  retentionDays?: number;
  now?: () => number;
}

/**
 * The SQLite file of the history when none is named: `$SNIPPET_SEARCH_HISTORY_DB`, else
 * `snippet-search-history.db` in the directory of the App's queue journal (`$SNIPPET_SEARCH_QUEUE_DB`,
 * default the working directory). A journal in memory gets a history in memory.
 */
export function defaultHistoryFile(queueFile?: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.SNIPPET_SEARCH_HISTORY_DB) return env.SNIPPET_SEARCH_HISTORY_DB;
  const queue = queueFile ?? env.SNIPPET_SEARCH_QUEUE_DB ?? 'snippet-search-queue.db';
  return queue === ':memory:' ? ':memory:' : join(dirname(queue), DEFAULT_HISTORY_FILE);
}

export function retentionFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SNIPPET_SEARCH_HISTORY_DAYS;
  if (raw === undefined || raw === '') return DEFAULT_RETENTION_DAYS;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`SNIPPET_SEARCH_HISTORY_DAYS: expected a whole number of days (1 or more), got '${raw}'`);
  return n;
}

/** The failure store this process should use: Redis when `REDIS_URL` is set, else the SQLite file. */
export function openFailureStore(o: OpenStoreOptions = {}): FailureStore {
  const retentionDays = o.retentionDays ?? retentionFromEnv();
  const url = o.redisUrl ?? process.env.REDIS_URL;
  if (url)
    return new RedisFailureStore({ redis: new Redis(url, { maxRetriesPerRequest: 3 }), retentionDays, now: o.now });
  const file = o.file ?? defaultHistoryFile();
  return new SqliteFailureStore({ file, retentionDays, now: o.now });
}
