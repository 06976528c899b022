/**
 * The single-process queue: work items journalled in SQLite before the webhook is acknowledged, run
 * with bounded concurrency, removed from the journal only when done. A crash or restart replays every
 * acknowledged item that had not finished; the journal's primary key (the work key) makes the
 * de-duplication of redeliveries and of check_run/workflow_job pairs one atomic insert.
 */
import Database from 'better-sqlite3';
import { backoffMs, describeGitHubError, isTransient } from './github-errors.js';
import type { WorkItem } from './route.js';

export type AddResult = 'queued' | 'duplicate' | 'full';

export interface FailedJob {
  key: string;
  attempts: number;
  error: string;
  item: WorkItem;
}

export interface LocalQueueOptions {
  /** SQLite file (`:memory:` keeps nothing across restarts). */
  file: string;
  concurrency: number;
  maxPending: number;
  attempts: number;
  backoffBaseMs: number;
  /** How long finished keys are remembered for de-duplication. */
  keepDoneMs?: number;
  run: (item: WorkItem, attempt: number) => Promise<void>;
  onError?: (err: unknown, item: WorkItem, final: boolean) => void;
}

export class LocalQueue {
  private readonly db: Database.Database;
  private readonly ready: string[] = [];
  private running = 0;
  private waiting = 0;
  private stopped = false;
  private readonly idleWaiters: Array<() => void> = [];
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly o: LocalQueueOptions) {
    this.db = new Database(o.file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(`CREATE TABLE IF NOT EXISTS work (
      key TEXT PRIMARY KEY, item TEXT NOT NULL, state TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0,
      error TEXT, updated INTEGER NOT NULL)`);
    // Whatever was queued or running when the last process stopped is run again.
    const rows = this.db
      .prepare(`SELECT key FROM work WHERE state IN ('pending','running','waiting') ORDER BY rowid`)
      .all() as Array<{
      key: string;
    }>;
    this.db.prepare(`UPDATE work SET state = 'pending' WHERE state IN ('running','waiting')`).run();
    for (const r of rows) this.ready.push(r.key);
    this.prune();
    queueMicrotask(() => this.pump());
  }

  /** Journals an item (synchronously) and schedules it; a key seen before is a duplicate. */
  add(key: string, item: WorkItem): AddResult {
    if (this.stopped || this.ready.length + this.waiting >= this.o.maxPending) return 'full';
    const r = this.db
      .prepare(`INSERT OR IGNORE INTO work (key, item, state, updated) VALUES (?, ?, 'pending', ?)`)
      .run(key, JSON.stringify(item), Date.now());
    if (r.changes === 0) return 'duplicate';
    this.ready.push(key);
    this.pump();
    return 'queued';
  }

  depth(): number {
    return this.ready.length + this.running + this.waiting;
  }

  idle(): Promise<void> {
    if (this.depth() === 0) return Promise.resolve();
    return new Promise((r) => this.idleWaiters.push(r));
  }

  failed(): FailedJob[] {
    const rows = this.db
      .prepare(`SELECT key, attempts, error, item FROM work WHERE state = 'failed' ORDER BY updated`)
      .all() as Array<{ key: string; attempts: number; error: string; item: string }>;
    return rows.map((r) => ({ ...r, item: JSON.parse(r.item) as WorkItem }));
  }

  /** Runs failed jobs again (all, or the given keys); returns how many. */
  retryFailed(keys?: string[]): number {
    const failed = this.failed().filter((f) => !keys || keys.includes(f.key));
    for (const f of failed) {
      this.db
        .prepare(`UPDATE work SET state = 'pending', attempts = 0, updated = ? WHERE key = ?`)
        .run(Date.now(), f.key);
      this.ready.push(f.key);
    }
    this.pump();
    return failed.length;
  }

  /** Stops taking work; waits (at most `timeoutMs`) for running items. Unstarted items stay journalled. */
  async drain(timeoutMs: number): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    const deadline = Date.now() + timeoutMs;
    while (this.running > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    this.db.close();
  }

  private prune(): void {
    const keep = this.o.keepDoneMs ?? 24 * 3600_000;
    this.db.prepare(`DELETE FROM work WHERE state = 'done' AND updated < ?`).run(Date.now() - keep);
  }

  private pump(): void {
    while (!this.stopped && this.running < this.o.concurrency && this.ready.length) {
      const key = this.ready.shift()!;
      const row = this.db.prepare(`SELECT item, attempts, state FROM work WHERE key = ?`).get(key) as
        { item: string; attempts: number; state: string } | undefined;
      if (!row || row.state !== 'pending') continue;
      this.running++;
      this.db.prepare(`UPDATE work SET state = 'running', updated = ? WHERE key = ?`).run(Date.now(), key);
      const item = JSON.parse(row.item) as WorkItem;
      void this.runOne(key, item, row.attempts).finally(() => {
        this.running--;
        this.pump();
        this.notifyIdle();
      });
    }
    this.notifyIdle();
  }

  private notifyIdle(): void {
    if (this.depth() === 0) this.idleWaiters.splice(0).forEach((r) => r());
  }

  private async runOne(key: string, item: WorkItem, attempts: number): Promise<void> {
    try {
      await this.o.run(item, attempts);
      if (this.stopped && !this.db.open) return;
      this.db
        .prepare(`UPDATE work SET state = 'done', attempts = ?, updated = ? WHERE key = ?`)
        .run(attempts + 1, Date.now(), key);
    } catch (err) {
      if (!this.db.open) return;
      const again = isTransient(err) && attempts + 1 < this.o.attempts;
      this.o.onError?.(err, item, !again);
      const state = again ? 'waiting' : 'failed';
      this.db
        .prepare(`UPDATE work SET state = ?, attempts = ?, error = ?, updated = ? WHERE key = ?`)
        .run(state, attempts + 1, describeGitHubError(err), Date.now(), key);
      if (again) {
        this.waiting++;
        const t = setTimeout(
          () => {
            this.timers.delete(t);
            this.waiting--;
            if (!this.db.open) return;
            this.db.prepare(`UPDATE work SET state = 'pending' WHERE key = ?`).run(key);
            this.ready.push(key);
            this.pump();
          },
          backoffMs(err, attempts, this.o.backoffBaseMs),
        );
        this.timers.add(t);
      }
    }
  }
}
