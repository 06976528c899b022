/**
 * The one line of history a job section shows: facts in, one line out, no I/O. The rules, first match
 * wins (the README lists them with examples):
 *
 * 1. broken on the default branch: the same job failed the same way on the default branch and has not
 *    passed there since → "Also failing on `main` since abc1234 (2 days, 5 runs): probably not caused
 *    by this PR".
 * 2. flaky: a failure of this job with this template passed on a re-run of the same commit → "…passed
 *    on re-run 2 times: looks flaky".
 * 3. fixed on the default branch: it failed the same way there and passed at a later commit → "Failed
 *    the same way on `main` and was fixed in def5678".
 * 4. other PRs: seen in other pull requests → "Seen in 3 other PRs in 30 days (#12, #15, #19)".
 * 5. this PR: only earlier runs of this same PR → "Failed the same way on 2 earlier runs of this PR".
 * 6. new → "New in this PR: not seen on `main` or in other PRs in 30 days".
 */
import type { StoredFailure } from './types.js';

export interface HistoryFacts {
  now: number;
  /** The window the facts cover, in days (the repository's `historyDays`). */
  days: number;
  defaultBranch: string;
  /** `https://github.com/owner/repo`, for commit links. */
  repoUrl: string;
  current: { jobId: number; sha: string; branch: string | null; pr: number | null };
  /** Earlier failures of the same job with the same template, in this repository (any order). */
  past: readonly StoredFailure[];
}

export function historyLine(facts: HistoryFacts): string {
  const { current, defaultBranch: main } = facts;
  const past = facts.past.filter((f) => f.jobId !== current.jobId).sort((a, b) => a.at - b.at || a.jobId - b.jobId);
  const onMain = current.branch === main && current.pr === null;
  const mainRuns = past.filter((f) => f.branch === main && f.pr === null);
  const b = `\`${main}\``;
  const window = `in ${facts.days} day${facts.days === 1 ? '' : 's'}`;

  const open = mainRuns.filter((f) => f.recoveredSha === null);
  const last = mainRuns[mainRuns.length - 1];
  if (!onMain && last && last.recoveredSha === null) {
    const since = open[0]!;
    const runs = `${open.length} run${open.length === 1 ? '' : 's'}`;
    return `🔁 Also failing on ${b} since ${commit(facts, since.sha)} (${ago(facts.now - since.at)}, ${runs}): probably not caused by this PR.`;
  }

  const flakes = past.filter((f) => f.flaky).length;
  const prs = [...new Set(past.filter((f) => f.pr !== null && f.pr !== current.pr).map((f) => f.pr!))].sort(
    (x, y) => x - y,
  );
  const other = current.pr === null ? '' : 'other ';
  const prList = (n: number) =>
    `${n} ${other}PR${n === 1 ? '' : 's'} ${window} (${prs
      .slice(0, 5)
      .map((p) => `#${p}`)
      .join(', ')}${n > 5 ? ', …' : ''})`;
  if (flakes > 0) {
    const seen = prs.length ? `Seen in ${prList(prs.length)}` : `Failed the same way ${times(past.length)} ${window}`;
    return `🎲 ${seen}; passed on re-run of the same commit ${times(flakes)}: looks flaky.`;
  }

  const fixed = mainRuns.filter((f) => f.recoveredSha !== null && !f.flaky);
  if (fixed.length) {
    const at = fixed[fixed.length - 1]!.recoveredSha!;
    return onMain
      ? `🔁 Back on ${b}: failed the same way before and was fixed in ${commit(facts, at)}.`
      : `🩹 Failed the same way on ${b} and was fixed in ${commit(facts, at)}: rebase or merge ${b}.`;
  }

  if (prs.length) return `👀 Seen in ${prList(prs.length)}.`;

  const samePr = past.filter((f) => current.pr !== null && f.pr === current.pr);
  if (samePr.length)
    return `🔂 Failed the same way on ${samePr.length} earlier run${samePr.length === 1 ? '' : 's'} of this PR (first at ${commit(facts, samePr[0]!.sha)}).`;

  return onMain || current.pr === null
    ? `🆕 New: not seen in this repository ${window}.`
    : `🆕 New in this PR: not seen on ${b} or in other PRs ${window}.`;
}

function commit(facts: HistoryFacts, sha: string): string {
  return `[${sha.slice(0, 7)}](${facts.repoUrl}/commit/${sha})`;
}

function times(n: number): string {
  return n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`;
}

/** A duration as people say it: "under an hour", "5 hours", "2 days". */
export function ago(ms: number): string {
  const h = Math.floor(ms / 3600_000);
  if (h < 1) return 'under an hour';
  if (h < 48) return `${h} hour${h === 1 ? '' : 's'}`;
  return `${Math.floor(h / 24)} days`;
}
