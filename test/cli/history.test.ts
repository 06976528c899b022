import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { SqliteFailureStore } from '../../src/history/sqlite-store.js';
import type { FailureEvent } from '../../src/history/types.js';
import { ROOT } from '../helpers/paths.js';

const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
function run(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    env: { ...process.env, REDIS_URL: '', ...env },
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const failure = (jobId: number): FailureEvent => ({
  jobId,
  job: 'CI / test',
  key: 'ValueError: bad',
  errorType: 'ValueError',
  template: 'bad',
  message: 'ValueError: bad',
  sha: 'a'.repeat(40),
  branch: 'feature',
  pr: 1,
  url: null,
  at: Date.now(),
});

async function seeded(): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), 'history-cli-')), 'history.db');
  const s = new SqliteFailureStore({ file });
  const pub = { installationId: 1, repo: 'acme/widgets' };
  const priv = { installationId: 2, repo: 'acme/secret' };
  await s.recordFailure(pub, failure(1));
  await s.recordFailure(priv, failure(2));
  await s.recordShown(pub, {
    resultId: 'aaaaaa1',
    query: 'ValueError: bad',
    threads: [10, 11, 12],
    private: false,
    at: Date.now(),
  });
  await s.setVote(pub, { resultId: 'aaaaaa1', threadId: 11, user: 'alice', at: Date.now() }, true);
  await s.recordShown(priv, {
    resultId: 'bbbbbb2',
    query: 'KeyError: x',
    threads: [20, 21],
    private: true,
    at: Date.now(),
  });
  await s.setVote(priv, { resultId: 'bbbbbb2', threadId: 20, user: 'bob', at: Date.now() }, true);
  await s.close();
  return file;
}

test('feedback export writes the recipe JSONL, private repositories only when asked', async () => {
  const db = await seeded();
  const out = join(mkdtempSync(join(tmpdir(), 'feedback-')), 'feedback.jsonl');
  const r = run(['feedback', 'export', '--out', out, '--db', db]);
  assert.equal(r.code, 0, r.err);
  assert.equal(r.out, `wrote 1 result(s) with 1 helped thread(s) to ${out}\n`);
  assert.equal(readFileSync(out, 'utf8'), '{"query":"ValueError: bad","helped":[11],"notHelped":[10,12]}\n');
  const all = run(['feedback', 'export', '--out', out, '--db', db, '--include-private', '--json']);
  assert.equal(all.code, 0, all.err);
  assert.deepEqual(JSON.parse(all.out), { out, results: 2, helped: 2 });
  assert.equal(readFileSync(out, 'utf8').trim().split('\n').length, 2);
});

test('history forget deletes one repository (exit 1 when nothing was there); bad input is a usage error', async () => {
  const db = await seeded();
  const r = run(['history', 'forget', 'acme/secret'], { SNIPPET_SEARCH_HISTORY_DB: db });
  assert.equal(r.code, 0, r.err);
  assert.equal(r.out, `deleted 3 record(s) of acme/secret from ${db}\n`);
  assert.equal(run(['history', 'forget', 'acme/secret', '--db', db]).code, 1);
  const s = new SqliteFailureStore({ file: db });
  assert.equal(
    (await s.failures({ installationId: 1, repo: 'acme/widgets' }, { job: 'CI / test', since: 0 })).length,
    1,
  );
  assert.deepEqual(await s.failures({ installationId: 2, repo: 'acme/secret' }, { job: 'CI / test', since: 0 }), []);
  await s.close();
  const bad = run(['history', 'forget', 'not a repo', '--db', db]);
  assert.equal(bad.code, 2);
  assert.match(bad.err, /expected owner\/repo, got 'not a repo'/);
  const missing = run(['history', 'forget', 'acme/x', '--db', join(tmpdir(), 'nope', 'h.db')]);
  assert.equal(missing.code, 2);
  assert.match(missing.err, /no history database at .*nope\/h\.db/);
});
