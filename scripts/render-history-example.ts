/**
 * `node dist/scripts/render-history-example.js`: the App's PR comment with history lines and "helped"
 * boxes (docs/example-history-comment.md, shown in the README). Real fixture logs and the default
 * index; the history is a real SQLite store filled with a short sequence of earlier runs (below), and
 * each line comes from the App's own rules (src/history/history-line.ts).
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDefaultEncoder } from '../src/encoder/load.js';
import { openEngine } from '../src/engine.js';
import { decodeInput } from '../src/extract/decode-input.js';
import { FOOTER, markFixed, renderCiComment, type JobSection } from '../src/github/job-sections.js';
import { historyKey } from '../src/history/history-key.js';
import { historyLine } from '../src/history/history-line.js';
import { SqliteFailureStore } from '../src/history/sqlite-store.js';
import type { RepoScope } from '../src/history/types.js';
import { defaultIndexDir, packageRoot } from '../src/paths.js';
import { resultToMarkdown } from '../src/render/markdown.js';

const H = 3600_000;
const NOW = Date.UTC(2026, 10, 23, 12);
const scope: RepoScope = { installationId: 1, repo: 'acme/widgets' };
const sha = (s: string) => s.padEnd(40, '0');
const store = new SqliteFailureStore({ file: ':memory:', now: () => NOW });
const engine = openEngine({ indexDir: defaultIndexDir(), encoder: await loadDefaultEncoder({ optional: true }) });
const log = (id: string) =>
  decodeInput(readFileSync(join(packageRoot(), '..', 'shared', 'fixtures', 'extraction', 'items', `${id}.txt`))).text;

// This PR is #42 on branch feature/loader, head 9f8e7d6.
const current = { sha: sha('9f8e7d6'), branch: 'feature/loader', pr: 42 };
let jobId = 1000;
async function earlier(
  job: string,
  id: string,
  runs: Array<{ sha: string; branch: string; pr: number | null; hoursAgo: number }>,
) {
  const key = historyKey((await engine.search(log(id), { kind: 'log', top: 1 })).failures)!;
  for (const r of runs)
    await store.recordFailure(scope, {
      jobId: ++jobId,
      job,
      ...key,
      sha: r.sha,
      branch: r.branch,
      pr: r.pr,
      url: null,
      at: NOW - r.hoursAgo * H,
    });
}
// 1. Broken on main for two days (5 runs), not caused by this PR.
await earlier('tests / pytest (windows)', 'ci-py-006', [
  { sha: sha('abc1234'), branch: 'main', pr: null, hoursAgo: 50 },
  ...[40, 30, 20, 10].map((h, i) => ({ sha: sha(`abc12${40 + i}`), branch: 'main', pr: null, hoursAgo: h })),
]);
// 2. Flaky: seen in PRs #12, #15 and #19 this week, two of them passed on a re-run of the same commit.
await earlier('tests / pytest (py3.12)', 'ci-py-012', [
  { sha: sha('1212121'), branch: 'fix/a', pr: 12, hoursAgo: 100 },
  { sha: sha('1515151'), branch: 'feat/b', pr: 15, hoursAgo: 70 },
  { sha: sha('1919191'), branch: 'feat/c', pr: 19, hoursAgo: 20 },
]);
await store.recordPass(scope, {
  jobId: 5001,
  job: 'tests / pytest (py3.12)',
  sha: sha('1212121'),
  branch: 'fix/a',
  at: NOW - 99 * H,
});
await store.recordPass(scope, {
  jobId: 5002,
  job: 'tests / pytest (py3.12)',
  sha: sha('1919191'),
  branch: 'feat/c',
  at: NOW - 19 * H,
});
// 3. tests / pytest (asyncio): nothing before: new in this PR.

let sections: JobSection[] = [];
for (const [job, id] of [
  ['tests / pytest (windows)', 'ci-py-006'],
  ['tests / pytest (py3.12)', 'ci-py-012'],
  ['tests / pytest (asyncio)', 'ci-py-002'],
] as const) {
  const result = await engine.search(log(id), { kind: 'log', top: 3 });
  const key = historyKey(result.failures)!;
  const past = await store.failures(scope, { job, key: key.key, since: NOW - 30 * 24 * H });
  const note = historyLine({
    now: NOW,
    days: 30,
    defaultBranch: 'main',
    repoUrl: `https://github.com/${scope.repo}`,
    current: { jobId: ++jobId, ...current },
    past,
  });
  const resultId = createHash('sha256')
    .update(`${scope.repo}\u0000${job}\u0000${result.query.text}`)
    .digest('hex')
    .slice(0, 12);
  sections.push({
    key: job,
    body: resultToMarkdown(result, { heading: job, maxResults: 3, note, votes: { resultId } }),
  });
}
// The flaky job was re-run on the same commit and passed.
sections = markFixed(sections, 'tests / pytest (py3.12)', current.sha, true);
engine.close();
await store.close();
writeFileSync(join(packageRoot(), 'docs', 'example-history-comment.md'), renderCiComment(sections, FOOTER));
console.log('wrote docs/example-history-comment.md');
