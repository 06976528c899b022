import { collectBounded, decodeBounded } from '../extract/bounded-bytes.js';
import type { GitHubClient } from './types.js';

/** Most of a job log read: 8 MiB, head and tail (the failure is near the end). */
export const MAX_LOG_BYTES = 8 * 1024 * 1024;

/** Each streamed body keeps its Response reachable (a WeakMap value lives as long as its key). */
const pinned = new WeakMap<object, Response>();

/**
 * `fetch` whose response body keeps its `Response` alive. Octokit (with `parseSuccessResponseBody:
 * false`) hands back only `response.body` and drops the `Response`; undici cancels the body of a
 * `Response` that is garbage-collected before the body is read, so a collection at the wrong moment
 * (a busy App) made a log arrive empty, and the job was answered with "no failure found".
 */
export function bodyPinningFetch(base: typeof fetch): typeof fetch {
  return async (input, init) => {
    const res = await base(input, init);
    if (res.body) pinned.set(res.body, res);
    return res;
  };
}

/** The fetch an Octokit was configured with (the App's has a deadline), else the global one. */
function configuredFetch(octokit: GitHubClient): typeof fetch {
  const defaults = octokit.request.endpoint.DEFAULTS as { request?: { fetch?: typeof fetch } };
  return defaults.request?.fetch ?? globalThis.fetch;
}

/**
 * Downloads an Actions job log (the API answers with a redirect to storage, which is followed),
 * streaming it into a bounded buffer so a huge log never sits in memory whole.
 */
export async function downloadJobLog(
  octokit: GitHubClient,
  owner: string,
  repo: string,
  jobId: number,
): Promise<string> {
  const res = await octokit.request('GET /repos/{owner}/{repo}/actions/jobs/{job_id}/logs', {
    owner,
    repo,
    job_id: jobId,
    request: { parseSuccessResponseBody: false, fetch: bodyPinningFetch(configuredFetch(octokit)) },
  });
  // A web ReadableStream (async-iterable in Node), or the whole body when a mock or proxy buffered it.
  const body = res.data as AsyncIterable<Uint8Array> | string | ArrayBuffer;
  const chunks =
    typeof body === 'string' ? [Buffer.from(body)] : body instanceof ArrayBuffer ? [new Uint8Array(body)] : body;
  return decodeBounded(await collectBounded(chunks, MAX_LOG_BYTES)).text;
}

/** For CI apps other than Actions: the check run's own output and annotations as text. */
export async function checkRunText(
  octokit: GitHubClient,
  owner: string,
  repo: string,
  checkRun: { id: number; output?: { title?: string | null; summary?: string | null; text?: string | null } | null },
): Promise<string> {
  const parts = [checkRun.output?.title, checkRun.output?.summary, checkRun.output?.text].filter(
    (s): s is string => !!s,
  );
  const annotations = await octokit.paginate(octokit.rest.checks.listAnnotations, {
    owner,
    repo,
    check_run_id: checkRun.id,
    per_page: 100,
  });
  for (const a of annotations.slice(0, 50)) {
    parts.push([`${a.path}:${a.start_line}`, a.title, a.message, a.raw_details].filter(Boolean).join('\n'));
  }
  return parts.join('\n\n');
}
