/* eslint-disable @typescript-eslint/no-explicit-any -- webhook payloads and mock bodies are free-form JSON */
/** One test per defect of issue #12, each seen failing with the defect put back. */
import assert from 'node:assert/strict';
import { afterEach, before, describe, test } from 'node:test';
import nock from 'nock';
import { LocalQueue } from '../../src/github/local-queue.js';
import { routeEvent, type WorkItem } from '../../src/github/route.js';
import { openEngine, type Engine } from '../../src/engine.js';
import {
  createHarness,
  examplePayload,
  fixtureLog,
  github,
  jobInfo,
  noConfig,
  OURS,
  OWNER,
  REPO,
  testEngine,
} from './app-harness.js';

const CONFIG = `/repos/${OWNER}/${REPO}/contents/${encodeURIComponent('.github/snippet-search.yml')}`;

function checkRun(jobId: number, name: string, prs: number[] = [2], conclusion = 'failure') {
  const p = examplePayload('check_run', (e) => e.action === 'completed' && e.check_run.conclusion === 'failure');
  p.check_run.id = jobId;
  p.check_run.name = name;
  p.check_run.conclusion = conclusion;
  p.check_run.app.slug = 'github-actions';
  p.check_run.pull_requests = prs.map((n) => ({ ...p.check_run.pull_requests[0], number: n }));
  p.installation = { id: 42 };
  return p;
}

function workflowJob(jobId: number, name: string, workflow: string, conclusion = 'failure') {
  const p = examplePayload('workflow_job', (e) => e.action === 'completed' && e.workflow_job.conclusion === 'failure');
  p.workflow_job.id = jobId;
  p.workflow_job.name = name;
  p.workflow_job.workflow_name = workflow;
  p.workflow_job.conclusion = conclusion;
  p.workflow_job.head_sha = 'abc1234';
  p.repository.owner.login = OWNER;
  p.repository.name = REPO;
  p.installation = { id: 42 };
  return p;
}

function jobLog(scope: nock.Scope, jobId: number, log: string | Buffer, times = 1) {
  scope.get(`/repos/${OWNER}/${REPO}/actions/jobs/${jobId}/logs`).times(times).reply(200, log);
}

/** A PR's comments kept as GitHub would: list, create, edit; `calls` counts writes. */
function statefulComments(scope: nock.Scope, pr: number, initial: any[] = []) {
  const comments: any[] = [...initial];
  const writes = { post: 0, patch: 0 };
  scope
    .persist()
    .get(`/repos/${OWNER}/${REPO}/issues/${pr}/labels`)
    .query(true)
    .reply(200, [])
    .get(`/repos/${OWNER}/${REPO}/issues/${pr}/comments`)
    .query(true)
    .reply(200, () => comments)
    .post(`/repos/${OWNER}/${REPO}/issues/${pr}/comments`)
    .reply(201, (_uri: string, b: any) => {
      writes.post++;
      const c = { id: 1000 + comments.length, body: b.body, ...OURS };
      comments.push(c);
      return c;
    })
    .patch(/\/issues\/comments\/\d+$/)
    .reply(200, (uri: string, b: any) => {
      writes.patch++;
      const c = comments.find((x) => uri.endsWith(`/${x.id}`));
      if (c) c.body = b.body;
      return c ?? {};
    });
  return { comments, writes };
}

before(async () => {
  nock.disableNetConnect();
  await testEngine();
});
afterEach(() => nock.cleanAll());

describe('issue #12 defects', () => {
  test('a job that fails for a passing reason is run again and answered (not marked done first)', async () => {
    const h = createHarness();
    const scope = github(h.calls);
    noConfig(scope);
    jobInfo(scope, 1101, 'CI', 2);
    jobLog(scope, 1101, fixtureLog('ci-py-006'), 2);
    // Two 502s use up the HTTP retry (1 in the harness); the job itself is then retried.
    scope.get(`/repos/${OWNER}/${REPO}/issues/2/labels`).query(true).times(2).reply(502, 'bad gateway');
    const state = statefulComments(nock('https://api.github.com'), 2);
    await h.deliver('check_run', checkRun(1101, 'test'));
    assert.equal(state.writes.post, 1, h.calls.join('\n'));
    assert.match(state.comments[0].body, /torchvision/);
  });

  test('a delivery refused by a full queue is not remembered: its redelivery is queued', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const q = new LocalQueue({
      file: ':memory:',
      concurrency: 1,
      maxPending: 1,
      attempts: 1,
      backoffBaseMs: 1,
      run: () => gate,
    });
    const item = {} as WorkItem;
    assert.equal(q.add('a', item), 'queued');
    await new Promise((r) => setImmediate(r));
    assert.equal(q.add('b', item), 'queued');
    assert.equal(q.add('c', item), 'full');
    release();
    await q.idle();
    assert.equal(q.add('c', item), 'queued');
    assert.equal(q.add('c', item), 'duplicate');
    await q.idle();
    await q.drain(100);
  });

  test('acknowledged work survives a crash: the journal replays it on restart', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const file = join(mkdtempSync(join(tmpdir(), 'ss-q-')), 'q.db');
    const never = new Promise<void>(() => {});
    const first = new LocalQueue({
      file,
      concurrency: 1,
      maxPending: 10,
      attempts: 1,
      backoffBaseMs: 1,
      run: () => never,
    });
    for (const k of ['a', 'b', 'c']) first.add(k, { delivery: k } as WorkItem);
    await new Promise((r) => setImmediate(r));
    // "kill -9": the first process never finishes anything. A new one opens the same journal.
    const ran: string[] = [];
    const second = new LocalQueue({
      file,
      concurrency: 2,
      maxPending: 10,
      attempts: 1,
      backoffBaseMs: 1,
      run: (i) => (ran.push(i.delivery), Promise.resolve()),
    });
    await new Promise((r) => setImmediate(r));
    await second.idle();
    assert.deepEqual(ran.sort(), ['a', 'b', 'c']);
    assert.equal(second.add('a', {} as WorkItem), 'duplicate', 'done keys stay de-duplicated');
    await second.drain(100);
  });

  test('an engine that failed to open is tried again (an index built after start is picked up)', async () => {
    let opens = 0;
    const engine = async (): Promise<Engine> => {
      opens++;
      if (opens === 1) throw new Error('no index at /nowhere');
      return testEngine();
    };
    const h = createHarness({ engine });
    assert.deepEqual((await h.app.ready()).ready, false);
    assert.deepEqual((await h.app.ready()).ready, true);
    assert.equal(opens, 2);
    void openEngine;
  });

  test('non-HTTP errors are not retried: a YAML syntax error and a binary log each cost one request', async () => {
    const h = createHarness();
    const scope = github(h.calls);
    scope
      .get(CONFIG)
      .reply(200, 'maxResults: [\n')
      .get(`/repos/${OWNER}/${REPO}/issues/3/labels`)
      .query(true)
      .reply(200, []);
    statefulComments(nock('https://api.github.com'), 3);
    await h.deliver('check_run', checkRun(1201, 'test', [3]));
    assert.equal(h.calls.filter((c) => c === `GET ${decodeURIComponent(CONFIG)}`).length, 1);

    const h2 = createHarness();
    const scope2 = github(h2.calls);
    noConfig(scope2);
    jobInfo(scope2, 1202, 'CI', 5);
    scope2
      .get(`/repos/${OWNER}/${REPO}/actions/jobs/1202/logs`)
      .times(5)
      .reply(200, Buffer.from([0, 1, 2, 0, 255, 0, 7]));
    await h2.deliver('check_run', checkRun(1202, 'test', [4]));
    assert.equal(h2.calls.filter((c) => c.endsWith('/1202/logs')).length, 1, 'binary log downloaded once');
  });

  test('two workflows with a job named `test` get two sections; a passing workflow_job marks its own fixed', async () => {
    const h = createHarness();
    const scope = github(h.calls);
    noConfig(scope);
    scope
      .persist()
      .get(`/repos/${OWNER}/${REPO}/commits/abc1234/pulls`)
      .reply(200, [{ number: 5, state: 'open' }]);
    nock('https://api.github.com')
      .get(`/repos/${OWNER}/${REPO}/actions/jobs/1301/logs`)
      .reply(200, fixtureLog('ci-py-006'));
    nock('https://api.github.com')
      .get(`/repos/${OWNER}/${REPO}/actions/jobs/1302/logs`)
      .reply(200, fixtureLog('ci-py-012'));
    const state = statefulComments(nock('https://api.github.com'), 5);
    await h.deliver('workflow_job', workflowJob(1301, 'test', 'unit'));
    await h.deliver('workflow_job', workflowJob(1302, 'test', 'integration'));
    assert.equal(state.comments.length, 1);
    assert.match(state.comments[0].body, /2 failing jobs/);
    await h.deliver('workflow_job', workflowJob(1303, 'test', 'unit', 'success'));
    assert.match(state.comments[0].body, /Passing now/);
    assert.match(state.comments[0].body, /1 failing job\b/);
  });

  test('a passing job honours the config and lists no comments where we never wrote', async () => {
    const h = createHarness();
    const scope = github(h.calls);
    scope.get(CONFIG).reply(200, 'triggers:\n  failingChecks: false\n');
    await h.deliver('check_run', checkRun(1401, 'test', [2], 'success'));
    assert.deepEqual(
      h.calls.filter((c) => !c.includes('/contents/')),
      [],
      'nothing but the config read',
    );
    const h2 = createHarness();
    const scope2 = github(h2.calls);
    noConfig(scope2);
    jobInfo(scope2, 1402);
    await h2.deliver('check_run', checkRun(1402, 'test', [2], 'success'));
    assert.ok(!h2.calls.some((c) => c.includes('/issues/')), h2.calls.join('\n'));
  });

  test('dry run and the mute label hold on every path', async () => {
    const h = createHarness();
    const scope = github(h.calls);
    scope.persist().get(CONFIG).reply(200, 'dryRun: true\n');
    jobInfo(scope, 1501);
    jobLog(scope, 1501, fixtureLog('ci-py-006'));
    scope.get(`/repos/${OWNER}/${REPO}/issues/2/labels`).query(true).reply(200, []);
    await h.deliver('check_run', checkRun(1501, 'test'));
    assert.ok(!h.calls.some((c) => /^(POST|PATCH)/.test(c)), h.calls.join('\n'));
    assert.ok(h.logs.some((l) => /dry run: would post/.test(l.msg)));
    nock.cleanAll();

    const h2 = createHarness();
    const scope2 = github(h2.calls);
    noConfig(scope2);
    jobInfo(scope2, 1502);
    jobLog(scope2, 1502, fixtureLog('ci-py-006'));
    scope2
      .get(`/repos/${OWNER}/${REPO}/issues/2/labels`)
      .query(true)
      .reply(200, [{ name: 'snippet-search:mute' }]);
    await h2.deliver('check_run', checkRun(1502, 'test'));
    assert.ok(!h2.calls.some((c) => /^(POST|PATCH)|\/comments/.test(c)), h2.calls.join('\n'));
    assert.ok(h2.logs.some((l) => /nothing: muted/.test(l.msg)));
  });

  test('payloads without repository or check_run are ignored, not a 500', async () => {
    const h = createHarness();
    github(h.calls);
    const p = checkRun(1601, 'test');
    delete p.repository;
    assert.equal(await h.app.accept('d1', 'check_run', p), 'ignored');
    const q = checkRun(1602, 'test');
    delete q.check_run;
    assert.equal(await h.app.accept('d2', 'check_run', q), 'ignored');
    assert.equal(routeEvent('d3', 'check_run', {}).kind, 'ignore');
    await h.probot.receive({ id: 'd4', name: 'check_run', payload: q as never });
    assert.deepEqual(h.calls, []);
  });

  test('a marked comment by another bot (the Action) is not ours: we write our own', async () => {
    const h = createHarness();
    const scope = github(h.calls);
    noConfig(scope);
    jobInfo(scope, 1701);
    jobLog(scope, 1701, fixtureLog('ci-py-006'));
    const action = {
      id: 77,
      body: '<!-- snippet-search:comment -->\nfrom the Action',
      user: { type: 'Bot', login: 'github-actions[bot]' },
      performed_via_github_app: { id: 15368 },
    };
    const state = statefulComments(nock('https://api.github.com'), 2, [action]);
    await h.deliver('check_run', checkRun(1701, 'test'));
    assert.equal(state.writes.patch, 0);
    assert.equal(state.writes.post, 1);
    assert.equal(action.body, '<!-- snippet-search:comment -->\nfrom the Action');
  });

  test('a 5xx on the POST after GitHub stored the comment posts no duplicate', async () => {
    const h = createHarness();
    const scope = github(h.calls);
    noConfig(scope);
    jobInfo(scope, 1801);
    jobLog(scope, 1801, fixtureLog('ci-py-006'));
    const comments: any[] = [];
    let posts = 0;
    scope
      .persist()
      .get(`/repos/${OWNER}/${REPO}/issues/2/labels`)
      .query(true)
      .reply(200, [])
      .get(`/repos/${OWNER}/${REPO}/issues/2/comments`)
      .query(true)
      .reply(200, () => comments)
      .post(`/repos/${OWNER}/${REPO}/issues/2/comments`)
      .reply((_uri, b: any) => {
        posts++;
        comments.push({ id: 5, body: b.body, ...OURS });
        return posts === 1 ? [502, 'stored, then the gateway failed'] : [201, { id: 5 }];
      });
    await h.deliver('check_run', checkRun(1801, 'test'));
    assert.equal(posts, 1, h.calls.join('\n'));
    assert.equal(comments.length, 1);
  });

  test('a 403 secondary rate limit is retried after its retry-after', async () => {
    const waits: number[] = [];
    const h = createHarness({}, { policy: { onLimited: (_k, s) => waits.push(s) } });
    const scope = github(h.calls);
    noConfig(scope);
    jobInfo(scope, 1901);
    jobLog(scope, 1901, fixtureLog('ci-py-006'));
    scope
      .get(`/repos/${OWNER}/${REPO}/issues/2/labels`)
      .query(true)
      .reply(200, [])
      .get(`/repos/${OWNER}/${REPO}/issues/2/comments`)
      .query(true)
      .reply(200, [])
      .post(`/repos/${OWNER}/${REPO}/issues/2/comments`)
      .reply(403, { message: 'You have exceeded a secondary rate limit' }, { 'retry-after': '30' })
      .post(`/repos/${OWNER}/${REPO}/issues/2/comments`)
      .reply(201, { id: 1 });
    await h.deliver('check_run', checkRun(1901, 'test'));
    assert.deepEqual(waits, [30]);
    assert.ok(scope.isDone(), h.calls.join('\n'));
  });

  test('a log whose storage stalls after the headers times out instead of freezing the worker', async () => {
    const h = createHarness({ jobAttempts: 1 }, { timeoutMs: 300 });
    const scope = github(h.calls);
    noConfig(scope);
    jobInfo(scope, 2001);
    scope.get(`/repos/${OWNER}/${REPO}/actions/jobs/2001/logs`).delayBody(3000).reply(200, fixtureLog('ci-py-006'));
    const t0 = Date.now();
    await h.deliver('check_run', checkRun(2001, 'test'));
    assert.ok(Date.now() - t0 < 2500, `took ${Date.now() - t0} ms`);
    assert.ok(
      h.logs.some((l) => l.level === 50),
      'the failure is logged',
    );
  });

  test('three jobs of one PR at once: one comment, every section, writes serialized', async () => {
    const h = createHarness({ concurrency: 3 });
    const scope = github(h.calls);
    noConfig(scope);
    const logs = ['ci-py-006', 'ci-py-012', 'ci-py-001'];
    logs.forEach((id, i) => {
      jobInfo(scope, 2101 + i, `wf${i}`);
      jobLog(scope, 2101 + i, fixtureLog(id));
    });
    const state = statefulComments(nock('https://api.github.com'), 9);
    await Promise.all(
      logs.map((_, i) =>
        h.probot.receive({ id: `p${i}`, name: 'check_run', payload: checkRun(2101 + i, 'test', [9]) as never }),
      ),
    );
    await h.app.idle();
    assert.equal(state.writes.post, 1, h.calls.join('\n') + h.logs.map((l) => l.msg).join('\n'));
    assert.equal(state.comments.length, 1);
    assert.equal((state.comments[0].body.match(/<!-- snippet-search:job /g) ?? []).length, 3);
  });

  test('the config is read once per event and cached across events', async () => {
    const h = createHarness();
    const scope = github(h.calls);
    noConfig(scope);
    for (const id of [2201, 2202]) {
      jobInfo(scope, id);
      jobLog(scope, id, fixtureLog('ci-py-006'));
    }
    statefulComments(nock('https://api.github.com'), 2);
    await h.deliver('check_run', checkRun(2201, 'a'));
    await h.deliver('check_run', checkRun(2202, 'b'));
    assert.equal(h.calls.filter((c) => c.includes('/contents/')).length, 2, 'repo + org file, once');
  });
});
