import { ProbotOctokit } from 'probot';

/**
 * Probot's Octokit without its client-side pacing and retries, for tests and the load test against
 * mocks. (Probot's own defaults re-enable throttling, so only the function form, applied last, can
 * turn it off.) In production the App keeps both: content-creating writes are spaced as GitHub asks,
 * and the App's own `withRetry` adds a bounded retry on top.
 */
export function unthrottledOctokit(): typeof ProbotOctokit {
  return ProbotOctokit.defaults((options: Record<string, unknown>) => ({
    ...options,
    throttle: { ...(options.throttle as object), enabled: false },
    retry: { enabled: false },
  })) as typeof ProbotOctokit;
}
