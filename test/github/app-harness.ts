/* eslint-disable @typescript-eslint/no-explicit-any -- webhook payloads and mock bodies are free-form JSON */
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import nock from 'nock';
import { pino } from 'pino';
import { Probot } from 'probot';
import { openEngine, type Engine } from '../../src/engine.js';
import { appOctokit, timeoutFetch, type OctokitPolicy } from '../../src/github/octokit.js';
import { createSnippetSearchApp, type AppOptions, type SnippetSearchApp } from '../../src/github/app.js';
import { SHARED } from '../helpers/paths.js';
import { buildSmallIndex } from '../helpers/small-index.js';

const require = createRequire(import.meta.url);
const examples = require('@octokit/webhooks-examples/api.github.com/index.json') as Array<{
  name: string;
  examples: Array<Record<string, any>>;
}>;

/** A real payload from @octokit/webhooks-examples, deep-copied, optionally chosen by a predicate. */
export function examplePayload(
  event: string,
  pick: (p: Record<string, any>) => boolean = () => true,
): Record<string, any> {
  const found = examples.find((e) => e.name === event)!.examples.find(pick);
  if (!found) throw new Error(`no ${event} example matches`);
  return structuredClone(found);
}

export const API = 'https://api.github.com';
export const OWNER = 'Codertocat';
export const REPO = 'Hello-World';

let engineOnce: Promise<Engine> | null = null;
/** One real engine (SQLite + FTS5 over 3,000 so-python threads) shared by the App tests. */
/**
 * The App tests check what the App does on GitHub, on a 3,000-thread BM25 index: there the product's
 * confidence threshold (chosen on the full corpus) would silence most answers, so this engine answers
 * whenever it finds a thread. `unsureEngine` is the opposite: nothing it finds is confident.
 */
export async function testEngine(): Promise<Engine> {
  return withThreshold(await smallEngine(), 0);
}

/** The same index, with a confidence threshold no answer reaches: the App must stay quiet. */
export async function unsureEngine(): Promise<Engine> {
  return withThreshold(await smallEngine(), 2);
}

function smallEngine(): Promise<Engine> {
  return (engineOnce ??= buildSmallIndex(3000).then((dir) => openEngine({ indexDir: dir })));
}

function withThreshold(engine: Engine, minConfidence: number): Engine {
  return { ...engine, search: (text, opts = {}) => engine.search(text, { ...opts, minConfidence }) };
}

export function fixtureLog(id: string): string {
  return readFileSync(join(SHARED, 'fixtures', 'extraction', 'items', `${id}.txt`), 'utf8');
}

export interface Harness {
  probot: Probot;
  app: SnippetSearchApp;
  calls: string[];
  logs: Array<{ level: number; msg: string }>;
  /** Delivers a webhook and waits until the App's queued work is done. */
  deliver(name: string, payload: Record<string, any>, id?: string): Promise<void>;
}

const { privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
let deliveryCounter = 0;

export const APP_ID = 1;
/** Our own comments as the fake GitHub returns them: written by our App. */
export const OURS = { user: { type: 'Bot', login: 'snippet-search[bot]' }, performed_via_github_app: { id: APP_ID } };

export function createHarness(
  options: Partial<AppOptions> = {},
  http: { policy?: Partial<OctokitPolicy>; timeoutMs?: number } = {},
): Harness {
  const logs: Array<{ level: number; msg: string }> = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        const j = JSON.parse(line);
        logs.push({ level: j.level, msg: String(j.msg ?? '') });
      }
      cb();
    },
  });
  const probot = new Probot({
    appId: APP_ID,
    privateKey,
    log: pino({ level: 'info' }, sink),
    Octokit: appOctokit({ retries: 1, retryAfterBaseMs: 1, ...http.policy }),
    request: { fetch: timeoutFetch(http.timeoutMs ?? 5000) },
  });
  const app = createSnippetSearchApp({
    engine: testEngine,
    appId: APP_ID,
    queueFile: ':memory:',
    backoffBaseMs: 1,
    ...options,
  });
  void probot.load(app);
  const calls: string[] = [];
  nock.emitter.removeAllListeners('no match');
  nock.emitter.on(
    'no match',
    (req: { method?: string; path?: string; options?: { method?: string; path?: string } }) => {
      calls.push(`UNMOCKED ${req.method ?? req.options?.method} ${req.path ?? req.options?.path}`);
    },
  );
  return {
    probot,
    app,
    calls,
    logs,
    async deliver(name, payload, id = `delivery-${++deliveryCounter}`) {
      await probot.receive({ id, name: name as never, payload: payload as never }).catch(() => undefined);
      await app.idle();
    },
  };
}

/** Mocks the installation token and records every API call as "METHOD /path". */
export function github(calls: string[]): nock.Scope {
  nock(API)
    .persist()
    .post(/\/app\/installations\/\d+\/access_tokens/)
    .reply(201, { token: 'test-token', expires_at: '2099-01-01T00:00:00Z' });
  const scope = nock(API);
  scope.on('request', (req: { method: string; path: string }) => {
    calls.push(`${req.method} ${decodeURIComponent(req.path.split('?')[0]!)}`);
  });
  return scope;
}

/** No `.github/snippet-search.yml` in the repo or the owner's `.github` repo: defaults. */
export function noConfig(scope: nock.Scope): nock.Scope {
  return scope
    .get(`/repos/${OWNER}/${REPO}/contents/${encodeURIComponent('.github/snippet-search.yml')}`)
    .reply(404)
    .get(`/repos/${OWNER}/.github/contents/${encodeURIComponent('.github/snippet-search.yml')}`)
    .reply(404);
}

/** An Actions job's details (the workflow name that keys its section). */
export function jobInfo(scope: nock.Scope, jobId: number, workflow = 'CI', times = 1): nock.Scope {
  return scope
    .get(`/repos/${OWNER}/${REPO}/actions/jobs/${jobId}`)
    .times(times)
    .reply(200, { id: jobId, workflow_name: workflow });
}

/** A PR with no comment of ours yet: its labels, its comments (none), then our new comment. */
export function expectNewComment(
  scope: nock.Scope,
  pr: number,
  onBody: (body: string) => void = () => {},
  status = 201,
): nock.Scope {
  return scope
    .get(`/repos/${OWNER}/${REPO}/issues/${pr}/labels`)
    .query(true)
    .reply(200, [])
    .get(`/repos/${OWNER}/${REPO}/issues/${pr}/comments`)
    .query(true)
    .reply(200, [])
    .post(`/repos/${OWNER}/${REPO}/issues/${pr}/comments`, (b: { body: string }) => (onBody(b.body), true))
    .reply(status, status < 300 ? { id: 900 } : { message: 'Resource not accessible by integration' });
}
