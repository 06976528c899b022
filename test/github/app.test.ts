/* eslint-disable @typescript-eslint/no-explicit-any -- webhook payloads and mock bodies are free-form JSON */
import assert from 'node:assert/strict';
import { afterEach, before, describe, test } from 'node:test';
import nock from 'nock';
import { COMMENT_MARKER } from '../../src/github/app.js';
import {
  createHarness,
  examplePayload,
  expectNewComment,
  fixtureLog,
  github,
  jobInfo,
  noConfig,
  OURS,
  OWNER,
  REPO,
  testEngine,
  unsureEngine,
} from './app-harness.js';

const CONFIG_PATH = `/repos/${OWNER}/${REPO}/contents/.github/snippet-search.yml`;
const ORG_CONFIG_PATH = `/repos/${OWNER}/.github/contents/.github/snippet-search.yml`;

function failingCheckRun(jobId: number, name: string, prs: number[] = [2]) {
  const p = examplePayload('check_run', (e) => e.action === 'completed' && e.check_run.conclusion === 'failure');
  p.check_run.id = jobId;
  p.check_run.name = name;
  p.check_run.app.slug = 'github-actions';
  p.check_run.pull_requests = prs.map((n) => ({ ...p.check_run.pull_requests[0], number: n }));
  p.installation = { id: 42 };
  return p;
}

function jobLog(scope: nock.Scope, jobId: number, log: string) {
  scope
    .get(`/repos/${OWNER}/${REPO}/actions/jobs/${jobId}/logs`)
    .reply(302, '', { Location: `https://results-receiver.actions.githubusercontent.com/logs/${jobId}.txt` });
  nock('https://results-receiver.actions.githubusercontent.com').get(`/logs/${jobId}.txt`).reply(200, log);
}

before(async () => {
  nock.disableNetConnect();
  await testEngine();
});
afterEach(() => nock.cleanAll());

describe('failing CI', () => {
  test('a failing job gets one PR comment; a second failing job edits that same comment', async () => {
    const h = createHarness();
    let posted = '';
    const scope = github(h.calls);
    noConfig(scope);
    jobInfo(scope, 101);
    jobLog(scope, 101, fixtureLog('ci-py-006'));
    expectNewComment(scope, 2, (b) => (posted = b));
    await h.deliver('check_run', failingCheckRun(101, 'test (3.11)'));
    assert.deepEqual(h.calls, [
      `GET ${CONFIG_PATH}`,
      `GET ${ORG_CONFIG_PATH}`,
      `GET /repos/${OWNER}/${REPO}/actions/jobs/101`,
      `GET /repos/${OWNER}/${REPO}/actions/jobs/101/logs`,
      `GET /repos/${OWNER}/${REPO}/issues/2/labels`,
      `GET /repos/${OWNER}/${REPO}/issues/2/comments`,
      `POST /repos/${OWNER}/${REPO}/issues/2/comments`,
    ]);
    assert.ok(posted.startsWith(COMMENT_MARKER));
    assert.match(posted, /1 failing job/);
    assert.match(posted, /ModuleNotFoundError: No module named 'torchvision'/);
    assert.match(posted, /\(https:\/\/stackoverflow\.com\/questions\/\d+/);
    assert.match(posted, /CC BY-SA/);

    h.calls.length = 0;
    let edited = '';
    jobInfo(scope, 102);
    jobLog(scope, 102, fixtureLog('ci-py-012'));
    scope
      .get(`/repos/${OWNER}/${REPO}/issues/2/labels`)
      .query(true)
      .reply(200, [])
      .get(`/repos/${OWNER}/${REPO}/issues/2/comments`)
      .query(true)
      .reply(200, [{ id: 900, body: posted, ...OURS }])
      .patch(`/repos/${OWNER}/${REPO}/issues/comments/900`, (b) => ((edited = b.body), true))
      .reply(200, { id: 900 });
    await h.deliver('check_run', failingCheckRun(102, 'lint'));
    assert.deepEqual(h.calls.slice(-2), [
      `GET /repos/${OWNER}/${REPO}/issues/2/comments`,
      `PATCH /repos/${OWNER}/${REPO}/issues/comments/900`,
    ]);
    assert.match(edited, /2 failing jobs/);
    assert.match(edited, /torchvision/);
    assert.match(edited, /homeassistant/);
    assert.ok(scope.isDone());
  });

  test('no confident answer: nothing is posted, and the log says why', async () => {
    const h = createHarness({ engine: unsureEngine });
    const scope = github(h.calls);
    noConfig(scope);
    jobInfo(scope, 111);
    jobLog(scope, 111, fixtureLog('ci-py-006'));
    scope.get(`/repos/${OWNER}/${REPO}/issues/2/labels`).query(true).optionally().reply(200, []);
    scope.get(`/repos/${OWNER}/${REPO}/issues/2/comments`).query(true).optionally().reply(200, []);
    await h.deliver('check_run', failingCheckRun(111, 'test (3.12)'));
    assert.ok(!h.calls.some((c) => /^(?:POST|PATCH) /.test(c)), `wrote to GitHub: ${h.calls.join(', ')}`);
    assert.ok(
      h.logs.some((l) => /no confident answer \(confidence [\d.]+\)/.test(l.msg)),
      h.logs.map((l) => l.msg).join('\n'),
    );
  });

  test('a redelivered webhook does nothing the second time; the same job from another delivery neither', async () => {
    const h = createHarness();
    const scope = github(h.calls);
    noConfig(scope);
    jobInfo(scope, 201);
    jobLog(scope, 201, fixtureLog('ci-py-006'));
    expectNewComment(scope, 2);
    const payload = failingCheckRun(201, 'test');
    await h.deliver('check_run', payload, 'same-delivery');
    const first = [...h.calls];
    assert.equal(first.filter((c) => c.startsWith('POST')).length, 1);
    // Everything mocked is used up: a second run would show up as UNMOCKED calls.
    assert.equal(await h.app.accept('same-delivery', 'check_run', payload), 'duplicate');
    await h.deliver('check_run', payload, 'same-delivery');
    await h.deliver('check_run', payload, 'other-delivery');
    assert.deepEqual(h.calls, first);
  });

  test('check_run and workflow_job for the same job are handled once', async () => {
    const h = createHarness();
    const scope = github(h.calls);
    noConfig(scope);
    jobInfo(scope, 301);
    jobLog(scope, 301, fixtureLog('ci-py-006'));
    expectNewComment(scope, 2);
    const cr = failingCheckRun(301, 'test');
    await h.deliver('check_run', cr);
    const wj = examplePayload(
      'workflow_job',
      (e) => e.action === 'completed' && e.workflow_job.conclusion === 'failure',
    );
    wj.workflow_job.id = 301;
    wj.repository = cr.repository;
    wj.installation = { id: 42 };
    const before = h.calls.length;
    await h.deliver('workflow_job', wj);
    assert.equal(h.calls.length, before);
  });

  test('a fork PR (no pull_requests in the event) is found by its head SHA', async () => {
    const h = createHarness();
    const payload = failingCheckRun(401, 'test', []);
    const sha = payload.check_run.head_sha;
    const scope = github(h.calls);
    noConfig(scope);
    jobInfo(scope, 401);
    jobLog(scope, 401, fixtureLog('ci-py-006'));
    scope
      .get(`/repos/${OWNER}/${REPO}/commits/${sha}/pulls`)
      .reply(200, [])
      .get(`/repos/${OWNER}/${REPO}/pulls`)
      .query(true)
      .reply(200, [
        { number: 7, head: { sha } },
        { number: 8, head: { sha: 'other' } },
      ]);
    expectNewComment(scope, 7);
    await h.deliver('check_run', payload);
    assert.ok(scope.isDone(), `calls: ${h.calls.join(', ')}`);
  });

  test('no PR at all: the answer goes into a neutral check run of our own, created once', async () => {
    const h = createHarness();
    const payload = failingCheckRun(501, 'test', []);
    const sha = payload.check_run.head_sha;
    let created: any = null;
    const scope = github(h.calls);
    noConfig(scope);
    jobInfo(scope, 501);
    jobLog(scope, 501, fixtureLog('ci-py-006'));
    scope
      .get(`/repos/${OWNER}/${REPO}/commits/${sha}/pulls`)
      .reply(200, [])
      .get(`/repos/${OWNER}/${REPO}/pulls`)
      .query(true)
      .reply(200, [])
      .get(`/repos/${OWNER}/${REPO}/commits/${sha}/check-runs`)
      .query(true)
      .reply(200, { total_count: 0, check_runs: [] })
      .post(`/repos/${OWNER}/${REPO}/check-runs`, (b) => ((created = b), true))
      .reply(201, { id: 1 });
    await h.deliver('check_run', payload);
    assert.equal(created.name, 'snippet-search');
    assert.equal(created.conclusion, 'neutral');
    assert.equal(created.head_sha, sha);
    assert.equal(created.external_id, 'job-501');
    assert.match(created.output.summary, /torchvision/);
  });

  test('an invalid config yields one message naming the file and the key, and no crash', async () => {
    const h = createHarness();
    let posted = '';
    const scope = github(h.calls);
    scope
      .get(`/repos/${OWNER}/${REPO}/contents/${encodeURIComponent('.github/snippet-search.yml')}`)
      .reply(200, 'maxResults: 99\n')
      .get(`/repos/${OWNER}/${REPO}/issues/2/labels`)
      .query(true)
      .reply(200, [])
      .get(`/repos/${OWNER}/${REPO}/issues/2/comments`)
      .query(true)
      .reply(200, [])
      .post(`/repos/${OWNER}/${REPO}/issues/2/comments`, (b) => ((posted = b.body), true))
      .reply(201, { id: 1 });
    await h.deliver('check_run', failingCheckRun(601, 'test'));
    assert.match(posted, /\.github\/snippet-search\.yml: `maxResults`/);
    assert.equal(h.calls.filter((c) => c.startsWith('POST')).length, 1);
    assert.ok(h.logs.some((l) => l.level === 40 && /maxResults/.test(l.msg)));
    assert.ok(!h.calls.some((c) => c.includes('/logs')), 'no log download for a repo whose config is broken');
  });

  test('GitHub 5xx is retried by the HTTP layer; a 403 is logged and dropped', async () => {
    const h = createHarness();
    const scope = github(h.calls);
    noConfig(scope);
    jobInfo(scope, 701);
    jobLog(scope, 701, fixtureLog('ci-py-006'));
    scope
      .get(`/repos/${OWNER}/${REPO}/issues/2/labels`)
      .query(true)
      .reply(200, [])
      .get(`/repos/${OWNER}/${REPO}/issues/2/comments`)
      .query(true)
      .reply(502, 'bad gateway')
      .get(`/repos/${OWNER}/${REPO}/issues/2/comments`)
      .query(true)
      .reply(200, [])
      .post(`/repos/${OWNER}/${REPO}/issues/2/comments`)
      .reply(201, { id: 1 });
    await h.deliver('check_run', failingCheckRun(701, 'test'));
    assert.ok(scope.isDone());
    assert.equal(h.calls.filter((c) => c.endsWith('/issues/2/comments') && c.startsWith('GET')).length, 2);

    const h2 = createHarness();
    const scope2 = github(h2.calls);
    noConfig(scope2);
    jobInfo(scope2, 702);
    jobLog(scope2, 702, fixtureLog('ci-py-006'));
    expectNewComment(scope2, 2, () => {}, 403);
    await h2.deliver('check_run', failingCheckRun(702, 'test'));
    assert.equal(h2.calls.filter((c) => c.startsWith('POST')).length, 1, 'not retried');
    assert.ok(h2.logs.some((l) => l.level === 50 && /403/.test(l.msg)));
  });
});

describe('/snippet-search command', () => {
  function commandPayload(body: string, userType = 'User') {
    const p = examplePayload('issue_comment', (e) => e.action === 'created');
    p.comment.body = body;
    p.comment.id = 1234;
    p.comment.user.type = userType;
    p.sender.type = userType;
    p.issue.number = 1;
    p.issue.labels = [];
    p.issue.body = '';
    p.repository.owner.login = OWNER;
    p.repository.name = REPO;
    p.installation = { id: 42 };
    return p;
  }

  test('answers about the comment text with a reply in the thread', async () => {
    const h = createHarness();
    let reply = '';
    const scope = github(h.calls);
    noConfig(scope);
    scope
      .post(`/repos/${OWNER}/${REPO}/issues/comments/1234/reactions`)
      .reply(201, {})
      .get(`/repos/${OWNER}/${REPO}/issues/1/comments`)
      .query(true)
      .reply(200, [])
      .post(`/repos/${OWNER}/${REPO}/issues/1/comments`, (b) => ((reply = b.body), true))
      .reply(201, { id: 2 });
    await h.deliver(
      'issue_comment',
      commandPayload(
        '/snippet-search\n```\nTraceback (most recent call last):\n  File "a.py", line 3, in <module>\n    d = json.loads(text)\njson.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)\n```',
      ),
    );
    assert.ok(scope.isDone(), h.calls.join(', '));
    assert.match(reply, /<!-- snippet-search:reply 1234 -->/);
    assert.match(reply, /JSONDecodeError/);
    assert.match(reply, /stackoverflow\.com\/questions/);
  });

  test('a bot comment, or a comment without the command, does nothing', async () => {
    const h = createHarness();
    github(h.calls);
    await h.deliver('issue_comment', commandPayload('/snippet-search\nValueError: x', 'Bot'));
    await h.deliver('issue_comment', commandPayload('ValueError: just talking about it'));
    assert.deepEqual(h.calls, []);
  });

  test('per-user limits are enforced', async () => {
    const h = createHarness({ commandLimits: { perUser: 1, perRepo: 10, windowMs: 60_000 } });
    const scope = github(h.calls);
    noConfig(scope);
    scope
      .post(`/repos/${OWNER}/${REPO}/issues/comments/1234/reactions`)
      .reply(201, {})
      .get(`/repos/${OWNER}/${REPO}/issues/1/comments`)
      .query(true)
      .reply(200, [])
      .post(`/repos/${OWNER}/${REPO}/issues/1/comments`)
      .reply(201, { id: 2 });
    await h.deliver('issue_comment', commandPayload('/snippet-search\nKeyError: x'));
    const n = h.calls.length;
    await h.deliver('issue_comment', commandPayload('/snippet-search\nKeyError: y'));
    assert.equal(h.calls.length, n);
    assert.ok(h.logs.some((l) => /rate limit/.test(l.msg)));
  });
});
