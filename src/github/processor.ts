/**
 * One work item → a plan → its application. `plan()` only reads (config, logs, PRs, labels) and decides:
 * "comment section X on PR 12", "nothing: muted", "dry run: would post …", "nothing: no confident
 * answer". `apply()` is the only step that writes. The same processor runs in the single process and
 * in every queue worker.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { judgeResult } from '../answer.js';
import type { Engine, SearchResult } from '../engine.js';
import { scrubSecrets } from '../extract/scrub-secrets.js';
import { historyKey } from '../history/history-key.js';
import { historyLine } from '../history/history-line.js';
import {
  DAY_MS,
  type FailureEvent,
  type FailureStore,
  type PassEvent,
  type RepoScope,
  type ShownResult,
  type StoredFailure,
  type Vote,
} from '../history/types.js';
import type { InputKind } from '../query/build-query.js';
import { ATTRIBUTION, resultToMarkdown } from '../render/markdown.js';
import type { CommentEdit, CommentTarget, CommentWriter } from './comment-writer.js';
import { CONFIG_FILE, ConfigError, parseConfig, type Config } from './config.js';
import type { WritePacer } from './coordination.js';
import { findPullRequests } from './find-pulls.js';
import { nameAllowed } from './globs.js';
import { checkRunText, downloadJobLog } from './job-log.js';
import { FOOTER } from './job-sections.js';
import { RateLimiter } from './limits.js';
import {
  CHECK_NAME,
  COMMAND,
  type CiJobItem,
  type CommandItem,
  type FeedbackItem,
  type NewIssueItem,
  type WorkItem,
} from './route.js';
import { COMMENT_MARKER } from './sticky-comment.js';
import type { GitHubClient, RepoRef } from './types.js';

export interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

interface Write {
  target: CommentTarget;
  edit: CommentEdit;
}

/** What a plan records in the failure store (the repository's history and the readers' votes). */
export interface HistoryWrite {
  scope: RepoScope;
  failure?: FailureEvent;
  pass?: PassEvent;
  shown?: ShownResult;
  votes?: Array<{ vote: Vote; helped: boolean }>;
}

type PlanBody =
  | { kind: 'nothing'; reason: string }
  | { kind: 'record'; what: string }
  | { kind: 'comment'; writes: Write[]; reactTo?: number; what: string }
  | { kind: 'check-run'; headSha: string; externalId: string; title: string; summary: string; what: string }
  | { kind: 'dry-run'; would: Exclude<PlanBody, { kind: 'nothing' } | { kind: 'dry-run' } | { kind: 'record' }> };

/** What to do on GitHub, and what to record in the history store (`history`), decided before anything is done. */
export type Plan = PlanBody & { history?: HistoryWrite };

/** The plan in words, for logs and tests. */
export function describePlan(p: PlanBody): string {
  if (p.kind === 'nothing') return `nothing: ${p.reason}`;
  if (p.kind === 'record') return p.what;
  if (p.kind === 'dry-run') return `dry run: would ${describePlan(p.would)}`;
  return p.what;
}

export interface ProcessorOptions {
  engine: () => Promise<Engine>;
  writer: CommentWriter;
  pacer: WritePacer;
  appId?: number;
  log: Log;
  commandLimits?: { perUser: number; perRepo: number; windowMs: number };
  configTtlMs?: number;
  onOutcome?: (outcome: 'posted' | 'quiet' | 'dry-run', item: WorkItem) => void;
  /** The repository history and votes (null: none kept). */
  history?: FailureStore | null;
  /** The clock the history uses (tests move it). */
  now?: () => number;
}

export class Processor {
  private enginePromise: Promise<Engine> | null = null;
  private readonly cache = new LRUCache<string, SearchResult>({ max: 500, ttl: 3600_000 });
  private readonly configs: LRUCache<string, Promise<{ config: Config } | { error: ConfigError }>>;
  private readonly perUser: RateLimiter;
  private readonly perRepo: RateLimiter;

  constructor(private readonly o: ProcessorOptions) {
    const limits = o.commandLimits ?? { perUser: 10, perRepo: 60, windowMs: 3600_000 };
    this.perUser = new RateLimiter(limits.perUser, limits.windowMs);
    this.perRepo = new RateLimiter(limits.perRepo, limits.windowMs);
    this.configs = new LRUCache({ max: 5000, ttl: o.configTtlMs ?? 60_000 });
  }

  /** The engine, opened once; a failed open is not cached (the next job tries again: an index built later is picked up). */
  engine(): Promise<Engine> {
    if (!this.enginePromise) {
      const p = this.o.engine();
      this.enginePromise = p;
      p.catch(() => {
        if (this.enginePromise === p) this.enginePromise = null;
      });
    }
    return this.enginePromise;
  }

  async ready(): Promise<boolean> {
    try {
      await this.engine();
      return true;
    } catch {
      return false;
    }
  }

  async run(item: WorkItem, octokit: GitHubClient): Promise<Plan> {
    const plan = await this.plan(item, octokit);
    await this.apply(plan, item, octokit);
    return plan;
  }

  async plan(item: WorkItem, octokit: GitHubClient): Promise<Plan> {
    if (item.type === 'ci-job') return this.planJob(item, octokit);
    if (item.type === 'command') return this.planCommand(item, octokit);
    if (item.type === 'feedback') return this.planFeedback(item, octokit);
    return this.planNewIssue(item, octokit);
  }

  async apply(plan: Plan, item: WorkItem, octokit: GitHubClient): Promise<void> {
    const log = { delivery: item.delivery, event: item.event, plan: describePlan(plan) };
    if (plan.history) await this.record(plan.history, log);
    if (plan.kind === 'record') {
      this.o.log.info(log, plan.what);
      this.o.onOutcome?.('quiet', item);
      return;
    }
    if (plan.kind === 'nothing') {
      this.o.log.info(log, describePlan(plan));
      this.o.onOutcome?.('quiet', item);
      return;
    }
    if (plan.kind === 'dry-run') {
      const w = plan.would;
      const bodies = w.kind === 'comment' ? w.writes.map((x) => editText(x.edit)) : [w.summary];
      for (const body of bodies) this.o.log.info({ ...log, body }, `dry run: would post (${w.what})`);
      this.o.onOutcome?.('dry-run', item);
      return;
    }
    if (plan.kind === 'check-run') {
      const existing = await octokit.rest.checks.listForRef({ ...item.ref, ref: plan.headSha, check_name: CHECK_NAME });
      if (existing.data.check_runs.some((c) => c.external_id === plan.externalId)) {
        this.o.log.info(log, 'check run already there');
        return;
      }
      await this.o.pacer.take(item.installationId);
      await octokit.rest.checks.create({
        ...item.ref,
        name: CHECK_NAME,
        head_sha: plan.headSha,
        external_id: plan.externalId,
        status: 'completed',
        conclusion: 'neutral',
        output: { title: plan.title.slice(0, 250), summary: plan.summary.slice(0, 65_000) },
        request: { retries: 0 },
      });
      this.o.log.info(log, plan.what);
      this.o.onOutcome?.('posted', item);
      return;
    }
    if (plan.reactTo !== undefined) {
      await octokit.rest.reactions
        .createForIssueComment({ ...item.ref, comment_id: plan.reactTo, content: 'eyes' })
        .catch((err: unknown) => this.o.log.warn({ ...log, err }, 'reaction failed'));
    }
    for (const w of plan.writes) {
      const outcome = await this.o.writer.write(octokit, item.installationId, w.target, w.edit);
      this.o.log.info({ ...log, issue: w.target.issue, outcome }, plan.what);
    }
    this.o.onOutcome?.('posted', item);
  }

  /**
   * Writes a plan's history before its GitHub writes (a retried job finds its own failure by job id and
   * leaves it out of its line). A store that fails is logged: the answer is still posted.
   */
  private async record(h: HistoryWrite, log: object): Promise<void> {
    const store = this.o.history;
    if (!store) return;
    try {
      if (h.failure) await store.recordFailure(h.scope, h.failure);
      if (h.pass) await store.recordPass(h.scope, h.pass);
      if (h.shown) await store.recordShown(h.scope, h.shown);
      for (const v of h.votes ?? []) await store.setVote(h.scope, v.vote, v.helped);
    } catch (err) {
      this.o.log.warn({ ...log, err }, `history not recorded: ${(err as Error).message}`);
    }
  }

  /** A history store that does not answer costs the line, never the answer. */
  private historyUnavailable(item: WorkItem, err: unknown): StoredFailure[] {
    this.o.log.warn({ delivery: item.delivery, err }, `history not read: ${(err as Error).message}`);
    return [];
  }

  private now(): number {
    return (this.o.now ?? Date.now)();
  }

  /** The history line of a failing job and what to record, or null (history off, or no specific failure to key on). */
  private async failureHistory(
    job: CiJobItem,
    jobKey: string,
    result: SearchResult,
    prs: number[],
    config: Config,
  ): Promise<{ line: string; write: HistoryWrite } | null> {
    const store = this.o.history;
    const hk = historyKey(result.failures);
    if (!store || !config.history || !hk) return null;
    const scope = scopeOf(job);
    const now = this.now();
    const pr = prs[0] ?? null;
    const branch = job.branch ?? null;
    let past: StoredFailure[];
    try {
      past = await store.failures(scope, { job: jobKey, key: hk.key, since: now - config.historyDays * DAY_MS });
    } catch (err) {
      this.historyUnavailable(job, err);
      return null;
    }
    const line = historyLine({
      now,
      days: config.historyDays,
      defaultBranch: job.defaultBranch ?? 'main',
      repoUrl: `https://github.com/${scope.repo}`,
      current: { jobId: job.jobId, sha: job.headSha, branch, pr },
      past,
    });
    const failure: FailureEvent = {
      jobId: job.jobId,
      job: jobKey,
      key: hk.key,
      errorType: hk.errorType,
      template: hk.template,
      message: scrubSecrets(hk.message).slice(0, 1000),
      sha: job.headSha,
      branch,
      pr,
      url: job.htmlUrl,
      at: now,
    };
    return { line, write: { scope, failure } };
  }

  private async planFeedback(f: FeedbackItem, octokit: GitHubClient): Promise<Plan> {
    if (!this.o.history) return { kind: 'nothing', reason: 'no history store: votes are not kept' };
    if (!f.user) return { kind: 'nothing', reason: 'a vote without a user' };
    let config: Config;
    try {
      config = await this.loadConfig(octokit, f.ref);
    } catch (err) {
      if (err instanceof ConfigError) return { kind: 'nothing', reason: err.message };
      throw err;
    }
    if (!config.feedback) return { kind: 'nothing', reason: 'feedback is off' };
    const at = this.now();
    return {
      kind: 'record',
      what: `record ${f.changes.length} vote change${f.changes.length === 1 ? '' : 's'} by ${f.user} on #${f.issueNumber}`,
      history: {
        scope: scopeOf(f),
        votes: f.changes.map((c) => ({
          vote: { resultId: c.resultId, threadId: c.threadId, user: f.user, at },
          helped: c.helped,
        })),
      },
    };
  }

  /** The repository's config, read once and cached for a minute (concurrent jobs share one read). */
  private async loadConfig(octokit: GitHubClient, ref: RepoRef): Promise<Config> {
    const key = `${ref.owner}/${ref.repo}`;
    let cached = this.configs.get(key);
    if (!cached) {
      const p = this.readConfig(octokit, ref);
      cached = p;
      this.configs.set(key, p);
      p.catch(() => {
        if (this.configs.get(key) === p) this.configs.delete(key);
      });
    }
    const r = await cached;
    if ('error' in r) throw r.error;
    return r.config;
  }

  private async readConfig(octokit: GitHubClient, ref: RepoRef): Promise<{ config: Config } | { error: ConfigError }> {
    try {
      const { config } = await (octokit as unknown as ConfigClient).config.get({
        ...ref,
        path: CONFIG_FILE,
        defaults: {},
      });
      return { config: parseConfig(config) };
    } catch (err) {
      if (err instanceof ConfigError) return { error: err };
      if (typeof (err as { status?: unknown }).status === 'number' || isNetwork(err)) throw err;
      return {
        error: new ConfigError(`${CONFIG_FILE}: not valid YAML (${String((err as Error).message).split('\n')[0]})`),
      };
    }
  }

  private async search(text: string, kind: InputKind, config: Config): Promise<SearchResult> {
    const top = config.maxResults;
    const minConfidence = config.minConfidence;
    const key = createHash('sha256').update(`${kind}\u0000${top}\u0000${minConfidence}\u0000${text}`).digest('hex');
    const hit = this.cache.get(key);
    if (hit) return hit;
    const result = await (await this.engine()).search(text, { kind, top, minConfidence });
    this.cache.set(key, result);
    return result;
  }

  private async mutedOn(octokit: GitHubClient, ref: RepoRef, issue: number, label: string): Promise<boolean> {
    const labels = await octokit.paginate(octokit.rest.issues.listLabelsOnIssue, {
      ...ref,
      issue_number: issue,
      per_page: 100,
    });
    return labels.some((l) => l.name === label);
  }

  private async planJob(job: CiJobItem, octokit: GitHubClient): Promise<Plan> {
    const { ref } = job;
    let config: Config;
    try {
      config = await this.loadConfig(octokit, ref);
    } catch (err) {
      if (!(err instanceof ConfigError) || job.conclusion === 'success') throw err;
      this.o.log.warn({ delivery: job.delivery }, err.message);
      const prs = await findPullRequests(octokit, ref, job.headSha, job.pullNumbers);
      const open: number[] = [];
      for (const pr of prs) if (!(await this.mutedOn(octokit, ref, pr, 'snippet-search:mute'))) open.push(pr);
      if (!open.length) return { kind: 'nothing', reason: `${err.message} (no unmuted PR to say so on)` };
      return {
        kind: 'comment',
        what: `comment the configuration error on PR ${open.join(', ')}`,
        writes: open.map((pr) => ({
          target: { ...ref, issue: pr, marker: COMMENT_MARKER },
          edit: { kind: 'replace', body: `${COMMENT_MARKER}\n${configErrorComment(err)}` },
        })),
      };
    }
    if (!config.triggers.failingChecks) return { kind: 'nothing', reason: 'triggers.failingChecks is off' };
    if (!nameAllowed(job.name, config.jobs)) return { kind: 'nothing', reason: `job ${job.name} is filtered out` };
    let workflow = job.workflow;
    if (workflow === null && job.fromActions) {
      const { data } = await octokit.rest.actions.getJobForWorkflowRun({ ...ref, job_id: job.jobId });
      workflow = data.workflow_name ?? null;
    }
    if (workflow !== null && !nameAllowed(workflow, config.workflows))
      return { kind: 'nothing', reason: `workflow ${workflow} is filtered out` };
    const key = workflow ? `${workflow} / ${job.name}` : job.name;
    const prs = await findPullRequests(octokit, ref, job.headSha, job.pullNumbers);

    if (job.conclusion === 'success') {
      let flaky = false;
      let history: HistoryWrite | undefined;
      if (this.o.history && config.history) {
        const scope = scopeOf(job);
        const at = this.now();
        const sameSha = await this.o.history
          .failures(scope, { job: key, sha: job.headSha, since: at - config.historyDays * DAY_MS })
          .catch((err: unknown) => this.historyUnavailable(job, err));
        flaky = sameSha.some((f) => f.jobId !== job.jobId && (f.recoveredSha === null || f.flaky));
        history = {
          scope,
          pass: { jobId: job.jobId, job: key, sha: job.headSha, branch: job.branch ?? null, at },
        };
      }
      const passing = await this.planPass(job, octokit, config, key, prs, flaky);
      return history ? { ...passing, history } : passing;
    }

    const text = job.fromActions
      ? await downloadJobLog(octokit, ref.owner, ref.repo, job.jobId)
      : job.checkRun
        ? await checkRunText(octokit, ref.owner, ref.repo, job.checkRun)
        : '';
    const result = await this.search(text, 'log', config);
    const verdict = judgeResult(result, config);
    const hist = await this.failureHistory(job, key, result, prs, config);
    if (!verdict.answer) return { kind: 'nothing', reason: verdict.reason, history: hist?.write };
    const scope = scopeOf(job);
    const resultId = createHash('sha256')
      .update(`${scope.installationId}\u0000${scope.repo}\u0000${key}\u0000${result.query.text}`)
      .digest('hex')
      .slice(0, 12);
    const hits = verdict.result.results.slice(0, config.maxResults);
    // Votes are asked for where they can be read back: a PR comment, with a store to keep them.
    const askVotes = config.feedback && Boolean(this.o.history) && prs.length > 0;
    const section = {
      key,
      body: resultToMarkdown(verdict.result, {
        heading: key,
        headingUrl: job.htmlUrl ?? undefined,
        maxResults: config.maxResults,
        note: hist?.line,
        votes: askVotes ? { resultId } : undefined,
      }),
    };
    const history: HistoryWrite | undefined = askVotes
      ? {
          ...(hist?.write ?? { scope }),
          shown: {
            resultId,
            query: scrubSecrets(result.query.text).slice(0, 4000),
            threads: hits.map((h) => h.id),
            private: job.private === true,
            at: this.now(),
          },
        }
      : hist?.write;
    const plan = await this.planFailure(job, octokit, config, key, prs, section);
    return history ? { ...plan, history } : plan;
  }

  private async planPass(
    job: CiJobItem,
    octokit: GitHubClient,
    config: Config,
    key: string,
    prs: number[],
    flaky: boolean,
  ): Promise<Plan> {
    const { ref } = job;
    const known: number[] = [];
    for (const pr of prs) if ((await this.o.writer.hasSection(ref, pr, [key, job.name])).some(Boolean)) known.push(pr);
    if (!known.length) return { kind: 'nothing', reason: `passing job ${key}: no section of ours to mark fixed` };
    const open: number[] = [];
    for (const pr of known) if (!(await this.mutedOn(octokit, ref, pr, config.muteLabel))) open.push(pr);
    if (!open.length) return { kind: 'nothing', reason: 'muted' };
    const plan: Plan = {
      kind: 'comment',
      what: `mark section ${key} fixed on PR ${open.join(', ')}`,
      writes: open.map((pr) => ({
        target: { ...ref, issue: pr, marker: COMMENT_MARKER },
        edit: { kind: 'fixed', keys: [key, job.name], sha: job.headSha, flaky },
      })),
    };
    return config.dryRun ? { kind: 'dry-run', would: plan } : plan;
  }

  private async planFailure(
    job: CiJobItem,
    octokit: GitHubClient,
    config: Config,
    key: string,
    prs: number[],
    section: { key: string; body: string },
  ): Promise<Plan> {
    const { ref } = job;
    let plan: PlanBody;
    if (prs.length === 0) {
      plan = {
        kind: 'check-run',
        what: `create check run ${CHECK_NAME} on ${job.headSha.slice(0, 7)} for ${key}`,
        headSha: job.headSha,
        externalId: `job-${job.jobId}`,
        title: `StackOverflow threads for ${key}`,
        summary: `${section.body}\n\n---\n${ATTRIBUTION}`,
      };
    } else {
      const open: number[] = [];
      for (const pr of prs) if (!(await this.mutedOn(octokit, ref, pr, config.muteLabel))) open.push(pr);
      if (!open.length) return { kind: 'nothing', reason: 'muted' };
      plan = {
        kind: 'comment',
        what: `comment section ${key} on PR ${open.join(', ')}`,
        writes: open.map((pr) => ({
          target: { ...ref, issue: pr, marker: COMMENT_MARKER },
          edit: { kind: 'section', section, alsoReplaces: [job.name] },
        })),
      };
    }
    return config.dryRun ? { kind: 'dry-run', would: plan } : plan;
  }

  private async planCommand(c: CommandItem, octokit: GitHubClient): Promise<Plan> {
    const { ref } = c;
    const repoKey = `${ref.owner}/${ref.repo}`;
    if (!this.perRepo.take(repoKey) || !this.perUser.take(`${repoKey}@${c.user}`))
      return { kind: 'nothing', reason: `/snippet-search rate limit reached for ${c.user} in ${repoKey}` };
    const marker = `<!-- snippet-search:reply ${c.commentId} -->`;
    const target: CommentTarget = { ...ref, issue: c.issueNumber, marker };
    let config: Config;
    try {
      config = await this.loadConfig(octokit, ref);
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      this.o.log.warn({ delivery: c.delivery }, err.message);
      if (c.labels.includes('snippet-search:mute')) return { kind: 'nothing', reason: 'muted' };
      return {
        kind: 'comment',
        what: `reply with the configuration error on #${c.issueNumber}`,
        writes: [{ target, edit: { kind: 'replace', body: `${marker}\n${configErrorComment(err)}` } }],
      };
    }
    if (!config.triggers.command) return { kind: 'nothing', reason: 'triggers.command is off' };
    if (c.labels.includes(config.muteLabel)) return { kind: 'nothing', reason: 'muted' };
    const own = c.body.replace(COMMAND, '').trim();
    const quoted = own
      .split('\n')
      .filter((l) => l.startsWith('>'))
      .map((l) => l.replace(/^> ?/, ''))
      .join('\n');
    let result = await this.search(own, 'comment', config);
    if (result.failures.length === 0 && quoted) result = await this.search(quoted, 'comment', config);
    if (result.failures.length === 0 && own.replace(/^>.*$/gm, '').trim().length < 40 && c.issueBody)
      result = await this.search(c.issueBody, 'comment', config);
    // Asked by a person, the App answers even when unsure, but says so instead of listing threads.
    const body =
      result.results.length === 0
        ? `🔎 I found no error or traceback to search for in this comment${c.issueBody ? ' or the issue' : ''}. Paste the traceback (in a code block) after \`/snippet-search\`.`
        : result.confident === false
          ? `🔎 No confident match for \`${oneLine(result.query.errorLine || result.failures[0]?.errorType || 'this text')}\`: ${result.reason ?? `the StackOverflow threads I found do not speak of this error (confidence ${result.confidence ?? 0})`}.`
          : `🔎 **StackOverflow threads that match**\n\n${resultToMarkdown(result, { maxResults: config.maxResults })}\n\n---\n<sub>${ATTRIBUTION}</sub>`;
    const plan: Plan = {
      kind: 'comment',
      what: `reply to comment ${c.commentId} on #${c.issueNumber}`,
      reactTo: c.commentId,
      writes: [{ target, edit: { kind: 'replace', body: `${marker}\n${body}` } }],
    };
    return config.dryRun ? { kind: 'dry-run', would: plan } : plan;
  }

  private async planNewIssue(i: NewIssueItem, octokit: GitHubClient): Promise<Plan> {
    const config = await this.loadConfig(octokit, i.ref);
    if (!config.triggers.newIssues) return { kind: 'nothing', reason: 'triggers.newIssues is off' };
    if (!i.body) return { kind: 'nothing', reason: 'empty issue' };
    if (i.labels.includes(config.muteLabel)) return { kind: 'nothing', reason: 'muted' };
    const verdict = judgeResult(await this.search(`${i.title}\n\n${i.body}`, 'comment', config), config);
    if (!verdict.answer) return { kind: 'nothing', reason: verdict.reason };
    const body = `🔎 **StackOverflow threads that may fix this**\n\n${resultToMarkdown(verdict.result, { maxResults: config.maxResults })}\n\n---\n<sub>${ATTRIBUTION} ${FOOTER}</sub>`;
    const plan: Plan = {
      kind: 'comment',
      what: `answer new issue #${i.issueNumber}`,
      writes: [{ target: { ...i.ref, issue: i.issueNumber, marker: COMMENT_MARKER }, edit: { kind: 'replace', body } }],
    };
    return config.dryRun ? { kind: 'dry-run', would: plan } : plan;
  }
}

interface ConfigClient {
  config: {
    get(o: { owner: string; repo: string; path: string; defaults: object }): Promise<{ config: unknown }>;
  };
}

function scopeOf(item: { installationId: number; ref: RepoRef }): RepoScope {
  return { installationId: item.installationId, repo: `${item.ref.owner}/${item.ref.repo}` };
}

function isNetwork(err: unknown): boolean {
  const name = (err as { name?: unknown }).name;
  return name === 'TimeoutError' || name === 'AbortError' || typeof (err as { code?: unknown }).code === 'string';
}

function editText(e: CommentEdit): string {
  if (e.kind === 'section') return e.section.body;
  if (e.kind === 'replace') return e.body;
  return `mark ${e.keys[0]} fixed`;
}

export function configErrorComment(err: ConfigError): string {
  return `⚠️ **snippet-search could not use its configuration.** ${err.message}\n\nFix the file (see the README's configuration section); until then nothing is answered here.`;
}

/** A text as one short line for a sentence, with no backticks to break its code span. */
function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').replace(/`/g, "'").trim();
  return line.length > 120 ? `${line.slice(0, 117)}…` : line;
}
