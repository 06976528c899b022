/**
 * Webhook → work item, without side effects: what an event asks of us, its de-duplication key, or
 * why it is ignored. The item is plain JSON (it travels through Redis in queue mode) and carries
 * only what the work needs, not the whole payload.
 */
import { diffVoteBoxes, type VoteChange } from './vote-boxes.js';
import { COMMENT_MARKER, isOurComment, type OurIdentity } from './sticky-comment.js';
import type { RepoRef } from './types.js';

export const CHECK_NAME = 'snippet-search';
export const COMMAND = /^[ \t]*\/snippet-search\b/m;

interface Base {
  /** X-GitHub-Delivery of the delivery that created the item. */
  delivery: string;
  event: string;
  installationId: number;
  ref: RepoRef;
}

export interface CiJobItem extends Base {
  type: 'ci-job';
  jobId: number;
  name: string;
  workflow: string | null;
  headSha: string;
  conclusion: 'failure' | 'success';
  htmlUrl: string | null;
  fromActions: boolean;
  pullNumbers: number[];
  /** The branch the job ran on, the repository's default branch, and whether it is private (history). */
  branch?: string | null;
  defaultBranch?: string | null;
  private?: boolean;
  checkRun?: { id: number; output: { title?: string | null; summary?: string | null; text?: string | null } | null };
}

export interface CommandItem extends Base {
  type: 'command';
  commentId: number;
  body: string;
  user: string;
  issueNumber: number;
  issueBody: string | null;
  labels: string[];
}

export interface NewIssueItem extends Base {
  type: 'new-issue';
  issueNumber: number;
  title: string;
  body: string;
  labels: string[];
}

/** Someone ticked or unticked "helped" boxes in our CI comment (`issue_comment.edited`). */
export interface FeedbackItem extends Base {
  type: 'feedback';
  commentId: number;
  issueNumber: number;
  /** Who edited the comment: the votes are theirs. */
  user: string;
  changes: VoteChange[];
}

export type WorkItem = CiJobItem | CommandItem | NewIssueItem | FeedbackItem;

export type Route = { kind: 'ignore'; reason: string } | { kind: 'work'; key: string; item: WorkItem };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- payloads are free-form JSON
type Json = Record<string, any>;

const ignore = (reason: string): Route => ({ kind: 'ignore', reason });

function repoOf(p: Json): RepoRef | null {
  const owner = p.repository?.owner?.login;
  const repo = p.repository?.name;
  return typeof owner === 'string' && typeof repo === 'string' ? { owner, repo } : null;
}

function labelNames(labels: unknown): string[] {
  if (!Array.isArray(labels)) return [];
  return labels.map((l: unknown) => (typeof l === 'string' ? l : String((l as { name?: unknown })?.name ?? '')));
}

/** A key that is safe as a BullMQ job id (no `:`) and names the work, not the delivery, where they differ. */
function key(...parts: Array<string | number>): string {
  return parts.map((p) => String(p).replaceAll(':', '%3A')).join('|');
}

/**
 * Routes one delivery. Failing and passing CI jobs are keyed by job id (check_run and workflow_job of one
 * job, and redeliveries, are one piece of work); commands and new issues by delivery id.
 */
export function routeEvent(delivery: string, name: string, payload: Json, ourAppId?: number, ourLogin?: string): Route {
  const action = payload?.action;
  const ref = repoOf(payload ?? {});
  const installationId = payload?.installation?.id;
  if (name === 'ping') return ignore('ping');
  if (!ref) return ignore(`${name} without repository`);
  if (typeof installationId !== 'number') return ignore(`${name} without installation`);
  const base = { delivery, event: `${name}.${String(action)}`, installationId, ref };
  const repoKey = `${ref.owner}/${ref.repo}`;
  if (name === 'check_run' || name === 'workflow_job') {
    if (action !== 'completed') return ignore(`${name}.${String(action)}`);
    const run = name === 'check_run' ? payload.check_run : payload.workflow_job;
    if (!run || typeof run.id !== 'number' || typeof run.name !== 'string')
      return ignore(`${name} without ${name === 'check_run' ? 'check_run' : 'workflow_job'}`);
    if (name === 'check_run' && (run.name === CHECK_NAME || (ourAppId !== undefined && run.app?.id === ourAppId)))
      return ignore('our own check run');
    const c = run.conclusion;
    const conclusion = c === 'success' ? 'success' : c === 'failure' || c === 'timed_out' ? 'failure' : null;
    if (!conclusion) return ignore(`conclusion ${String(c)}`);
    const fromActions = name === 'workflow_job' || run.app?.slug === 'github-actions';
    const item: CiJobItem = {
      ...base,
      type: 'ci-job',
      jobId: run.id,
      name: run.name,
      workflow: name === 'workflow_job' ? (run.workflow_name ?? null) : null,
      headSha: String(run.head_sha ?? ''),
      conclusion,
      htmlUrl: run.html_url ?? null,
      fromActions,
      pullNumbers: name === 'check_run' ? (run.pull_requests ?? []).map((p: Json) => Number(p.number)) : [],
      branch: (name === 'check_run' ? run.check_suite?.head_branch : run.head_branch) ?? null,
      defaultBranch: payload.repository?.default_branch ?? null,
      private: payload.repository?.private === true,
    };
    if (name === 'check_run' && !fromActions) item.checkRun = { id: run.id, output: run.output ?? null };
    return { kind: 'work', key: key('job', repoKey, run.id, conclusion === 'success' ? 'pass' : 'fail'), item };
  }
  if (name === 'issue_comment') {
    if (action !== 'created' && action !== 'edited') return ignore(`issue_comment.${String(action)}`);
    const { comment, issue, sender } = payload;
    if (!comment || !issue) return ignore('issue_comment without comment or issue');
    const who: OurIdentity = { appId: ourAppId, login: ourLogin };
    if (action === 'edited' && isOurComment(comment, COMMENT_MARKER, who)) {
      if (sender?.type === 'Bot') return ignore('our comment edited by a bot');
      const from = payload.changes?.body?.from;
      if (typeof from !== 'string') return ignore('our comment edited without the previous body');
      const changes = diffVoteBoxes(from, String(comment.body ?? ''));
      if (!changes.length) return ignore('our comment edited: no vote box changed');
      const item: FeedbackItem = {
        ...base,
        type: 'feedback',
        commentId: comment.id,
        issueNumber: issue.number,
        user: String(sender?.login ?? ''),
        changes,
      };
      return { kind: 'work', key: key('delivery', delivery), item };
    }
    if (comment.user?.type === 'Bot' || sender?.type === 'Bot') return ignore('comment by a bot');
    if (!COMMAND.test(comment.body ?? '')) return ignore('no /snippet-search command');
    const item: CommandItem = {
      ...base,
      type: 'command',
      commentId: comment.id,
      body: comment.body ?? '',
      user: String(comment.user?.login ?? ''),
      issueNumber: issue.number,
      issueBody: issue.body ?? null,
      labels: labelNames(issue.labels),
    };
    return { kind: 'work', key: key('delivery', delivery), item };
  }
  if (name === 'issues') {
    if (action !== 'opened') return ignore(`issues.${String(action)}`);
    const { issue, sender } = payload;
    if (!issue) return ignore('issues without issue');
    if (sender?.type === 'Bot' || issue.user?.type === 'Bot') return ignore('issue by a bot');
    const item: NewIssueItem = {
      ...base,
      type: 'new-issue',
      issueNumber: issue.number,
      title: String(issue.title ?? ''),
      body: String(issue.body ?? ''),
      labels: labelNames(issue.labels),
    };
    return { kind: 'work', key: key('issue', repoKey, issue.number), item };
  }
  return ignore(`event ${name}`);
}
