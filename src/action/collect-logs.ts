import { type Octokit } from '@octokit/rest';
import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import picomatch from 'picomatch';
import { decodeBounded, readFileBounded } from '../extract/bounded-bytes.js';
import { DEFAULT_MAX_INPUT_BYTES } from '../extract/decode-input.js';
import { downloadJobLog } from '../github/job-log.js';
import type { GitHubClient } from '../github/types.js';

export interface NamedLog {
  name: string;
  text: string;
}

/**
 * The logs to answer: files matching the `log` input (a path or a glob, relative to the workspace),
 * or, when it is empty, the logs of this workflow run's jobs that already failed (the Action in a
 * later job with `needs:` and `if: failure()`; a job's own log is only readable once it has ended).
 */
export async function collectLogs(pattern: string, octokit: Octokit | null): Promise<NamedLog[]> {
  if (pattern.trim()) return readLogFiles(pattern.trim());
  if (!octokit) throw new Error("no `log` input and no `github-token` to fetch the failed jobs' logs");
  const [owner, repo] = (process.env.GITHUB_REPOSITORY ?? '').split('/');
  const runId = Number(process.env.GITHUB_RUN_ID);
  if (!owner || !repo || !runId)
    throw new Error('no `log` input, and GITHUB_REPOSITORY / GITHUB_RUN_ID are not set to find the failed jobs');
  const jobs = await octokit.paginate(octokit.rest.actions.listJobsForWorkflowRun, {
    owner,
    repo,
    run_id: runId,
    per_page: 100,
  });
  const failed = jobs.filter((j) => j.conclusion === 'failure' || j.conclusion === 'timed_out');
  const out: NamedLog[] = [];
  for (const j of failed.slice(0, 10)) {
    out.push({ name: j.name, text: await downloadJobLog(octokit as unknown as GitHubClient, owner, repo, j.id) });
  }
  return out;
}

function readLogFilesSync(pattern: string): string[] {
  const base = process.env.GITHUB_WORKSPACE ?? process.cwd();
  const abs = resolve(base, pattern);
  try {
    if (statSync(abs).isFile()) return [abs];
  } catch {
    // not a plain path: a glob
  }
  const isMatch = picomatch(pattern, { dot: true });
  const root = resolve(base, picomatch.scan(pattern).base || '.');
  const found: string[] = [];
  const walk = (dir: string, depth: number) => {
    if (depth > 12 || found.length >= 50) return;
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const e of entries) {
      if (e === 'node_modules' || e === '.git') continue;
      const p = join(dir, e);
      const st = statSync(p, { throwIfNoEntry: false });
      if (st?.isDirectory()) walk(p, depth + 1);
      else if (st?.isFile() && isMatch(relative(base, p))) found.push(p);
    }
  };
  walk(root, 0);
  return found.sort();
}

async function readLogFiles(pattern: string): Promise<NamedLog[]> {
  const files = readLogFilesSync(pattern);
  if (files.length === 0) throw new Error(`no file matches \`log: ${pattern}\``);
  const out: NamedLog[] = [];
  for (const f of files) {
    const { text } = decodeBounded(await readFileBounded(f, DEFAULT_MAX_INPUT_BYTES));
    out.push({ name: relative(process.env.GITHUB_WORKSPACE ?? process.cwd(), f), text });
  }
  return out;
}
