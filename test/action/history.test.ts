/**
 * The Action's history (recordActionFailure), under the suite's Node: the runner's environment and a
 * real pull_request event, a real SQLite file, a real search result from the small index.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { actionRunFromEnv, recordActionFailure } from '../../src/action/history.js';
import { openEngine, type Engine } from '../../src/engine.js';
import { SqliteFailureStore } from '../../src/history/sqlite-store.js';
import { fixtureLog } from '../github/app-harness.js';
import { buildSmallIndex } from '../helpers/small-index.js';

const require = createRequire(import.meta.url);
const examples = require('@octokit/webhooks-examples/api.github.com/index.json') as Array<{
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- free-form webhook payloads
  examples: Array<Record<string, any>>;
}>;
const prEvent = examples.find((e) => e.name === 'pull_request')!.examples.find((e) => e.action === 'opened')!;

let engine: Engine;
before(async () => {
  engine = await openEngine({ indexDir: await buildSmallIndex(3000) });
});

test('the Action records each failing log and says whether this repository saw it before', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'action-history-')), 'history.db');
  const env = { GITHUB_REPOSITORY: prEvent.repository.full_name, GITHUB_RUN_ID: '500', GITHUB_SHA: 'm'.repeat(40) };
  const run = actionRunFromEnv(env, prEvent);
  assert.equal(run.sha, prEvent.pull_request.head.sha, 'the PR head, not the merge commit');
  assert.equal(run.pr, prEvent.pull_request.number);
  const result = await engine.search(fixtureLog('ci-py-006'), { kind: 'log', minConfidence: 0 });
  const now = Date.UTC(2026, 10, 5);

  let store = new SqliteFailureStore({ file, now: () => now });
  const first = await recordActionFailure(store, run, 'test:ci-py-006.txt', result, { days: 30, now });
  assert.equal(
    first,
    `🆕 New in this PR: not seen on \`${prEvent.repository.default_branch}\` or in other PRs in 30 days.`,
  );
  // The same step again (a re-run of the same attempt) records nothing twice.
  await recordActionFailure(store, run, 'test:ci-py-006.txt', result, { days: 30, now });
  await store.close();

  // A later run of another PR, with the file restored from the cache.
  store = new SqliteFailureStore({ file, now: () => now + 3600_000 });
  const other = actionRunFromEnv(
    { ...env, GITHUB_RUN_ID: '501' },
    { ...prEvent, pull_request: { ...prEvent.pull_request, number: 99, head: { sha: 'e'.repeat(40), ref: 'b' } } },
  );
  const second = await recordActionFailure(store, other, 'test:ci-py-006.txt', result, {
    days: 30,
    now: now + 3600_000,
  });
  assert.equal(second, `👀 Seen in 1 other PR in 30 days (#${prEvent.pull_request.number}).`);
  assert.equal((await store.failures(run.scope, { job: 'test:ci-py-006.txt', since: 0 })).length, 2);
  await store.close();
});
