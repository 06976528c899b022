/**
 * The Action's side of "Seen before?": with a `history-db` file (kept between runs with actions/cache),
 * each failing log is recorded and its section gets the same history line as the App's. The Action
 * sees only failing runs (its step runs after a failure), so the flaky and fixed rules, which need a
 * passing job, come from the App.
 */
import { createHash } from 'node:crypto';
import type { SearchResult } from '../engine.js';
import { scrubSecrets } from '../extract/scrub-secrets.js';
import { historyKey } from '../history/history-key.js';
import { historyLine } from '../history/history-line.js';
import { DAY_MS, type FailureStore, type RepoScope } from '../history/types.js';

/** What the runner's environment and event say about this run. */
export interface ActionRun {
  scope: RepoScope;
  runId: string;
  attempt: string;
  sha: string;
  branch: string | null;
  defaultBranch: string;
  pr: number | null;
  url: string | null;
  serverUrl: string;
}

interface RunEvent {
  pull_request?: { number?: number; head?: { sha?: string; ref?: string } };
  repository?: { default_branch?: string };
}

export function actionRunFromEnv(env: NodeJS.ProcessEnv, event: RunEvent): ActionRun {
  const repo = env.GITHUB_REPOSITORY ?? 'unknown/unknown';
  const serverUrl = env.GITHUB_SERVER_URL ?? 'https://github.com';
  const runId = env.GITHUB_RUN_ID ?? '0';
  return {
    // The Action has no installation: its scope is the repository alone (installation 0).
    scope: { installationId: 0, repo },
    runId,
    attempt: env.GITHUB_RUN_ATTEMPT ?? '1',
    sha: event.pull_request?.head?.sha ?? env.GITHUB_SHA ?? '',
    branch: event.pull_request?.head?.ref ?? env.GITHUB_HEAD_REF ?? env.GITHUB_REF_NAME ?? null,
    defaultBranch: event.repository?.default_branch ?? 'main',
    pr: event.pull_request?.number ?? null,
    url: `${serverUrl}/${repo}/actions/runs/${runId}`,
    serverUrl,
  };
}

/**
 * The history line for one failing log of this run, after recording it; null when its failure is
 * only a generic wrapper line. `job` is the section key (`job:log`), what history matches by.
 */
export async function recordActionFailure(
  store: FailureStore,
  run: ActionRun,
  job: string,
  result: SearchResult,
  o: { days: number; now?: number },
): Promise<string | null> {
  const hk = historyKey(result.failures);
  if (!hk) return null;
  const now = o.now ?? Date.now();
  // A stable id per run attempt and job: a re-run of the step records nothing twice.
  const jobId = Number.parseInt(
    createHash('sha256').update(`${run.runId}/${run.attempt}/${job}`).digest('hex').slice(0, 12),
    16,
  );
  const past = await store.failures(run.scope, { job, key: hk.key, since: now - o.days * DAY_MS });
  const line = historyLine({
    now,
    days: o.days,
    defaultBranch: run.defaultBranch,
    repoUrl: `${run.serverUrl}/${run.scope.repo}`,
    current: { jobId, sha: run.sha, branch: run.branch, pr: run.pr },
    past,
  });
  await store.recordFailure(run.scope, {
    jobId,
    job,
    key: hk.key,
    errorType: hk.errorType,
    template: hk.template,
    message: scrubSecrets(hk.message).slice(0, 1000),
    sha: run.sha,
    branch: run.branch,
    pr: run.pr,
    url: run.url,
    at: now,
  });
  return line;
}
