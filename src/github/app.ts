/**
 * The GitHub App. A webhook is routed (route.ts: what it asks, its de-duplication key, or why it is
 * ignored), then handed to a transport before it is acknowledged: the SQLite-journalled local queue in
 * the single process, or BullMQ on Redis in queue mode (`REDIS_URL`), whose workers run the same
 * processor. Work is a plan computed without side effects, then one step applying it (processor.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Probot } from 'probot';
import { openEngine, type Engine } from '../engine.js';
import { loadDefaultEncoder } from '../encoder/load.js';
import { lazyStore } from '../history/lazy-store.js';
import { defaultHistoryFile, openFailureStore } from '../history/open-store.js';
import type { FailureStore } from '../history/types.js';
import { defaultIndexDir } from '../paths.js';
import { CommentWriter } from './comment-writer.js';
import { MemoryCoordination, WritePacer, type Coordination } from './coordination.js';
import { describeGitHubError } from './github-errors.js';
import { LocalQueue, type AddResult, type FailedJob } from './local-queue.js';
import { createMetrics, type Metrics } from './metrics.js';
import { describePlan, Processor, type Log } from './processor.js';
import { routeEvent, type WorkItem } from './route.js';
import { COMMENT_MARKER } from './sticky-comment.js';
import { mountSearchPage } from '../web/search-page.js';
import type { GitHubClient } from './types.js';

export { CHECK_NAME } from './route.js';
export { COMMENT_MARKER };

/** Where a routed item goes: run here (local queue) or enqueued for workers (Redis). */
export interface Transport {
  add(key: string, item: WorkItem): Promise<AddResult>;
  depth(): Promise<number>;
  idle(): Promise<void>;
  close(timeoutMs: number): Promise<void>;
  /** Extra readiness checks (Redis reachable). */
  ready(): Promise<Record<string, boolean>>;
  failed?(): Promise<FailedJob[]>;
}

export interface AppOptions {
  /** Opens the search engine (lazily; retried after a failure). Default: `$SNIPPET_SEARCH_INDEX` or `index/`. */
  engine?: () => Promise<Engine>;
  concurrency?: number;
  maxPending?: number;
  /** `/snippet-search` commands allowed per user and per repo in each window. */
  commandLimits?: { perUser: number; perRepo: number; windowMs: number };
  /** Our App's id (default `$APP_ID`): our own check runs and comments are recognized by it. */
  appId?: number;
  /** Our bot's login (`<slug>[bot]`), a second way to recognize our comments. */
  botLogin?: string;
  /** The local queue's journal (default `$SNIPPET_SEARCH_QUEUE_DB` or `snippet-search-queue.db`). */
  queueFile?: string;
  /** Attempts per job for transient failures, and the first backoff (doubling, at least what GitHub asks). */
  jobAttempts?: number;
  backoffBaseMs?: number;
  coordination?: Coordination;
  /** Content-creating writes per installation and minute (GitHub's secondary limit is about 80). */
  writesPerMinute?: number;
  /** How long a comment write waits for other jobs of the same PR to join it. */
  gatherMs?: number;
  /** Queue mode: a transport that enqueues for workers instead of running here. */
  transport?: (app: SnippetSearchApp) => Transport;
  /** What /readyz checks: the index unless this process only receives (queue mode receiver). */
  role?: 'single' | 'receiver' | 'worker';
  metrics?: Metrics;
  /**
   * The repository history and votes (null: none kept). Default: Redis with `REDIS_URL`, else the SQLite
   * file `$SNIPPET_SEARCH_HISTORY_DB`, else `snippet-search-history.db` beside the queue journal; opened
   * on first use.
   */
  history?: FailureStore | null;
  /** The clock of the history (tests). */
  now?: () => number;
}

export interface SnippetSearchApp {
  (app: Probot, opts?: { addHandler?: (h: Handler) => void }): void;
  /** Resolves when all queued local work is done (tests). */
  idle(): Promise<void>;
  /** Routes one verified delivery and hands it to the transport; `full`: do not acknowledge it. */
  accept(id: string, name: string, payload: unknown): Promise<AddResult | 'ignored'>;
  /** Readiness: the index opens, and in queue mode Redis answers. */
  ready(): Promise<{ ready: boolean; checks: Record<string, boolean> }>;
  /** Stops taking work, lets running work finish (at most `timeoutMs`). */
  close(timeoutMs?: number): Promise<void>;
  /** `/healthz`, `/readyz`, `/metrics` (plus whatever else is mounted with `addHandler`). */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  metrics: Metrics;
  processor: Processor;
  transport(): Transport;
  /** Gives the App its Probot (for installation tokens and logs) without taking webhooks: the queue worker. */
  attach(app: Probot): void;
  /** Plans and applies one work item (the worker's job body). */
  runItem(item: WorkItem): Promise<void>;
  options: AppOptions;
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;

const consoleLog: Log = {
  info: () => {},
  warn: (o, m) => console.warn(m, o),
  error: (o, m) => console.error(m, o),
};

export function createSnippetSearchApp(options: AppOptions = {}): SnippetSearchApp {
  const appId = options.appId ?? (process.env.APP_ID ? Number(process.env.APP_ID) : undefined);
  const who = { appId, login: options.botLogin ?? process.env.SNIPPET_SEARCH_BOT_LOGIN };
  let transport: Transport | null = null;
  let probot: Probot | null = null;
  // Probot sets up its logger asynchronously after `new Probot()`: read it when logging, not when
  // attached, and use the console until it is there (a log line must never throw).
  const currentLog = (): Log => (probot?.log as unknown as Log | undefined) ?? consoleLog;
  const log: Log = {
    info: (o, m) => currentLog().info(o, m),
    warn: (o, m) => currentLog().warn(o, m),
    error: (o, m) => currentLog().error(o, m),
  };
  const handlers: Handler[] = [];
  const metrics = options.metrics ?? createMetrics(() => transport?.depth() ?? 0);
  const store = options.coordination ?? new MemoryCoordination();
  const pacer = new WritePacer(store, options.writesPerMinute ?? 80);
  const writer = new CommentWriter({
    store,
    pacer,
    who,
    gatherMs: options.gatherMs ?? 0,
    onWrite: () => undefined,
  });
  const processor = new Processor({
    engine: options.engine ?? defaultEngine,
    writer,
    pacer,
    appId,
    log,
    commandLimits: options.commandLimits,
    history: options.history !== undefined ? options.history : lazyStore(() => defaultHistory(options)),
    now: options.now,
    onOutcome: (o, item) => (o === 'posted' ? metrics.answersPosted : metrics.stayedQuiet).inc({ type: item.type }),
  });

  async function octokitFor(installationId: number): Promise<GitHubClient> {
    if (!probot) throw new Error('the App is not loaded into Probot yet');
    const octokit = (await probot.auth(installationId)) as unknown as GitHubClient;
    instrument(octokit, metrics);
    return octokit;
  }

  async function runItem(item: WorkItem): Promise<void> {
    const end = metrics.jobSeconds.startTimer({ type: item.type });
    try {
      const plan = await processor.run(item, await octokitFor(item.installationId));
      end({ outcome: plan.kind });
    } catch (err) {
      end({ outcome: 'error' });
      throw err;
    }
  }

  const localTransport = (): Transport => {
    const queue = new LocalQueue({
      file: options.queueFile ?? process.env.SNIPPET_SEARCH_QUEUE_DB ?? 'snippet-search-queue.db',
      concurrency: options.concurrency ?? 2,
      maxPending: options.maxPending ?? 1000,
      attempts: options.jobAttempts ?? 4,
      backoffBaseMs: options.backoffBaseMs ?? 2000,
      run: (item) => runItem(item),
      onError: (err, item, final) =>
        log.error(
          { err, delivery: item.delivery, event: item.event },
          `${item.type}: ${describeGitHubError(err)}${final ? '' : ' (will retry)'}`,
        ),
    });
    return {
      add: (key, item) => Promise.resolve(queue.add(key, item)),
      depth: () => Promise.resolve(queue.depth()),
      idle: () => queue.idle(),
      close: (ms) => queue.drain(ms),
      ready: () => Promise.resolve({}),
      failed: () => Promise.resolve(queue.failed()),
    };
  };

  const getTransport = (): Transport => (transport ??= options.transport ? options.transport(appFn) : localTransport());

  const appFn = ((app: Probot, opts?: { addHandler?: (h: Handler) => void }) => {
    appFn.attach(app);
    getTransport();
    app.onAny(async (ctx) => {
      const outcome = await appFn.accept(ctx.id, ctx.name, ctx.payload);
      if (outcome === 'full') throw new Error(`work queue full: delivery ${ctx.id} not acknowledged`);
    });
    try {
      opts?.addHandler?.((req, res) => appFn.handle(req, res));
    } catch {
      // Probot.load() without a server (tests, the queue worker): no HTTP routes to add.
    }
    mountSearchPage(opts, options.engine ?? defaultEngine); // the search page at /snippet-search
  }) as SnippetSearchApp;

  appFn.accept = async (id, name, payload) => {
    const route = routeEvent(id, name, (payload ?? {}) as Record<string, unknown>, appId, who.login);
    if (route.kind === 'ignore') {
      metrics.deliveries.inc({ event: name, outcome: 'ignored' });
      log.info({ delivery: id, event: name }, `ignored: ${route.reason}`);
      return 'ignored';
    }
    const outcome = await getTransport().add(route.key, route.item);
    metrics.deliveries.inc({ event: name, outcome });
    if (outcome === 'duplicate') log.info({ delivery: id, key: route.key }, 'already queued or done: ignored');
    else if (outcome === 'full') log.warn({ delivery: id, key: route.key }, 'work queue full: not acknowledged');
    return outcome;
  };
  appFn.idle = () => getTransport().idle();
  appFn.close = (ms = 25_000) => getTransport().close(ms);
  appFn.ready = async () => {
    const role = options.role ?? (options.transport ? 'receiver' : 'single');
    const checks = {
      ...(role === 'receiver' ? {} : { index: await processor.ready() }),
      ...(await getTransport().ready()),
    };
    return { ready: Object.values(checks).every(Boolean), checks };
  };
  appFn.handle = async (req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && path === '/healthz') return (send(res, 200, { status: 'ok' }), true);
    if (req.method === 'GET' && path === '/readyz') {
      const r = await appFn.ready();
      return (send(res, r.ready ? 200 : 503, r), true);
    }
    if (req.method === 'GET' && path === '/metrics') {
      res.writeHead(200, { 'content-type': metrics.registry.contentType });
      res.end(await metrics.registry.metrics());
      return true;
    }
    for (const h of handlers) if (await h(req, res)) return true;
    return false;
  };
  appFn.attach = (app) => {
    probot = app;
  };
  appFn.runItem = runItem;
  appFn.metrics = metrics;
  appFn.processor = processor;
  appFn.transport = getTransport;
  appFn.options = options;
  return appFn;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Counts every GitHub API call by method and status. */
export function instrument(octokit: GitHubClient, metrics: Metrics): void {
  octokit.hook.after('request', (res, opts) => {
    metrics.githubCalls.inc({ method: String(opts.method), status: String(res.status) });
  });
  octokit.hook.error('request', (err, opts) => {
    const s = (err as { status?: number }).status;
    metrics.githubCalls.inc({ method: String(opts.method), status: s === undefined ? 'network' : String(s) });
    throw err;
  });
}

function defaultHistory(options: AppOptions): FailureStore {
  return openFailureStore({ file: defaultHistoryFile(options.queueFile), now: options.now });
}

async function defaultEngine(): Promise<Engine> {
  const encoder = await loadDefaultEncoder({ optional: true });
  return openEngine({ indexDir: defaultIndexDir(), encoder });
}

export { describePlan };
export default createSnippetSearchApp();
