/**
 * Every write to a comment goes through here. Writes to one comment are serialized (a lock per
 * comment target) and coalesced: a job adds its edit to the target's pending list; whoever holds the
 * lock reads the comment once, applies every pending edit and writes once. Each job waits for the
 * outcome of its own edit. A create (POST) is never retried blindly: after a failure the edits go back
 * to the pending list and the next writer lists the comments again, so a comment GitHub stored despite
 * the error is found and edited instead of posted twice.
 */
import { randomUUID } from 'node:crypto';
import type { Coordination, WritePacer } from './coordination.js';
import { describeGitHubError, isTransient } from './github-errors.js';
import { FOOTER, markFixed, parseSections, renderCiComment, upsertSection, type JobSection } from './job-sections.js';
import { COMMENT_MARKER, findOurComment, type OurIdentity } from './sticky-comment.js';
import type { GitHubClient, RepoRef } from './types.js';
import { carryTicks } from './vote-boxes.js';

export type CommentEdit =
  /** Add or replace a job's section of the CI comment. */
  | { kind: 'section'; section: JobSection; alsoReplaces?: string[] }
  /** Mark a job's section fixed, where there is one. */
  | { kind: 'fixed'; keys: string[]; sha: string; flaky?: boolean }
  /** Replace the whole comment (command replies, new-issue answers, config errors). */
  | { kind: 'replace'; body: string };

export interface CommentTarget extends RepoRef {
  issue: number;
  /** The hidden marker of the comment (the CI comment's, or a reply's). */
  marker: string;
}

export type WriteOutcome = 'created' | 'updated' | 'unchanged' | 'skipped';

export interface CommentWriterOptions {
  store: Coordination;
  pacer: WritePacer;
  who: OurIdentity;
  lockTtlMs?: number;
  pollMs?: number;
  /** How long a job waits for its edit to be written before giving up (the job is then retried). */
  waitMs?: number;
  /** Before the pending edits are read: lets concurrent jobs of one PR join the same write. */
  gatherMs?: number;
  onWrite?: (kind: 'created' | 'updated', target: CommentTarget) => void;
}

interface Pending {
  token: string;
  edit: CommentEdit;
}

export class CoalesceTimeout extends Error {
  override name = 'CoalesceTimeout';
  code = 'ETIMEDOUT';
}

const targetKey = (t: CommentTarget) => `${t.owner}/${t.repo}#${t.issue}@${t.marker}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class CommentWriter {
  private readonly lockTtlMs: number;
  private readonly pollMs: number;
  private readonly waitMs: number;
  private readonly gatherMs: number;
  private readonly owner = randomUUID();

  constructor(private readonly opts: CommentWriterOptions) {
    this.lockTtlMs = opts.lockTtlMs ?? 30_000;
    this.pollMs = opts.pollMs ?? 50;
    this.waitMs = opts.waitMs ?? 180_000;
    this.gatherMs = opts.gatherMs ?? 0;
  }

  /** Whether we wrote a section with this key into the CI comment of this PR (recently). */
  hasSection(ref: RepoRef, issue: number, keys: string[]): Promise<boolean[]> {
    return Promise.all(keys.map((k) => this.opts.store.isMember(`sections:${ref.owner}/${ref.repo}#${issue}`, k)));
  }

  /** Queues one edit for a comment and resolves when it is written (or rejects with why it was not). */
  async write(
    octokit: GitHubClient,
    installationId: number,
    target: CommentTarget,
    edit: CommentEdit,
  ): Promise<WriteOutcome> {
    const { store } = this.opts;
    const key = targetKey(target);
    const token = randomUUID();
    await store.push(key, JSON.stringify({ token, edit } satisfies Pending));
    const deadline = Date.now() + this.waitMs;
    if (this.gatherMs) await sleep(this.gatherMs);
    for (;;) {
      const done = await store.outcome(token);
      if (done !== null) return parseOutcome(done);
      const lockOwner = `${this.owner}/${token}`;
      if (await store.tryLock(key, lockOwner, this.lockTtlMs)) {
        try {
          await this.flush(octokit, installationId, target, key, lockOwner);
        } finally {
          await store.unlock(key, lockOwner);
        }
        continue;
      }
      if (Date.now() > deadline) throw new CoalesceTimeout(`comment write on ${key} not done in ${this.waitMs} ms`);
      await sleep(this.pollMs);
    }
  }

  private async flush(
    octokit: GitHubClient,
    installationId: number,
    target: CommentTarget,
    key: string,
    lockOwner: string,
  ) {
    const { store } = this.opts;
    const raw = await store.takeAll(key);
    if (raw.length === 0) return;
    const pending = raw.map((r) => JSON.parse(r) as Pending);
    const tokens = pending.map((p) => p.token);
    const keepAlive = setInterval(() => void store.extendLock(key, lockOwner, this.lockTtlMs), this.lockTtlMs / 3);
    try {
      const outcome = await this.apply(
        octokit,
        installationId,
        target,
        pending.map((p) => p.edit),
      );
      await store.setOutcome(tokens, `ok:${outcome}`, 3600_000);
    } catch (err) {
      if (isTransient(err)) await store.putBack(key, raw);
      else await store.setOutcome(tokens, `error:${describeGitHubError(err)}`, 3600_000);
      throw err;
    } finally {
      clearInterval(keepAlive);
    }
  }

  private async apply(
    octokit: GitHubClient,
    installationId: number,
    t: CommentTarget,
    edits: CommentEdit[],
  ): Promise<WriteOutcome> {
    const ref = { owner: t.owner, repo: t.repo, issue_number: t.issue };
    const ours = await findOurComment(octokit, ref, t.marker, this.opts.who);
    let body: string | null = ours?.body ?? null;
    let sections = parseSections(body);
    let isCi = t.marker === COMMENT_MARKER && (body === null || sections.length > 0);
    for (const e of edits) {
      if (e.kind === 'replace') {
        body = e.body.includes(t.marker) ? e.body : `${t.marker}\n${e.body}`;
        sections = [];
        isCi = false;
      } else if (e.kind === 'section') {
        const previous = sections.find((s) => s.key === e.section.key || e.alsoReplaces?.includes(s.key));
        const replaced = sections.findIndex((s) => e.alsoReplaces?.includes(s.key) && s.key !== e.section.key);
        if (replaced >= 0) sections = sections.filter((_, i) => i !== replaced);
        // A re-rendered section keeps the readers' ticks on the threads it still shows.
        const section = previous ? { ...e.section, body: carryTicks(previous.body, e.section.body) } : e.section;
        sections = upsertSection(sections, section);
        isCi = true;
      } else if (isCi) {
        for (const k of e.keys) sections = markFixed(sections, k, e.sha, e.flaky);
      }
      if (isCi && sections.length) body = renderCiComment(sections, FOOTER);
    }
    if (body === null || (ours && ours.body === body)) return body === null ? 'skipped' : 'unchanged';
    await this.opts.pacer.take(installationId);
    if (ours) {
      await octokit.rest.issues.updateComment({ owner: t.owner, repo: t.repo, comment_id: ours.id, body });
    } else {
      await octokit.rest.issues.createComment({ ...ref, body, request: { retries: 0 } });
    }
    const setKey = `sections:${t.owner}/${t.repo}#${t.issue}`;
    for (const s of sections) await this.opts.store.addMember(setKey, s.key, 30 * 24 * 3600_000);
    this.opts.onWrite?.(ours ? 'updated' : 'created', t);
    return ours ? 'updated' : 'created';
  }
}

function parseOutcome(s: string): WriteOutcome {
  if (s.startsWith('ok:')) return s.slice(3) as WriteOutcome;
  throw new Error(s.replace(/^error:/, ''));
}
