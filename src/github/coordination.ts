/**
 * The little shared state the workers coordinate through: pending comment edits per PR (so several jobs
 * answering one PR become one edit), a lock per PR (so comment writes for one PR are serialized), the
 * outcome of each pending edit, write-pacing windows per installation, and which job sections we have
 * written where. In memory for the single process; Redis (redis-store.ts) in queue mode.
 */
export interface Coordination {
  /** Appends an entry to a target's pending list. */
  push(target: string, entry: string): Promise<void>;
  /** Takes (and removes) every pending entry of a target, oldest first. */
  takeAll(target: string): Promise<string[]>;
  /** Returns entries to the front of the pending list (a write failed for a passing reason). */
  putBack(target: string, entries: string[]): Promise<void>;
  tryLock(target: string, owner: string, ttlMs: number): Promise<boolean>;
  extendLock(target: string, owner: string, ttlMs: number): Promise<void>;
  unlock(target: string, owner: string): Promise<void>;
  setOutcome(tokens: string[], outcome: string, ttlMs: number): Promise<void>;
  outcome(token: string): Promise<string | null>;
  /** Counts one use of `key` in the current fixed window and says how many uses the window has seen. */
  countInWindow(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  addMember(set: string, member: string, ttlMs: number): Promise<void>;
  isMember(set: string, member: string): Promise<boolean>;
}

interface Expiring<T> {
  value: T;
  until: number;
}

export class MemoryCoordination implements Coordination {
  private readonly pending = new Map<string, string[]>();
  private readonly locks = new Map<string, Expiring<string>>();
  private readonly outcomes = new Map<string, Expiring<string>>();
  private readonly windows = new Map<string, Expiring<number>>();
  private readonly sets = new Map<string, Expiring<Set<string>>>();

  push(target: string, entry: string): Promise<void> {
    this.pending.set(target, [...(this.pending.get(target) ?? []), entry]);
    return Promise.resolve();
  }
  takeAll(target: string): Promise<string[]> {
    const all = this.pending.get(target) ?? [];
    this.pending.delete(target);
    return Promise.resolve(all);
  }
  putBack(target: string, entries: string[]): Promise<void> {
    this.pending.set(target, [...entries, ...(this.pending.get(target) ?? [])]);
    return Promise.resolve();
  }
  tryLock(target: string, owner: string, ttlMs: number): Promise<boolean> {
    const l = this.locks.get(target);
    if (l && l.until > Date.now() && l.value !== owner) return Promise.resolve(false);
    this.locks.set(target, { value: owner, until: Date.now() + ttlMs });
    return Promise.resolve(true);
  }
  extendLock(target: string, owner: string, ttlMs: number): Promise<void> {
    const l = this.locks.get(target);
    if (l?.value === owner) l.until = Date.now() + ttlMs;
    return Promise.resolve();
  }
  unlock(target: string, owner: string): Promise<void> {
    if (this.locks.get(target)?.value === owner) this.locks.delete(target);
    return Promise.resolve();
  }
  setOutcome(tokens: string[], outcome: string, ttlMs: number): Promise<void> {
    for (const t of tokens) this.outcomes.set(t, { value: outcome, until: Date.now() + ttlMs });
    this.sweep();
    return Promise.resolve();
  }
  outcome(token: string): Promise<string | null> {
    const o = this.outcomes.get(token);
    return Promise.resolve(o && o.until > Date.now() ? o.value : null);
  }
  countInWindow(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }> {
    const now = Date.now();
    const w = this.windows.get(key);
    if (!w || w.until <= now) {
      this.windows.set(key, { value: 1, until: now + windowMs });
      return Promise.resolve({ count: 1, resetInMs: windowMs });
    }
    w.value++;
    return Promise.resolve({ count: w.value, resetInMs: w.until - now });
  }
  addMember(set: string, member: string, ttlMs: number): Promise<void> {
    const s = this.sets.get(set);
    if (s && s.until > Date.now()) {
      s.value.add(member);
      s.until = Date.now() + ttlMs;
    } else this.sets.set(set, { value: new Set([member]), until: Date.now() + ttlMs });
    return Promise.resolve();
  }
  isMember(set: string, member: string): Promise<boolean> {
    const s = this.sets.get(set);
    return Promise.resolve(!!s && s.until > Date.now() && s.value.has(member));
  }
  private sweep(): void {
    if (this.outcomes.size < 10_000) return;
    const now = Date.now();
    for (const [k, v] of this.outcomes) if (v.until <= now) this.outcomes.delete(k);
    for (const [k, v] of this.sets) if (v.until <= now) this.sets.delete(k);
  }
}

/**
 * Spaces content-creating requests per installation: at most `perMinute` in each minute window (GitHub's
 * secondary limit is about 80); past that, a write waits for the next window.
 */
export class WritePacer {
  constructor(
    private readonly store: Coordination,
    private readonly perMinute = 80,
    private readonly windowMs = 60_000,
  ) {}
  async take(installationId: number): Promise<void> {
    for (;;) {
      const { count, resetInMs } = await this.store.countInWindow(`pace:${installationId}`, this.windowMs);
      if (count <= this.perMinute) return;
      await new Promise((r) => setTimeout(r, Math.max(10, resetInMs)));
    }
  }
}
