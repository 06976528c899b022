/* eslint-disable @typescript-eslint/no-explicit-any -- webhook payloads and mock bodies are free-form JSON */
/**
 * "Seen before?": real webhook payloads (@octokit/webhooks-examples) played in sequences against the
 * App with nock for GitHub, a real SQLite history store and a clock the test moves. Each test asserts
 * the exact text of the history line where it stands in the job's section.
 */
import assert from 'node:assert/strict';
import { afterEach, before, describe, test } from 'node:test';
import nock from 'nock';
import { Redis } from 'ioredis';
import { RedisFailureStore } from '../../src/history/redis-store.js';
import { SqliteFailureStore } from '../../src/history/sqlite-store.js';
import type { FailureStore } from '../../src/history/types.js';
import { redisUnavailable, startRedis } from '../helpers/redis.js';
import { createHarness, examplePayload, fixtureLog, github, OURS, testEngine, type Harness } from './app-harness.js';

const DAY = 24 * 3600_000;
const T0 = Date.UTC(2026, 10, 2, 9);

interface Repo {
  owner: string;
  repo: string;
  installation: number;
  private: boolean;
}
const HELLO: Repo = { owner: 'Codertocat', repo: 'Hello-World', installation: 42, private: false };
const SECRET: Repo = { owner: 'octo-org', repo: 'secret-service', installation: 77, private: true };

const sha = (c: string) => c.repeat(40).slice(0, 40);

function checkRun(
  r: Repo,
  o: { jobId: number; name?: string; prs: number[]; sha: string; branch: string; conclusion?: string },
) {
  const p = examplePayload('check_run', (e) => e.action === 'completed' && e.check_run.conclusion === 'failure');
  p.check_run.id = o.jobId;
  p.check_run.name = o.name ?? 'test';
  p.check_run.app.slug = 'github-actions';
  p.check_run.conclusion = o.conclusion ?? 'failure';
  p.check_run.head_sha = o.sha;
  p.check_run.check_suite.head_branch = o.branch;
  p.check_run.html_url = `https://github.com/${r.owner}/${r.repo}/runs/${o.jobId}`;
  p.check_run.pull_requests = o.prs.map((n) => ({ ...p.check_run.pull_requests[0], number: n }));
  p.repository.name = r.repo;
  p.repository.full_name = `${r.owner}/${r.repo}`;
  p.repository.owner.login = r.owner;
  p.repository.private = r.private;
  p.installation = { id: r.installation };
  return p;
}

/** GitHub for one repository: no config, the job's workflow and log. */
function repoMocks(scope: nock.Scope, r: Repo, jobId: number, log: string) {
  const base = `/repos/${r.owner}/${r.repo}`;
  scope
    .get(`${base}/contents/${encodeURIComponent('.github/snippet-search.yml')}`)
    .optionally()
    .reply(404)
    .get(`/repos/${r.owner}/.github/contents/${encodeURIComponent('.github/snippet-search.yml')}`)
    .optionally()
    .reply(404)
    .get(`${base}/actions/jobs/${jobId}`)
    .reply(200, { id: jobId, workflow_name: 'CI' });
  if (log) {
    scope
      .get(`${base}/actions/jobs/${jobId}/logs`)
      .reply(302, '', { Location: `https://results-receiver.actions.githubusercontent.com/logs/${jobId}.txt` });
    nock('https://results-receiver.actions.githubusercontent.com').get(`/logs/${jobId}.txt`).reply(200, log);
  }
}

/** The PR's comment: none yet (POST) or `existing` (PATCH); the body written goes to `onBody`. */
function prComment(scope: nock.Scope, r: Repo, pr: number, onBody: (b: string) => void, existing?: string) {
  const base = `/repos/${r.owner}/${r.repo}`;
  scope
    .get(`${base}/issues/${pr}/labels`)
    .query(true)
    .reply(200, [])
    .get(`${base}/issues/${pr}/comments`)
    .query(true)
    .reply(200, existing === undefined ? [] : [{ id: 900 + pr, body: existing, ...OURS }]);
  if (existing === undefined)
    scope.post(`${base}/issues/${pr}/comments`, (b: any) => (onBody(b.body), true)).reply(201, { id: 900 + pr });
  else
    scope.patch(`${base}/issues/comments/${900 + pr}`, (b: any) => (onBody(b.body), true)).reply(200, { id: 900 + pr });
}

/** No PR for a push to the default branch: the answer goes into a check run of ours. */
function noPrCheckRun(scope: nock.Scope, r: Repo, headSha: string, onSummary: (s: string) => void) {
  const base = `/repos/${r.owner}/${r.repo}`;
  scope
    .get(`${base}/commits/${headSha}/pulls`)
    .reply(200, [])
    .get(`${base}/pulls`)
    .query(true)
    .reply(200, [])
    .get(`${base}/commits/${headSha}/check-runs`)
    .query(true)
    .reply(200, { total_count: 0, check_runs: [] })
    .post(`${base}/check-runs`, (b: any) => (onSummary(b.output.summary), true))
    .reply(201, { id: 1 });
}

/** The lines of a job section from its heading to the history line (what this feature owns). */
function sectionHead(body: string, job: string): string {
  const start = body.indexOf(`#### [CI / ${job}]`);
  assert.ok(start >= 0, `no section CI / ${job} in:\n${body}`);
  return body.slice(start).split('\n').slice(0, 4).join('\n');
}

const url = (r: Repo, jobId: number) => `https://github.com/${r.owner}/${r.repo}/runs/${jobId}`;
const TORCH = "`ModuleNotFoundError: No module named 'torchvision'`";

function setup(open?: (now: () => number) => FailureStore): {
  h: Harness;
  store: FailureStore;
  clock: { now: number };
  scope: nock.Scope;
} {
  const clock = { now: T0 };
  const store = open ? open(() => clock.now) : new SqliteFailureStore({ file: ':memory:', now: () => clock.now });
  const h = createHarness({ history: store, now: () => clock.now });
  return { h, store, clock, scope: github(h.calls) };
}

before(async () => {
  nock.disableNetConnect();
  await testEngine();
});
afterEach(() => nock.cleanAll());

const redisSkip = redisUnavailable();

describe('history lines in the CI comment', () => {
  for (const kind of ['sqlite', 'redis'] as const)
    test(
      `fails on a PR, then on the default branch, then a later PR is told "also failing on master" (${kind})`,
      { skip: kind === 'redis' ? (redisSkip ?? false) : false },
      async (t) => {
        const redis = kind === 'redis' ? await startRedis() : null;
        const client = redis ? new Redis(redis.url) : null;
        t.after(async () => {
          client?.disconnect();
          await redis?.stop();
        });
        const { h, clock, scope } = setup(client ? (now) => new RedisFailureStore({ redis: client, now }) : undefined);
        let pr2 = '';
        repoMocks(scope, HELLO, 1001, fixtureLog('ci-py-006'));
        prComment(scope, HELLO, 2, (b) => (pr2 = b));
        await h.deliver('check_run', checkRun(HELLO, { jobId: 1001, prs: [2], sha: sha('a1'), branch: 'feature-a' }));
        assert.equal(
          sectionHead(pr2, 'test'),
          `#### [CI / test](${url(HELLO, 1001)})\n${TORCH}\n\n🆕 New in this PR: not seen on \`master\` or in other PRs in 30 days.`,
        );

        clock.now += 3600_000;
        let summary = '';
        repoMocks(scope, HELLO, 1002, fixtureLog('ci-py-006'));
        noPrCheckRun(scope, HELLO, sha('b2'), (s) => (summary = s));
        await h.deliver('check_run', checkRun(HELLO, { jobId: 1002, prs: [], sha: sha('b2'), branch: 'master' }));
        assert.equal(
          sectionHead(summary, 'test'),
          `#### [CI / test](${url(HELLO, 1002)})\n${TORCH}\n\n👀 Seen in 1 PR in 30 days (#2).`,
        );

        clock.now += 2 * DAY;
        let pr3 = '';
        repoMocks(scope, HELLO, 1003, fixtureLog('ci-py-006'));
        prComment(scope, HELLO, 3, (b) => (pr3 = b));
        await h.deliver('check_run', checkRun(HELLO, { jobId: 1003, prs: [3], sha: sha('c3'), branch: 'feature-b' }));
        assert.equal(
          sectionHead(pr3, 'test'),
          `#### [CI / test](${url(HELLO, 1003)})\n${TORCH}\n\n🔁 Also failing on \`master\` since [b2b2b2b](https://github.com/Codertocat/Hello-World/commit/${sha('b2')}) (2 days, 1 run): probably not caused by this PR.`,
        );
        assert.ok(scope.isDone(), `not called: ${scope.pendingMocks().join(', ')}`);
      },
    );

  test('fails, the same SHA passes on re-run: the section says flaky, and the next PR is told so', async () => {
    const { h, clock, scope } = setup();
    let posted = '';
    repoMocks(scope, HELLO, 2001, fixtureLog('ci-py-006'));
    prComment(scope, HELLO, 2, (b) => (posted = b));
    await h.deliver('check_run', checkRun(HELLO, { jobId: 2001, prs: [2], sha: sha('d4'), branch: 'feature-a' }));
    assert.match(posted, /🆕 New in this PR/);

    clock.now += 600_000;
    let fixed = '';
    repoMocks(scope, HELLO, 2002, '');
    prComment(scope, HELLO, 2, (b) => (fixed = b), posted);
    const rerun = checkRun(HELLO, {
      jobId: 2002,
      prs: [2],
      sha: sha('d4'),
      branch: 'feature-a',
      conclusion: 'success',
    });
    await h.deliver('check_run', rerun);
    assert.ok(
      fixed.includes(
        '✅ **Passing now** (d4d4d4d) on a re-run of the same commit: 🎲 looks flaky (recorded in the history).',
      ),
      fixed,
    );

    clock.now += DAY;
    let pr4 = '';
    repoMocks(scope, HELLO, 2003, fixtureLog('ci-py-006'));
    prComment(scope, HELLO, 4, (b) => (pr4 = b));
    await h.deliver('check_run', checkRun(HELLO, { jobId: 2003, prs: [4], sha: sha('e5'), branch: 'feature-c' }));
    assert.equal(
      sectionHead(pr4, 'test'),
      `#### [CI / test](${url(HELLO, 2003)})\n${TORCH}\n\n🎲 Seen in 1 other PR in 30 days (#2); passed on re-run of the same commit once: looks flaky.`,
    );
    assert.ok(scope.isDone(), `not called: ${scope.pendingMocks().join(', ')}`);
  });

  test('a new template is new, even in a repository with history for the same job', async () => {
    const { h, clock, scope } = setup();
    repoMocks(scope, HELLO, 3001, fixtureLog('ci-py-006'));
    prComment(scope, HELLO, 2, () => {});
    await h.deliver('check_run', checkRun(HELLO, { jobId: 3001, prs: [2], sha: sha('f6'), branch: 'feature-a' }));
    clock.now += 3600_000;
    let pr5 = '';
    repoMocks(scope, HELLO, 3002, fixtureLog('ci-py-002'));
    prComment(scope, HELLO, 5, (b) => (pr5 = b));
    await h.deliver('check_run', checkRun(HELLO, { jobId: 3002, prs: [5], sha: sha('a7'), branch: 'feature-d' }));
    const head = sectionHead(pr5, 'test').split('\n');
    assert.equal(head[1], "`TypeError: 'coroutine' object is not iterable`");
    assert.equal(head[3], '🆕 New in this PR: not seen on `master` or in other PRs in 30 days.');
    assert.ok(scope.isDone(), `not called: ${scope.pendingMocks().join(', ')}`);
  });

  test('two repositories: the same job failing the same way in one never shows in the other', async () => {
    const { h, clock, scope } = setup();
    let secret = '';
    repoMocks(scope, SECRET, 4001, fixtureLog('ci-py-006'));
    prComment(scope, SECRET, 8, (b) => (secret = b));
    await h.deliver('check_run', checkRun(SECRET, { jobId: 4001, prs: [8], sha: sha('b8'), branch: 'master' }));
    assert.match(secret, /🆕 New in this PR/);
    repoMocks(scope, SECRET, 4002, fixtureLog('ci-py-006'));
    noPrCheckRun(scope, SECRET, sha('c9'), () => {});
    await h.deliver('check_run', checkRun(SECRET, { jobId: 4002, prs: [], sha: sha('c9'), branch: 'master' }));

    clock.now += DAY;
    let hello = '';
    repoMocks(scope, HELLO, 4003, fixtureLog('ci-py-006'));
    prComment(scope, HELLO, 2, (b) => (hello = b));
    await h.deliver('check_run', checkRun(HELLO, { jobId: 4003, prs: [2], sha: sha('d1'), branch: 'feature-a' }));
    assert.equal(
      sectionHead(hello, 'test'),
      `#### [CI / test](${url(HELLO, 4003)})\n${TORCH}\n\n🆕 New in this PR: not seen on \`master\` or in other PRs in 30 days.`,
    );
    assert.doesNotMatch(hello, /secret-service|#8\b|c9c9c9c/);

    clock.now += 3600_000;
    let secret2 = '';
    repoMocks(scope, SECRET, 4004, fixtureLog('ci-py-006'));
    prComment(scope, SECRET, 9, (b) => (secret2 = b));
    await h.deliver('check_run', checkRun(SECRET, { jobId: 4004, prs: [9], sha: sha('e2'), branch: 'feature-x' }));
    assert.match(sectionHead(secret2, 'test'), /🔁 Also failing on `master` since \[c9c9c9c\]/);
    assert.doesNotMatch(secret2, /Hello-World|#2\b/);
    assert.ok(scope.isDone(), `not called: ${scope.pendingMocks().join(', ')}`);
  });

  test('a history store that does not answer costs the line, not the answer', async () => {
    const clock = { now: T0 };
    const broken = new SqliteFailureStore({ file: ':memory:', now: () => clock.now });
    broken.failures = () => Promise.reject(new Error('connection refused'));
    broken.recordFailure = () => Promise.reject(new Error('connection refused'));
    const h = createHarness({ history: broken, now: () => clock.now });
    const scope = github(h.calls);
    let posted = '';
    repoMocks(scope, HELLO, 5501, fixtureLog('ci-py-006'));
    prComment(scope, HELLO, 2, (b) => (posted = b));
    await h.deliver('check_run', checkRun(HELLO, { jobId: 5501, prs: [2], sha: sha('a9'), branch: 'feature-a' }));
    assert.match(posted, /torchvision/);
    assert.doesNotMatch(posted, /New in this PR|Seen in/);
    assert.ok(h.logs.some((l) => l.level === 40 && /history not read: connection refused/.test(l.msg)));
  });

  test('history: false in the config: nothing recorded, no line', async () => {
    const { h, store, scope } = setup();
    let posted = '';
    const base = `/repos/${HELLO.owner}/${HELLO.repo}`;
    scope
      .get(`${base}/contents/${encodeURIComponent('.github/snippet-search.yml')}`)
      .reply(200, 'history: false\nfeedback: false\n')
      .get(`${base}/actions/jobs/5001`)
      .reply(200, { id: 5001, workflow_name: 'CI' })
      .get(`${base}/actions/jobs/5001/logs`)
      .reply(302, '', { Location: 'https://results-receiver.actions.githubusercontent.com/logs/5001.txt' });
    nock('https://results-receiver.actions.githubusercontent.com')
      .get('/logs/5001.txt')
      .reply(200, fixtureLog('ci-py-006'));
    prComment(scope, HELLO, 2, (b) => (posted = b));
    await h.deliver('check_run', checkRun(HELLO, { jobId: 5001, prs: [2], sha: sha('f1'), branch: 'feature-a' }));
    assert.equal(sectionHead(posted, 'test').split('\n')[3]!.startsWith('1. **['), true, posted);
    assert.doesNotMatch(posted, /snippet-search:vote|New in this PR/);
    assert.deepEqual(
      await store.failures({ installationId: 42, repo: 'Codertocat/Hello-World' }, { job: 'CI / test', since: 0 }),
      [],
    );
  });
});

describe('feedback boxes', () => {
  function edited(r: Repo, pr: number, from: string, to: string, user = 'octocat') {
    const p = examplePayload('issue_comment', (e) => e.action === 'edited');
    p.comment = { ...p.comment, id: 900 + pr, body: to, ...OURS };
    p.changes = { body: { from } };
    p.issue.number = pr;
    p.sender = { ...p.sender, login: user, type: 'User' };
    p.repository.name = r.repo;
    p.repository.owner.login = r.owner;
    p.installation = { id: r.installation };
    return p;
  }
  const tickFirst = (body: string) => body.replace('- [ ] ', '- [x] ');

  test('a tick is one vote, a replay changes nothing, an untick removes it; re-rendering keeps the tick', async () => {
    const { h, store, scope } = setup();
    let posted = '';
    repoMocks(scope, HELLO, 6001, fixtureLog('ci-py-006'));
    prComment(scope, HELLO, 2, (b) => (posted = b));
    await h.deliver('check_run', checkRun(HELLO, { jobId: 6001, prs: [2], sha: sha('a2'), branch: 'feature-a' }));
    const marker = /- \[ \] [^\n]*<!-- snippet-search:vote ([0-9a-f]+) (\d+) -->/.exec(posted);
    assert.ok(marker, posted);
    const [, resultId, threadId] = marker;
    const scopeA = { installationId: 42, repo: 'Codertocat/Hello-World' };
    const votes = async () => (await store.votes(scopeA, resultId!)).map((v) => `${v.threadId} ${v.user}`);

    const ticked = tickFirst(posted);
    const tick = edited(HELLO, 2, posted, ticked);
    await h.deliver('issue_comment', tick, 'tick-1');
    assert.deepEqual(await votes(), [`${threadId} octocat`]);
    await h.deliver('issue_comment', tick, 'tick-1'); // redelivered
    await h.deliver('issue_comment', tick, 'tick-1-again'); // replayed by hand: a new delivery id
    assert.deepEqual(await votes(), [`${threadId} octocat`]);
    assert.deepEqual(await store.feedback({ includePrivate: false }), [
      {
        repo: 'Codertocat/Hello-World',
        private: false,
        query: (await store.feedback({ includePrivate: false }))[0]!.query,
        helped: [Number(threadId)],
        notHelped: [...posted.matchAll(/snippet-search:vote [0-9a-f]+ (\d+)/g)].map((m) => Number(m[1])).slice(1),
      },
    ]);
    assert.match((await store.feedback({ includePrivate: false }))[0]!.query, /torchvision/);

    // The App edits the comment again (a re-run of the job fails the same way): the tick stays.
    let rerendered = '';
    repoMocks(scope, HELLO, 6002, fixtureLog('ci-py-006'));
    prComment(scope, HELLO, 2, (b) => (rerendered = b), ticked);
    await h.deliver('check_run', checkRun(HELLO, { jobId: 6002, prs: [2], sha: sha('b3'), branch: 'feature-a' }));
    assert.ok(rerendered.includes(`- [x] `), rerendered);
    assert.match(rerendered, new RegExp(`- \\[x\\] [^\\n]*<!-- snippet-search:vote ${resultId} ${threadId} -->`));
    assert.match(rerendered, /🔂 Failed the same way on 1 earlier run of this PR/);

    const untick = edited(HELLO, 2, ticked, posted);
    await h.deliver('issue_comment', untick, 'untick-1');
    assert.deepEqual(await votes(), []);
    await h.deliver('issue_comment', untick, 'untick-1-again');
    assert.deepEqual(await votes(), []);
    assert.deepEqual(await store.feedback({ includePrivate: false }), []);
  });

  test('edits of a comment that is not ours, or by a bot, are not votes', async () => {
    const { h, store, scope } = setup();
    let posted = '';
    repoMocks(scope, HELLO, 7001, fixtureLog('ci-py-006'));
    prComment(scope, HELLO, 2, (b) => (posted = b));
    await h.deliver('check_run', checkRun(HELLO, { jobId: 7001, prs: [2], sha: sha('c4'), branch: 'feature-a' }));
    const forged = edited(HELLO, 2, posted, tickFirst(posted));
    forged.comment.user = { type: 'User', login: 'mallory' };
    forged.comment.performed_via_github_app = null;
    await h.deliver('issue_comment', forged);
    const byBot = edited(HELLO, 2, posted, tickFirst(posted));
    byBot.sender.type = 'Bot';
    await h.deliver('issue_comment', byBot);
    assert.deepEqual(await store.feedback({ includePrivate: true }), []);
    assert.ok(!h.calls.some((c) => c.startsWith('UNMOCKED')), h.calls.join('\n'));
  });
});
