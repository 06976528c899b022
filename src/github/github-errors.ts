/** How a failed GitHub call ends: retried (5xx, rate limits) or dropped with a log line (403/404/422). */
export interface RetryOptions {
  retries: number;
  baseDelayMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { retries: 3, baseDelayMs: 1000 };

function status(err: unknown): number | null {
  const s = (err as { status?: unknown }).status;
  return typeof s === 'number' ? s : null;
}

export function isRetryable(err: unknown): boolean {
  const s = status(err);
  if (s === null) return true; // network error
  if (s >= 500 || s === 429) return true;
  const headers = (err as { response?: { headers?: Record<string, string> } }).response?.headers;
  return s === 403 && headers?.['x-ratelimit-remaining'] === '0';
}

/** Runs `fn`, retrying retryable GitHub failures with exponential backoff. */
export async function withRetry<T>(fn: () => Promise<T>, opts: RetryOptions = DEFAULT_RETRY): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= opts.retries || !isRetryable(err)) throw err;
      await new Promise((r) => setTimeout(r, opts.baseDelayMs * 2 ** attempt));
    }
  }
}

/** One line for the log: what GitHub said and what that means for this piece of work. */
export function describeGitHubError(err: unknown): string {
  const s = status(err);
  const msg = (err as Error).message ?? String(err);
  if (s === 403)
    return `GitHub refused (403: ${msg}); the App may lack a permission in app.yml or be rate limited; dropped`;
  if (s === 404) return `not found on GitHub (404: ${msg}); the run, log or issue may be gone or private; dropped`;
  if (s === 422) return `GitHub rejected the request (422: ${msg}); dropped`;
  if (s !== null && s >= 500) return `GitHub failed (${s}) after retries: ${msg}; dropped`;
  return `failed: ${msg}`;
}
