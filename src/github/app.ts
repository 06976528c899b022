import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { ApplicationFunctionOptions, Context, Probot } from 'probot';
import { openEngine, type Engine, type SearchResult } from '../engine.js';
import { loadDefaultEncoder } from '../encoder/load.js';
import { defaultIndexDir } from '../paths.js';
import type { InputKind } from '../query/build-query.js';
import { ATTRIBUTION, resultToMarkdown } from '../render/markdown.js';
import { CONFIG_FILE, ConfigError, parseConfig, type Config } from './config.js';
import { findPullRequests } from './find-pulls.js';
import { describeGitHubError, withRetry, type RetryOptions } from './github-errors.js';
import { nameAllowed } from './globs.js';
import { checkRunText, downloadJobLog } from './job-log.js';
import { FOOTER, markFixed, parseSections, renderCiComment, upsertSection } from './job-sections.js';
import { RateLimiter, SeenSet } from './limits.js';
import { COMMENT_MARKER, upsertStickyComment } from './sticky-comment.js';
import type { GitHubClient, RepoRef } from './types.js';
import { WorkQueue } from './work-queue.js';
import { mountSearchPage } from '../web/search-page.js';

/** The name of the check run we create when a failing commit has no pull request. */
export const CHECK_NAME = 'snippet-search';
const COMMAND = /^\s*\/snippet-search\b/m;

export interface AppOptions {
  /** Opens the search engine (once, lazily). Default: the index in `$SNIPPET_SEARCH_INDEX` or `index/`. */
  engine?: () => Promise<Engine>;
  concurrency?: number;
  maxPending?: number;
  retry?: RetryOptions;
  /** `/snippet-search` commands allowed per user and per repo in each window. */
  commandLimits?: { perUser: number; perRepo: number; windowMs: number };
}

export interface SnippetSearchApp {
  (app: Probot): void;
  /** Resolves when all queued work is done (tests, graceful shutdown). */
  idle(): Promise<void>;
}

interface FailingJob {
  ref: RepoRef;
  jobId: number;
  name: string;
  workflow: string | null;
  headSha: string;
  conclusion: string | null;
  htmlUrl: string | null;
  fromActions: boolean;
  pullNumbers: number[];
  checkRun?: { id: number; output?: { title?: string | null; summary?: string | null; text?: string | null } | null };
}

/**
 * The GitHub App. Each webhook is acknowledged at once; the work runs in a bounded queue:
 * failing job → log → extract → search → one sticky comment per PR (or our own check run),
 * `/snippet-search` → a reply in the thread, new issues with a traceback → an answer (opt-in).
 */
export function createSnippetSearchApp(options: AppOptions = {}): SnippetSearchApp {
  let enginePromise: Promise<Engine> | null = null;
  const engine = () => (enginePromise ??= (options.engine ?? defaultEngine)());
  let log: Probot['log'] | null = null;
  const queue = new WorkQueue(options.concurrency ?? 2, options.maxPending ?? 1000, (err) =>
    log?.error({ err }, describeGitHubError(err)),
  );
  const deliveries = new SeenSet();
  const jobsDone = new SeenSet();
  const limits = options.commandLimits ?? { perUser: 10, perRepo: 60, windowMs: 3600_000 };
  const perUser = new RateLimiter(limits.perUser, limits.windowMs);
  const perRepo = new RateLimiter(limits.perRepo, limits.windowMs);
  const cache = new LRUCache<string, SearchResult>({ max: 500, ttl: 3600_000 });
  const retry = options.retry;

  async function search(text: string, kind: InputKind, top: number): Promise<SearchResult> {
    const key = createHash('sha256').update(`${kind}\u0000${top}\u0000${text}`).digest('hex');
    const hit = cache.get(key);
    if (hit) return hit;
    const result = await (await engine()).search(text, { kind, top });
    cache.set(key, result);
    return result;
  }

  const gh = <T>(fn: () => Promise<T>) => withRetry(fn, retry);

  /** Queues work for a delivery; a redelivered webhook (same X-GitHub-Delivery id) does nothing. */
  function enqueue(ctx: Context, what: string, work: () => Promise<void>): void {
    if (!deliveries.firstTime(ctx.id)) {
      ctx.log.info({ delivery: ctx.id }, 'redelivered webhook ignored');
      return;
    }
    const queued = queue.push(async () => {
      try {
        await work();
      } catch (err) {
        if (err instanceof ConfigError) ctx.log.warn(err.message);
        else ctx.log.error({ err, delivery: ctx.id }, `${what}: ${describeGitHubError(err)}`);
      }
    });
    if (!queued) ctx.log.warn({ delivery: ctx.id }, `${what}: work queue full, event dropped`);
  }

  async function loadConfig(ctx: Context): Promise<Config> {
    let raw: unknown;
    try {
      raw = await gh(() => ctx.config(CONFIG_FILE.replace('.github/', ''), {}));
    } catch (err) {
      const status = (err as { status?: number }).status;
      if (status !== undefined) throw err;
      throw new ConfigError(`${CONFIG_FILE}: not valid YAML (${(err as Error).message.split('\n')[0]})`);
    }
    return parseConfig(raw);
  }

  async function isMuted(
    octokit: GitHubClient,
    ref: RepoRef,
    issue: number,
    label: string,
    known?: Array<{ name?: string } | string>,
  ): Promise<boolean> {
    const labels =
      known ??
      (await gh(() =>
        octokit.paginate(octokit.rest.issues.listLabelsOnIssue, { ...ref, issue_number: issue, per_page: 100 }),
      ));
    return labels.some((l) => (typeof l === 'string' ? l : l.name) === label);
  }

  async function onFailingJob(ctx: Context, job: FailingJob): Promise<void> {
    const octokit = ctx.octokit as unknown as GitHubClient;
    const { ref } = job;
    if (job.conclusion === 'success') return onPassingJob(octokit, job);
    if (job.conclusion !== 'failure' && job.conclusion !== 'timed_out') return;
    if (!jobsDone.firstTime(`${ref.owner}/${ref.repo}#${job.jobId}`)) return; // check_run and workflow_job for one job
    let config: Config;
    try {
      config = await loadConfig(ctx);
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      const prs = await gh(() => findPullRequests(octokit, ref, job.headSha, job.pullNumbers));
      for (const pr of prs)
        await gh(() => upsertStickyComment(octokit, { ...ref, issue_number: pr }, () => configErrorComment(err)));
      throw err;
    }
    if (!config.triggers.failingChecks || !nameAllowed(job.name, config.jobs)) return;
    if (job.workflow !== null && !nameAllowed(job.workflow, config.workflows)) return;
    const text = job.fromActions
      ? await gh(() => downloadJobLog(octokit, ref.owner, ref.repo, job.jobId))
      : job.checkRun
        ? await gh(() => checkRunText(octokit, ref.owner, ref.repo, job.checkRun!))
        : '';
    const result = await search(text, 'log', config.maxResults);
    const primary = result.failures[0];
    if (!primary || result.results.length === 0)
      return ctx.log.info({ job: job.jobId }, 'no failure or no match: staying silent');
    if (config.languages.length && !config.languages.includes(primary.language)) return;
    if (result.results[0]!.score < config.minScore)
      return ctx.log.info({ job: job.jobId }, 'best match below minScore: staying silent');
    const heading = job.workflow ? `${job.workflow} / ${job.name}` : job.name;
    const section = {
      key: job.name,
      body: resultToMarkdown(result, { heading, headingUrl: job.htmlUrl ?? undefined, maxResults: config.maxResults }),
    };
    const dryRun = config.dryRun ? (body: string) => ctx.log.info({ body }, 'dry run: would post') : undefined;
    const prs = await gh(() => findPullRequests(octokit, ref, job.headSha, job.pullNumbers));
    for (const pr of prs) {
      if (await isMuted(octokit, ref, pr, config.muteLabel)) continue;
      const outcome = await gh(() =>
        upsertStickyComment(
          octokit,
          { ...ref, issue_number: pr },
          (current) => renderCiComment(upsertSection(parseSections(current), section), FOOTER),
          { dryRun },
        ),
      );
      ctx.log.info({ pr, outcome, job: job.jobId }, 'pull request comment');
    }
    if (prs.length === 0) {
      const summary = `${section.body}\n\n---\n${ATTRIBUTION}`;
      if (dryRun) return dryRun(summary);
      await gh(() =>
        octokit.rest.checks.create({
          ...ref,
          name: CHECK_NAME,
          head_sha: job.headSha,
          status: 'completed',
          conclusion: 'neutral',
          output: { title: `StackOverflow threads for ${heading}`.slice(0, 250), summary: summary.slice(0, 65_000) },
        }),
      );
    }
  }

  async function onPassingJob(octokit: GitHubClient, job: FailingJob): Promise<void> {
    // Only where we already commented: mark that job's section fixed (nothing else is touched).
    for (const pr of job.pullNumbers) {
      await gh(() =>
        upsertStickyComment(octokit, { ...job.ref, issue_number: pr }, (current) => {
          const sections = parseSections(current);
          if (!sections.some((s) => s.key === job.name)) return null;
          return renderCiComment(markFixed(sections, job.name, job.headSha), FOOTER);
        }),
      );
    }
  }

  async function onCommand(ctx: Context<'issue_comment'>): Promise<void> {
    const { comment, issue, repository } = ctx.payload;
    const octokit = ctx.octokit as unknown as GitHubClient;
    const ref = { owner: repository.owner.login, repo: repository.name };
    const repoKey = `${ref.owner}/${ref.repo}`;
    if (!perRepo.take(repoKey) || !perUser.take(`${repoKey}@${comment.user?.login}`)) {
      return ctx.log.warn({ user: comment.user?.login, repo: repoKey }, '/snippet-search rate limit reached: ignored');
    }
    const marker = `<!-- snippet-search:reply ${comment.id} -->`;
    const reply = (body: string) =>
      gh(() =>
        upsertStickyComment(octokit, { ...ref, issue_number: issue.number }, () => `${marker}\n${body}`, { marker }),
      );
    let config: Config;
    try {
      config = await loadConfig(ctx);
    } catch (err) {
      if (err instanceof ConfigError) await reply(configErrorComment(err));
      throw err;
    }
    if (!config.triggers.command || (await isMuted(octokit, ref, issue.number, config.muteLabel, issue.labels))) return;
    await gh(() =>
      octokit.rest.reactions.createForIssueComment({ ...ref, comment_id: comment.id, content: 'eyes' }),
    ).catch((err) => ctx.log.warn(describeGitHubError(err)));
    const own = (comment.body ?? '').replace(COMMAND, '').trim();
    const quoted = own
      .split('\n')
      .filter((l) => /^>/.test(l))
      .map((l) => l.replace(/^> ?/, ''))
      .join('\n');
    let result = await search(own, 'comment', config.maxResults);
    if (result.failures.length === 0 && quoted) result = await search(quoted, 'comment', config.maxResults);
    if (result.failures.length === 0 && own.replace(/^>.*$/gm, '').trim().length < 40 && issue.body)
      result = await search(issue.body, 'comment', config.maxResults);
    const body =
      result.results.length === 0
        ? `🔎 I found no error or traceback to search for in this comment${issue.body ? ' or the issue' : ''}. Paste the traceback (in a code block) after \`/snippet-search\`.`
        : `🔎 **StackOverflow threads that match**\n\n${resultToMarkdown(result, { maxResults: config.maxResults })}\n\n---\n<sub>${ATTRIBUTION}</sub>`;
    if (config.dryRun) return ctx.log.info({ body }, 'dry run: would reply');
    await reply(body);
  }

  async function onNewIssue(ctx: Context<'issues.opened'>): Promise<void> {
    const { issue, repository } = ctx.payload;
    const octokit = ctx.octokit as unknown as GitHubClient;
    const ref = { owner: repository.owner.login, repo: repository.name };
    const config = await loadConfig(ctx);
    if (
      !config.triggers.newIssues ||
      !issue.body ||
      (await isMuted(octokit, ref, issue.number, config.muteLabel, issue.labels))
    )
      return;
    const result = await search(`${issue.title}\n\n${issue.body}`, 'comment', config.maxResults);
    if (result.failures.length === 0 || result.results.length === 0 || result.results[0]!.score < config.minScore)
      return;
    const body = `🔎 **StackOverflow threads that may fix this**\n\n${resultToMarkdown(result, { maxResults: config.maxResults })}\n\n---\n<sub>${ATTRIBUTION} ${FOOTER}</sub>`;
    if (config.dryRun) return ctx.log.info({ body }, 'dry run: would comment');
    await gh(() => upsertStickyComment(octokit, { ...ref, issue_number: issue.number }, () => body));
  }

  const appFn = ((app: Probot, appOptions?: ApplicationFunctionOptions) => {
    log = app.log;
    mountSearchPage(appOptions, engine); // the search page at /snippet-search
    const ourAppId = Number(process.env.APP_ID ?? NaN);
    app.on('check_run.completed', async (ctx) => {
      const run = ctx.payload.check_run;
      if (run.name === CHECK_NAME || run.app?.id === ourAppId) return;
      const fromActions = run.app?.slug === 'github-actions';
      const ref = { owner: ctx.payload.repository.owner.login, repo: ctx.payload.repository.name };
      enqueue(ctx, 'check_run', () =>
        onFailingJob(ctx, {
          ref,
          jobId: run.id,
          name: run.name,
          workflow: null,
          headSha: run.head_sha,
          conclusion: run.conclusion,
          htmlUrl: run.html_url ?? null,
          fromActions,
          pullNumbers: run.pull_requests.map((p) => p.number),
          checkRun: run,
        }),
      );
    });
    app.on('workflow_job.completed', async (ctx) => {
      const job = ctx.payload.workflow_job;
      const ref = { owner: ctx.payload.repository.owner.login, repo: ctx.payload.repository.name };
      enqueue(ctx, 'workflow_job', () =>
        onFailingJob(ctx, {
          ref,
          jobId: job.id,
          name: job.name,
          workflow: job.workflow_name ?? null,
          headSha: job.head_sha,
          conclusion: job.conclusion,
          htmlUrl: job.html_url ?? null,
          fromActions: true,
          pullNumbers: [],
        }),
      );
    });
    app.on(['issue_comment.created', 'issue_comment.edited'], async (ctx) => {
      const { comment, sender } = ctx.payload;
      if (comment.user?.type === 'Bot' || sender.type === 'Bot' || !COMMAND.test(comment.body ?? '')) return;
      enqueue(ctx, '/snippet-search', () => onCommand(ctx));
    });
    app.on('issues.opened', async (ctx) => {
      if (ctx.payload.sender.type === 'Bot' || ctx.payload.issue.user?.type === 'Bot') return;
      enqueue(ctx, 'issues.opened', () => onNewIssue(ctx));
    });
  }) as SnippetSearchApp;
  appFn.idle = () => queue.idle();
  return appFn;
}

function configErrorComment(err: ConfigError): string {
  return `⚠️ **snippet-search could not use its configuration.** ${err.message}\n\nFix the file (see the README's configuration section); until then nothing is answered here.`;
}

async function defaultEngine(): Promise<Engine> {
  const encoder = await loadDefaultEncoder({ optional: true });
  return openEngine({ indexDir: defaultIndexDir(), encoder });
}

export { COMMENT_MARKER };
export default createSnippetSearchApp();
