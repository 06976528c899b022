/**
 * One contract, two stores: the SQLite file (single process) and Redis (queue mode, a real
 * redis-server on a loopback port). Every test runs against both.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { RedisFailureStore } from '../../src/history/redis-store.js';
import { SqliteFailureStore } from '../../src/history/sqlite-store.js';
import { DAY_MS, type FailureEvent, type FailureStore, type RepoScope } from '../../src/history/types.js';
import { redisUnavailable, startRedis, type RedisServer } from '../helpers/redis.js';

const skipRedis = redisUnavailable();
if (skipRedis) console.log(`# Redis store tests skipped: ${skipRedis}`);

const T0 = Date.UTC(2026, 10, 1);
const A: RepoScope = { installationId: 1, repo: 'acme/widgets' };
const B: RepoScope = { installationId: 2, repo: 'other/secret' };

function fail(jobId: number, o: Partial<FailureEvent> = {}): FailureEvent {
  return {
    jobId,
    job: 'CI / test',
    key: "ModuleNotFoundError: No module named '<*>'",
    errorType: 'ModuleNotFoundError',
    template: "No module named '<*>'",
    message: "ModuleNotFoundError: No module named 'torchvision'",
    sha: 'a'.repeat(40),
    branch: 'feature',
    pr: 2,
    url: `https://github.com/acme/widgets/actions/runs/1/job/${jobId}`,
    at: T0,
    ...o,
  };
}

let redis: RedisServer | null = null;
let db = 0;
before(async () => {
  if (!skipRedis) redis = await startRedis();
});
after(async () => {
  await redis?.stop();
});

const kinds: Array<[string, (now: () => number) => FailureStore, boolean]> = [
  ['sqlite', (now) => new SqliteFailureStore({ file: join(mkdtempSync(join(tmpdir(), 'hist-')), 'h.db'), now }), false],
  ['redis', (now) => new RedisFailureStore({ redis: new Redis(`${redis!.url}/${++db}`), now }), skipRedis !== null],
];

for (const [kind, open, skip] of kinds) {
  describe(`${kind} failure store`, { skip }, () => {
    test('records a failure once per job id, scoped to its repository', async () => {
      const s = open(() => T0);
      await s.recordFailure(A, fail(1));
      await s.recordFailure(A, fail(1, { pr: null }));
      await s.recordFailure(A, fail(2, { at: T0 + 1000 }));
      await s.recordFailure(B, fail(3));
      const got = await s.failures(A, { job: 'CI / test', since: 0 });
      assert.deepEqual(
        got.map((f) => [f.jobId, f.pr, f.recoveredSha, f.flaky]),
        [
          [1, 2, null, false],
          [2, 2, null, false],
        ],
      );
      assert.deepEqual(
        (await s.failures(B, { job: 'CI / test', since: 0 })).map((f) => f.jobId),
        [3],
      );
      assert.deepEqual(
        await s.failures({ installationId: 2, repo: 'acme/widgets' }, { job: 'CI / test', since: 0 }),
        [],
      );
      assert.deepEqual(await s.failures(A, { job: 'CI / test', key: 'other', since: 0 }), []);
      await s.close();
    });

    test('a pass at the same SHA marks a flake; a pass at a later SHA of the branch marks recovery', async () => {
      const s = open(() => T0 + 10_000);
      await s.recordFailure(A, fail(1, { sha: 'x'.repeat(40) }));
      await s.recordFailure(A, fail(2, { sha: 'y'.repeat(40), branch: 'main', pr: null }));
      await s.recordFailure(A, fail(3, { sha: 'z'.repeat(40), branch: 'other', pr: 5 }));
      assert.deepEqual(
        await s.recordPass(A, { jobId: 9, job: 'CI / test', sha: 'x'.repeat(40), branch: 'feature', at: T0 + 5000 }),
        { flaky: 1, recovered: 0 },
      );
      assert.deepEqual(
        await s.recordPass(A, { jobId: 10, job: 'CI / test', sha: 'w'.repeat(40), branch: 'main', at: T0 + 6000 }),
        { flaky: 0, recovered: 1 },
      );
      // The same pass again changes nothing.
      assert.deepEqual(
        await s.recordPass(A, { jobId: 10, job: 'CI / test', sha: 'w'.repeat(40), branch: 'main', at: T0 + 6000 }),
        { flaky: 0, recovered: 0 },
      );
      const got = await s.failures(A, { job: 'CI / test', since: 0 });
      assert.deepEqual(
        got.map((f) => [f.jobId, f.recoveredSha?.[0] ?? null, f.flaky]),
        [
          [1, 'x', true],
          [2, 'w', false],
          [3, null, false],
        ],
      );
      await s.close();
    });

    test('retention: old records are never read, and purge deletes them', async () => {
      let now = T0;
      const s = open(() => now);
      await s.recordFailure(A, fail(1));
      await s.recordShown(A, { resultId: 'r1', query: 'q', threads: [1, 2], private: false, at: T0 });
      await s.setVote(A, { resultId: 'r1', threadId: 1, user: 'alice', at: T0 }, true);
      now = T0 + 31 * DAY_MS;
      assert.deepEqual(await s.failures(A, { job: 'CI / test', since: 0 }), []);
      assert.deepEqual(await s.feedback({ includePrivate: true }), []);
      assert.ok((await s.purge()) >= 1);
      now = T0;
      assert.deepEqual(await s.failures(A, { job: 'CI / test', since: 0 }), [], 'purged, not just hidden');
      await s.close();
    });

    test('votes are per result, per user, idempotent; unticking removes the vote', async () => {
      const s = open(() => T0);
      await s.recordShown(A, { resultId: 'r1', query: 'ValueError: x', threads: [11, 12, 13], private: false, at: T0 });
      const v = (user: string, threadId = 12) => ({ resultId: 'r1', threadId, user, at: T0 });
      assert.equal(await s.setVote(A, v('alice'), true), 'added');
      assert.equal(await s.setVote(A, v('alice'), true), 'unchanged');
      assert.equal(await s.setVote(A, v('bob'), true), 'added');
      assert.deepEqual(
        (await s.votes(A, 'r1')).map((x) => `${x.threadId}:${x.user}`),
        ['12:alice', '12:bob'],
      );
      assert.deepEqual(await s.feedback({ includePrivate: false }), [
        { repo: 'acme/widgets', private: false, query: 'ValueError: x', helped: [12], notHelped: [11, 13] },
      ]);
      // A vote on a thread we never showed (a marker typed into the comment) trains nothing.
      await s.setVote(A, v('mallory', 999), true);
      assert.deepEqual((await s.feedback({ includePrivate: false }))[0]!.helped, [12]);
      await s.setVote(A, v('mallory', 999), false);
      assert.equal(await s.setVote(A, v('alice'), false), 'removed');
      assert.equal(await s.setVote(A, v('alice'), false), 'unchanged');
      assert.equal(await s.setVote(A, v('bob'), false), 'removed');
      assert.deepEqual(await s.votes(A, 'r1'), []);
      assert.deepEqual(await s.feedback({ includePrivate: false }), [], 'a result nobody voted on trains nothing');
      await s.close();
    });

    test('private repositories stay out of the export unless asked for', async () => {
      const s = open(() => T0);
      await s.recordShown(B, { resultId: 'p1', query: 'KeyError', threads: [5, 6], private: true, at: T0 });
      await s.setVote(B, { resultId: 'p1', threadId: 6, user: 'carol', at: T0 }, true);
      assert.deepEqual(await s.feedback({ includePrivate: false }), []);
      assert.deepEqual(
        (await s.feedback({ includePrivate: true })).map((r) => [r.repo, r.helped, r.notHelped]),
        [['other/secret', [6], [5]]],
      );
      await s.close();
    });

    test('forget deletes one repository and nothing else', async () => {
      const s = open(() => T0);
      await s.recordFailure(A, fail(1));
      await s.recordFailure(B, fail(2));
      await s.recordShown(A, { resultId: 'r1', query: 'q', threads: [1], private: false, at: T0 });
      await s.setVote(A, { resultId: 'r1', threadId: 1, user: 'alice', at: T0 }, true);
      assert.ok((await s.forget('Acme/Widgets')) >= 3);
      assert.deepEqual(await s.failures(A, { job: 'CI / test', since: 0 }), []);
      assert.deepEqual(await s.votes(A, 'r1'), []);
      assert.deepEqual(await s.feedback({ includePrivate: true }), []);
      assert.equal((await s.failures(B, { job: 'CI / test', since: 0 })).length, 1);
      await s.close();
    });
  });
}
