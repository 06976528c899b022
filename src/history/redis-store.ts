/**
 * The failure store on Redis (queue mode, `REDIS_URL`): several workers share one history. Every key
 * lives under `ss:hist:<installation>:<owner%2Frepo>:` and expires with the retention; per job, a
 * sorted set by time indexes the failures. Recovery and flake marks are written with SET NX, so two
 * workers recording the same pass cannot count it twice.
 */
import type { Redis } from 'ioredis';
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

const PREFIX = 'ss:hist:';
const SHOWN_INDEX = `${PREFIX}shown-index`;

const enc = (s: string) =>
  encodeURIComponent(s.toLowerCase()).replace(/[*?[\]]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
const base = (s: RepoScope) => `${PREFIX}${s.installationId}:${enc(s.repo)}:`;

export interface RedisStoreOptions {
  redis: Redis;
  retentionDays?: number;
  now?: () => number;
}

interface Recovery {
  sha: string;
  flaky: boolean;
}

export class RedisFailureStore implements FailureStore {
  private readonly r: Redis;
  private readonly retentionMs: number;
  private readonly now: () => number;

  constructor(o: RedisStoreOptions) {
    this.r = o.redis;
    this.retentionMs = (o.retentionDays ?? DEFAULT_RETENTION_DAYS) * DAY_MS;
    this.now = o.now ?? Date.now;
  }

  private cutoff(): number {
    return this.now() - this.retentionMs;
  }

  /** How long a record made at `at` is kept (at least a second, so SET PX accepts it). */
  private ttl(at: number): number {
    return Math.max(1000, at + this.retentionMs - this.now());
  }

  async recordFailure(s: RepoScope, f: FailureEvent): Promise<void> {
    const b = base(s);
    const jobs = `${b}jobs:${enc(f.job)}`;
    const key = `${b}f:${f.jobId}`;
    const old = await this.r.get(key);
    const prev = old ? (JSON.parse(old) as FailureEvent) : null;
    const row: FailureEvent = prev ? { ...prev, ...f, pr: f.pr ?? prev.pr, at: prev.at } : f;
    await this.r
      .multi()
      .set(key, JSON.stringify(row), 'PX', this.ttl(row.at))
      .zadd(jobs, row.at, String(f.jobId))
      .zremrangebyscore(jobs, '-inf', `(${this.cutoff()}`)
      .pexpire(jobs, this.retentionMs)
      .exec();
  }

  private async load(s: RepoScope, job: string, since: number): Promise<StoredFailure[]> {
    const b = base(s);
    const ids = await this.r.zrangebyscore(`${b}jobs:${enc(job)}`, Math.max(since, this.cutoff()), '+inf');
    if (!ids.length) return [];
    const rows = await this.r.mget(ids.map((id) => `${b}f:${id}`));
    const recs = await this.r.mget(ids.map((id) => `${b}rec:${id}`));
    const out: StoredFailure[] = [];
    rows.forEach((raw, i) => {
      if (!raw) return;
      const f = JSON.parse(raw) as FailureEvent;
      const rec = recs[i] ? (JSON.parse(recs[i]) as Recovery) : null;
      out.push({ ...f, recoveredSha: rec?.sha ?? null, flaky: rec?.flaky ?? false });
    });
    return out.sort((a, c) => a.at - c.at || a.jobId - c.jobId);
  }

  async recordPass(s: RepoScope, p: PassEvent): Promise<PassOutcome> {
    const b = base(s);
    const out: PassOutcome = { flaky: 0, recovered: 0 };
    for (const f of await this.load(s, p.job, 0)) {
      if (f.recoveredSha !== null) continue;
      const flaky = f.sha === p.sha && f.jobId !== p.jobId;
      const recovered = !flaky && f.sha !== p.sha && f.branch === p.branch && f.at <= p.at;
      if (!flaky && !recovered) continue;
      const rec: Recovery = { sha: p.sha, flaky };
      const set = await this.r.set(`${b}rec:${f.jobId}`, JSON.stringify(rec), 'PX', this.ttl(f.at), 'NX');
      if (set === 'OK') out[flaky ? 'flaky' : 'recovered']++;
    }
    return out;
  }

  async failures(s: RepoScope, q: FailureQuery): Promise<StoredFailure[]> {
    return (await this.load(s, q.job, q.since)).filter(
      (f) => (q.key === undefined || f.key === q.key) && (q.sha === undefined || f.sha === q.sha),
    );
  }

  async recordShown(s: RepoScope, r: ShownResult): Promise<void> {
    const b = base(s);
    await this.r
      .multi()
      .set(`${b}shown:${r.resultId}`, JSON.stringify(r), 'PX', this.ttl(r.at))
      .zadd(SHOWN_INDEX, r.at, `${s.installationId}|${s.repo}|${r.resultId}`)
      .exec();
  }

  async setVote(s: RepoScope, v: Vote, helped: boolean): Promise<'added' | 'removed' | 'unchanged'> {
    const key = `${base(s)}votes:${v.resultId}`;
    const field = `${v.threadId}|${v.user}`;
    if (!helped) return (await this.r.hdel(key, field)) ? 'removed' : 'unchanged';
    const added = await this.r.hsetnx(key, field, String(v.at));
    await this.r.pexpire(key, this.retentionMs);
    return added ? 'added' : 'unchanged';
  }

  async votes(s: RepoScope, resultId: string): Promise<Vote[]> {
    const all = await this.r.hgetall(`${base(s)}votes:${resultId}`);
    return Object.entries(all)
      .map(([field, at]) => {
        const i = field.indexOf('|');
        return { resultId, threadId: Number(field.slice(0, i)), user: field.slice(i + 1), at: Number(at) };
      })
      .sort((a, b) => a.threadId - b.threadId || a.user.localeCompare(b.user));
  }

  async feedback(o: { includePrivate: boolean }): Promise<FeedbackRow[]> {
    const members = await this.r.zrangebyscore(SHOWN_INDEX, this.cutoff(), '+inf');
    const out: FeedbackRow[] = [];
    for (const m of members) {
      const [inst, repo, resultId] = m.split('|') as [string, string, string];
      const scope = { installationId: Number(inst), repo };
      const raw = await this.r.get(`${base(scope)}shown:${resultId}`);
      if (!raw) continue;
      const shown = JSON.parse(raw) as ShownResult;
      if (shown.private && !o.includePrivate) continue;
      // Only threads we showed count: a marker edited into the comment by hand names nothing we answered.
      const helped = [...new Set((await this.votes(scope, resultId)).map((v) => v.threadId))]
        .filter((t) => shown.threads.includes(t))
        .sort((a, b) => a - b);
      if (!helped.length) continue;
      out.push({
        repo,
        private: shown.private,
        query: shown.query,
        helped,
        notHelped: shown.threads.filter((t) => !helped.includes(t)),
      });
    }
    return out.sort((a, b) => (a.repo < b.repo ? -1 : a.repo > b.repo ? 1 : 0));
  }

  async purge(now = this.now()): Promise<number> {
    const cutoff = now - this.retentionMs;
    let n = await this.r.zremrangebyscore(SHOWN_INDEX, '-inf', `(${cutoff}`);
    for (const key of await this.scan(`${PREFIX}*:jobs:*`)) {
      const stale = await this.r.zrangebyscore(key, '-inf', `(${cutoff}`);
      if (!stale.length) continue;
      const b = key.slice(0, key.indexOf(':jobs:') + 1);
      n += await this.r.del(...stale.flatMap((id) => [`${b}f:${id}`, `${b}rec:${id}`]));
      await this.r.zremrangebyscore(key, '-inf', `(${cutoff}`);
    }
    return n;
  }

  async forget(repo: string): Promise<number> {
    const keys = await this.scan(`${PREFIX}*:${enc(repo)}:*`);
    let n = keys.length ? await this.r.del(...keys) : 0;
    const suffix = `|${repo.toLowerCase()}|`;
    for (const m of await this.r.zrange(SHOWN_INDEX, '0', '-1'))
      if (m.toLowerCase().includes(suffix)) n += await this.r.zrem(SHOWN_INDEX, m);
    return n;
  }

  private async scan(match: string): Promise<string[]> {
    const out: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await this.r.scan(cursor, 'MATCH', match, 'COUNT', '500');
      cursor = next;
      out.push(...keys);
    } while (cursor !== '0');
    return out;
  }

  async close(): Promise<void> {
    await this.r.quit().catch(() => undefined);
  }
}
