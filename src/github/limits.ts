import { LRUCache } from 'lru-cache';

/**
 * Fixed-window counters per key (repo, user), held in an LRU so memory stays bounded however many
 * repos and users write to the App.
 */
export class RateLimiter {
  private readonly windows: LRUCache<string, { count: number }>;

  constructor(
    private readonly max: number,
    windowMs: number,
    maxKeys = 10_000,
  ) {
    this.windows = new LRUCache({ max: maxKeys, ttl: windowMs, ttlAutopurge: false });
  }

  /** Counts one use of `key`; false when the key is over its limit for the current window. */
  take(key: string): boolean {
    const w = this.windows.get(key);
    if (!w) {
      this.windows.set(key, { count: 1 });
      return true;
    }
    if (w.count >= this.max) return false;
    w.count++;
    return true;
  }
}

/** Remembers keys seen recently (webhook deliveries, processed job ids) so the same work is not done twice. */
export class SeenSet {
  private readonly seen: LRUCache<string, true>;
  constructor(max = 20_000, ttlMs = 24 * 3600_000) {
    this.seen = new LRUCache({ max, ttl: ttlMs });
  }
  /** True the first time a key is offered, false after. */
  firstTime(key: string): boolean {
    if (this.seen.has(key)) return false;
    this.seen.set(key, true);
    return true;
  }
}
