/**
 * How a failed piece of work ends. HTTP retries belong to Octokit's retry and throttling plugins
 * (configured once in octokit.ts); this decides only whether a whole job is worth running again later:
 * GitHub 5xx, 429, rate-limit 403s and network failures/timeouts are; YAML errors, undecodable logs,
 * 403/404/422 and plain bugs are not.
 */

function status(err: unknown): number | null {
  const s = (err as { status?: unknown } | null)?.status;
  return typeof s === 'number' ? s : null;
}

function headers(err: unknown): Record<string, string | undefined> {
  return (err as { response?: { headers?: Record<string, string | undefined> } }).response?.headers ?? {};
}

const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  'ENOTFOUND',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

function isNetworkError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const name = (e as { name?: unknown }).name;
    const code = (e as { code?: unknown }).code;
    if (name === 'TimeoutError' || name === 'AbortError') return true;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
    if (e instanceof TypeError && /fetch failed|terminated/i.test(e.message)) return true;
  }
  return false;
}

/** A transient failure: running the job again later can succeed. */
export function isTransient(err: unknown): boolean {
  const s = status(err);
  if (s !== null) {
    if (s >= 500 || s === 429) return true;
    if (s === 403) {
      const h = headers(err);
      return h['x-ratelimit-remaining'] === '0' || h['retry-after'] !== undefined;
    }
    return false;
  }
  return isNetworkError(err);
}

/** How long GitHub asked us to wait (retry-after, else x-ratelimit-reset), in ms; null when it did not say. */
export function retryAfterMs(err: unknown, now = Date.now()): number | null {
  const h = headers(err);
  const after = Number(h['retry-after']);
  if (h['retry-after'] !== undefined && Number.isFinite(after)) return Math.max(0, after * 1000);
  const reset = Number(h['x-ratelimit-reset']);
  if (h['x-ratelimit-remaining'] === '0' && Number.isFinite(reset)) return Math.max(0, reset * 1000 - now);
  return null;
}

/** The delay before attempt `attempt + 1` (0-based): exponential from `baseMs`, at least what GitHub asked. */
export function backoffMs(err: unknown, attempt: number, baseMs: number, maxMs = 10 * 60_000): number {
  const exp = Math.min(maxMs, baseMs * 2 ** attempt);
  return Math.min(maxMs, Math.max(exp, retryAfterMs(err) ?? 0));
}

/** One line for the log: what GitHub said and what that means for this piece of work. */
export function describeGitHubError(err: unknown): string {
  const s = status(err);
  const msg = (err as Error | null)?.message ?? String(err);
  if (s === 403)
    return `GitHub refused (403: ${msg}); the App may lack a permission in app.yml or be rate limited; dropped`;
  if (s === 404) return `not found on GitHub (404: ${msg}); the run, log or issue may be gone or private; dropped`;
  if (s === 422) return `GitHub rejected the request (422: ${msg}); dropped`;
  if (s !== null && s >= 500) return `GitHub failed (${s}): ${msg}`;
  return `failed: ${msg}`;
}
