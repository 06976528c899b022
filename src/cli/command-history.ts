/**
 * `snippet-search history forget owner/repo` and `history purge`, `feedback export --out FILE`: the
 * failure store the App and the Action write (Redis with `REDIS_URL`, else the SQLite file).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { defaultHistoryFile, openFailureStore } from '../history/open-store.js';
import type { FailureStore } from '../history/types.js';
import { EXIT, UsageError } from './errors.js';

interface StoreOptions {
  /** SQLite file (default: `$SNIPPET_SEARCH_HISTORY_DB` or `snippet-search-history.db` beside the queue journal). */
  db?: string;
  json?: boolean;
}

function openStore(o: StoreOptions): { store: FailureStore; where: string } {
  if (process.env.REDIS_URL && !o.db) return { store: openFailureStore(), where: 'Redis (REDIS_URL)' };
  const file = o.db ?? defaultHistoryFile();
  if (file !== ':memory:' && !existsSync(file))
    throw new UsageError(`no history database at ${file} (set --db or SNIPPET_SEARCH_HISTORY_DB)`);
  return { store: openFailureStore({ file, redisUrl: '' }), where: file };
}

async function withStore<T>(o: StoreOptions, run: (s: FailureStore, where: string) => Promise<T>): Promise<T> {
  const { store, where } = openStore(o);
  try {
    return await run(store, where);
  } finally {
    await store.close();
  }
}

const REPO = /^[\w.-]{1,100}\/[\w.-]{1,100}$/;

export async function runHistoryForget(repo: string, o: StoreOptions): Promise<void> {
  if (!REPO.test(repo)) throw new UsageError(`expected owner/repo, got '${repo}'`);
  const deleted = await withStore(o, (s) => s.forget(repo));
  const where = o.db ?? (process.env.REDIS_URL ? 'Redis (REDIS_URL)' : defaultHistoryFile());
  process.stdout.write(
    o.json
      ? `${JSON.stringify({ repo, deleted, store: where })}\n`
      : `deleted ${deleted} record(s) of ${repo} from ${where}\n`,
  );
  if (deleted === 0) process.exitCode = EXIT.nothingFound;
}

export async function runHistoryPurge(o: StoreOptions): Promise<void> {
  const deleted = await withStore(o, (s) => s.purge());
  process.stdout.write(
    o.json ? `${JSON.stringify({ deleted })}\n` : `deleted ${deleted} record(s) past the retention\n`,
  );
}

/** One line per voted result, in the training recipe's format (`npm run train -- --feedback FILE`). */
export interface FeedbackLine {
  query: string;
  helped: number[];
  notHelped: number[];
}

export async function runFeedbackExport(o: StoreOptions & { out: string; includePrivate?: boolean }): Promise<void> {
  const rows = await withStore(o, (s) => s.feedback({ includePrivate: o.includePrivate === true }));
  const lines = rows.map((r): FeedbackLine => ({ query: r.query, helped: r.helped, notHelped: r.notHelped }));
  writeFileSync(o.out, lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
  const votes = lines.reduce((n, l) => n + l.helped.length, 0);
  process.stdout.write(
    o.json
      ? `${JSON.stringify({ out: o.out, results: lines.length, helped: votes })}\n`
      : `wrote ${lines.length} result(s) with ${votes} helped thread(s) to ${o.out}${o.includePrivate ? ' (private repositories included)' : ''}\n`,
  );
  if (lines.length === 0) process.exitCode = EXIT.nothingFound;
}
