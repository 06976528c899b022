/**
 * The failure store in one SQLite file, for the single-process App, the Action and the CLI. Retention
 * is enforced on every write (rows past it are deleted) and on every read (they are never returned),
 * and `purge()` does it on demand.
 */
import Database from 'better-sqlite3';
import {
  DAY_MS,
  DEFAULT_RETENTION_DAYS,
  type FailureEvent,
  type FailureQuery,
  type FailureStore,
  type FeedbackRow,
  type PassEvent,
  type PassOutcome,
  type RepoScope,
  type ShownResult,
  type StoredFailure,
  type Vote,
} from './types.js';

interface FailureRow {
  job_id: number;
  job: string;
  key: string;
  error_type: string;
  template: string;
  message: string;
  sha: string;
  branch: string | null;
  pr: number | null;
  url: string | null;
  at: number;
  recovered_sha: string | null;
  flaky: number;
}

export interface SqliteStoreOptions {
  /** The database file (`:memory:` keeps nothing). */
  file: string;
  retentionDays?: number;
  now?: () => number;
}

export class SqliteFailureStore implements FailureStore {
  private readonly db: Database.Database;
  private readonly retentionMs: number;
  private readonly now: () => number;

  constructor(o: SqliteStoreOptions) {
    this.db = new Database(o.file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    this.retentionMs = (o.retentionDays ?? DEFAULT_RETENTION_DAYS) * DAY_MS;
    this.now = o.now ?? Date.now;
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS failures (
        installation INTEGER NOT NULL, repo TEXT NOT NULL, job_id INTEGER NOT NULL, job TEXT NOT NULL,
        key TEXT NOT NULL, error_type TEXT NOT NULL, template TEXT NOT NULL, message TEXT NOT NULL,
        sha TEXT NOT NULL, branch TEXT, pr INTEGER, url TEXT, at INTEGER NOT NULL,
        recovered_sha TEXT, flaky INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (installation, repo, job_id));
      CREATE INDEX IF NOT EXISTS failures_by_job ON failures (installation, repo, job, at);
      CREATE TABLE IF NOT EXISTS shown (
        installation INTEGER NOT NULL, repo TEXT NOT NULL, result_id TEXT NOT NULL, query TEXT NOT NULL,
        threads TEXT NOT NULL, private INTEGER NOT NULL, at INTEGER NOT NULL,
        PRIMARY KEY (installation, repo, result_id));
      CREATE TABLE IF NOT EXISTS votes (
        installation INTEGER NOT NULL, repo TEXT NOT NULL, result_id TEXT NOT NULL, thread_id INTEGER NOT NULL,
        user TEXT NOT NULL, at INTEGER NOT NULL,
        PRIMARY KEY (installation, repo, result_id, thread_id, user));`);
  }

  private cutoff(): number {
    return this.now() - this.retentionMs;
  }

  recordFailure(s: RepoScope, f: FailureEvent): Promise<void> {
    this.purgeSync();
    this.db
      .prepare(
        `INSERT INTO failures (installation, repo, job_id, job, key, error_type, template, message, sha, branch, pr, url, at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (installation, repo, job_id) DO UPDATE SET key = excluded.key, error_type = excluded.error_type,
           template = excluded.template, message = excluded.message, pr = COALESCE(excluded.pr, failures.pr)`,
      )
      .run(
        s.installationId,
        s.repo,
        f.jobId,
        f.job,
        f.key,
        f.errorType,
        f.template,
        f.message,
        f.sha,
        f.branch,
        f.pr,
        f.url,
        f.at,
      );
    return Promise.resolve();
  }

  recordPass(s: RepoScope, p: PassEvent): Promise<PassOutcome> {
    this.purgeSync();
    const flaky = this.db
      .prepare(
        `UPDATE failures SET flaky = 1, recovered_sha = ? WHERE installation = ? AND repo = ? AND job = ? AND sha = ?
           AND recovered_sha IS NULL AND job_id <> ?`,
      )
      .run(p.sha, s.installationId, s.repo, p.job, p.sha, p.jobId).changes;
    const recovered = this.db
      .prepare(
        `UPDATE failures SET recovered_sha = ? WHERE installation = ? AND repo = ? AND job = ? AND branch IS ?
           AND sha <> ? AND at <= ? AND recovered_sha IS NULL`,
      )
      .run(p.sha, s.installationId, s.repo, p.job, p.branch, p.sha, p.at).changes;
    return Promise.resolve({ flaky, recovered });
  }

  failures(s: RepoScope, q: FailureQuery): Promise<StoredFailure[]> {
    const rows = this.db
      .prepare(
        `SELECT * FROM failures WHERE installation = ? AND repo = ? AND job = ? AND at >= ?
           AND (? IS NULL OR key = ?) AND (? IS NULL OR sha = ?) ORDER BY at, job_id`,
      )
      .all(
        s.installationId,
        s.repo,
        q.job,
        Math.max(q.since, this.cutoff()),
        q.key ?? null,
        q.key ?? null,
        q.sha ?? null,
        q.sha ?? null,
      ) as FailureRow[];
    return Promise.resolve(rows.map(toFailure));
  }

  recordShown(s: RepoScope, r: ShownResult): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO shown (installation, repo, result_id, query, threads, private, at) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (installation, repo, result_id) DO UPDATE SET threads = excluded.threads, at = excluded.at,
           private = excluded.private`,
      )
      .run(s.installationId, s.repo, r.resultId, r.query, JSON.stringify(r.threads), r.private ? 1 : 0, r.at);
    return Promise.resolve();
  }

  setVote(s: RepoScope, v: Vote, helped: boolean): Promise<'added' | 'removed' | 'unchanged'> {
    const changes = helped
      ? this.db
          .prepare(
            `INSERT OR IGNORE INTO votes (installation, repo, result_id, thread_id, user, at) VALUES (?, ?, ?, ?, ?, ?)`,
          )
          .run(s.installationId, s.repo, v.resultId, v.threadId, v.user, v.at).changes
      : this.db
          .prepare(
            `DELETE FROM votes WHERE installation = ? AND repo = ? AND result_id = ? AND thread_id = ? AND user = ?`,
          )
          .run(s.installationId, s.repo, v.resultId, v.threadId, v.user).changes;
    return Promise.resolve(changes === 0 ? 'unchanged' : helped ? 'added' : 'removed');
  }

  votes(s: RepoScope, resultId: string): Promise<Vote[]> {
    const rows = this.db
      .prepare(
        `SELECT result_id, thread_id, user, at FROM votes WHERE installation = ? AND repo = ? AND result_id = ?
           ORDER BY thread_id, user`,
      )
      .all(s.installationId, s.repo, resultId) as Array<{
      result_id: string;
      thread_id: number;
      user: string;
      at: number;
    }>;
    return Promise.resolve(rows.map((r) => ({ resultId: r.result_id, threadId: r.thread_id, user: r.user, at: r.at })));
  }

  feedback(o: { includePrivate: boolean }): Promise<FeedbackRow[]> {
    const shown = this.db
      .prepare(
        `SELECT s.installation, s.repo, s.result_id, s.query, s.threads, s.private FROM shown s
           WHERE s.at >= ? AND (? OR s.private = 0)
             AND EXISTS (SELECT 1 FROM votes v WHERE v.installation = s.installation AND v.repo = s.repo AND v.result_id = s.result_id)
           ORDER BY s.repo, s.at, s.result_id`,
      )
      .all(this.cutoff(), o.includePrivate ? 1 : 0) as Array<{
      installation: number;
      repo: string;
      result_id: string;
      query: string;
      threads: string;
      private: number;
    }>;
    const voted = this.db.prepare(
      `SELECT DISTINCT thread_id FROM votes WHERE installation = ? AND repo = ? AND result_id = ? ORDER BY thread_id`,
    );
    return Promise.resolve(
      shown.flatMap((r) => {
        const threads = JSON.parse(r.threads) as number[];
        // Only threads we showed count: a marker edited into the comment by hand names nothing we answered.
        const helped = (voted.all(r.installation, r.repo, r.result_id) as Array<{ thread_id: number }>)
          .map((x) => x.thread_id)
          .filter((t) => threads.includes(t));
        if (!helped.length) return [];
        return [
          {
            repo: r.repo,
            private: r.private === 1,
            query: r.query,
            helped,
            notHelped: threads.filter((t) => !helped.includes(t)),
          },
        ];
      }),
    );
  }

  purge(now = this.now()): Promise<number> {
    return Promise.resolve(this.purgeSync(now));
  }

  private purgeSync(now = this.now()): number {
    const cutoff = now - this.retentionMs;
    return this.db.transaction(() => {
      let n = this.db.prepare(`DELETE FROM failures WHERE at < ?`).run(cutoff).changes;
      n += this.db
        .prepare(
          `DELETE FROM votes WHERE EXISTS (SELECT 1 FROM shown s WHERE s.installation = votes.installation
             AND s.repo = votes.repo AND s.result_id = votes.result_id AND s.at < ?)`,
        )
        .run(cutoff).changes;
      n += this.db.prepare(`DELETE FROM shown WHERE at < ?`).run(cutoff).changes;
      return n;
    })();
  }

  forget(repo: string): Promise<number> {
    return Promise.resolve(
      this.db.transaction(() => {
        let n = 0;
        for (const t of ['failures', 'shown', 'votes'])
          n += this.db.prepare(`DELETE FROM ${t} WHERE lower(repo) = lower(?)`).run(repo).changes;
        return n;
      })(),
    );
  }

  close(): Promise<void> {
    this.db.close();
    return Promise.resolve();
  }
}

function toFailure(r: FailureRow): StoredFailure {
  return {
    jobId: r.job_id,
    job: r.job,
    key: r.key,
    errorType: r.error_type,
    template: r.template,
    message: r.message,
    sha: r.sha,
    branch: r.branch,
    pr: r.pr,
    url: r.url,
    at: r.at,
    recoveredSha: r.recovered_sha,
    flaky: r.flaky === 1,
  };
}
