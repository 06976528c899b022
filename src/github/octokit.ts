import { ProbotOctokit } from 'probot';
import Bottleneck from 'bottleneck';

export interface OctokitPolicy {
  /** HTTP retries of 5xx/429 by the retry plugin (POSTs that create content opt out per request). */
  retries: number;
  /** Secondary-limit / rate-limit retries by the throttling plugin, honouring retry-after. */
  rateLimitRetries: number;
  /** Longest wait for a rate limit we still retry in-request (longer: the job is retried later). */
  maxRateLimitWaitS: number;
  /** Multiplies every retry-after (1000: seconds as GitHub means them; tests shrink it). */
  retryAfterBaseMs: number;
  /** Called when GitHub rate limits us (metrics, logs). */
  onLimited?: (kind: 'secondary' | 'primary', retryAfterS: number, willRetry: boolean) => void;
}

export const DEFAULT_OCTOKIT_POLICY: OctokitPolicy = {
  retries: 3,
  rateLimitRetries: 2,
  maxRateLimitWaitS: 120,
  retryAfterBaseMs: 1000,
};

/**
 * The App's one HTTP retry layer: Octokit's retry plugin (5xx/429, not 4xx) and throttling plugin
 * (403/429 rate limits, waiting what `retry-after` / `x-ratelimit-reset` says), configured here once.
 * The throttling plugin's own write pacing (one write a second for every installation together) is
 * replaced by `WritePacer`, which paces per installation and is shared by every worker through Redis.
 */
export function appOctokit(policy: Partial<OctokitPolicy> = {}): typeof ProbotOctokit {
  const p = { ...DEFAULT_OCTOKIT_POLICY, ...policy };
  const noPacing = new Bottleneck.Group({ maxConcurrent: null, minTime: 0 });
  const decide =
    (kind: 'secondary' | 'primary') => (retryAfter: number, _options: unknown, _o: unknown, count: number) => {
      const retry = count < p.rateLimitRetries && retryAfter <= p.maxRateLimitWaitS;
      p.onLimited?.(kind, retryAfter, retry);
      return retry;
    };
  return ProbotOctokit.defaults((options: Record<string, unknown>) => ({
    ...options,
    throttle: {
      ...(options.throttle as object),
      enabled: true,
      write: noPacing,
      retryAfterBaseValue: p.retryAfterBaseMs,
      onSecondaryRateLimit: decide('secondary'),
      onRateLimit: decide('primary'),
    },
    retry: { enabled: true, retries: p.retries, retryAfterBaseValue: p.retryAfterBaseMs },
  })) as typeof ProbotOctokit;
}

/** Probot's Octokit without retries or throttling (kept for callers that mock every response). */
export function unthrottledOctokit(): typeof ProbotOctokit {
  return ProbotOctokit.defaults((options: Record<string, unknown>) => ({
    ...options,
    throttle: { ...(options.throttle as object), enabled: false },
    retry: { enabled: false },
  })) as typeof ProbotOctokit;
}

/** `fetch` with a deadline on the whole exchange, body included (a log whose storage stalls is cut off). */
export function timeoutFetch(timeoutMs: number): typeof fetch {
  return (input, init) => {
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    return fetch(input, { ...init, signal });
  };
}
