import type { GitHubClient, RepoRef } from './types.js';

/** The hidden marker that identifies our one comment on an issue or PR. */
export const COMMENT_MARKER = '<!-- snippet-search:comment -->';

export type StickyOutcome = 'created' | 'updated' | 'unchanged' | 'skipped';

/**
 * Who "we" are on GitHub: the App's id (comments it writes carry `performed_via_github_app.id`) and/or
 * its bot login (`<slug>[bot]`; the Action writes as `github-actions[bot]`). A comment with our marker
 * by any other author (another App, the Action, a person quoting us) is not ours.
 */
export interface OurIdentity {
  appId?: number;
  login?: string;
}

export interface IssueComment {
  id: number;
  body?: string | null;
  user?: { type?: string; login?: string } | null;
  performed_via_github_app?: { id?: number } | null;
}

export function isOurComment(c: IssueComment, marker: string, who: OurIdentity): boolean {
  if (!c.body?.includes(marker) || c.user?.type !== 'Bot') return false;
  if (who.appId !== undefined && c.performed_via_github_app?.id === who.appId) return true;
  return who.login !== undefined && c.user?.login === who.login;
}

/** Our comment on an issue/PR, by identity and marker (comments are paginated). */
export async function findOurComment(
  octokit: GitHubClient,
  ref: RepoRef & { issue_number: number },
  marker: string,
  who: OurIdentity,
): Promise<IssueComment | null> {
  const comments = (await octokit.paginate(octokit.rest.issues.listComments, {
    ...ref,
    per_page: 100,
  })) as IssueComment[];
  return comments.find((c) => isOurComment(c, marker, who)) ?? null;
}

/**
 * Creates our single marked comment on an issue/PR, or edits it in place; `render` gets the current
 * body (null when there is none) and returns the new one (null: leave it). An edit that would change
 * nothing is skipped. The create is never retried by the HTTP layer: after a failed POST the caller
 * runs this again, which finds the comment if GitHub stored it after all.
 */
export async function upsertStickyComment(
  octokit: GitHubClient,
  ref: RepoRef & { issue_number: number },
  render: (current: string | null) => string | null,
  opts: { marker?: string; dryRun?: (body: string) => void; who: OurIdentity; beforeWrite?: () => Promise<void> },
): Promise<StickyOutcome> {
  const marker = opts.marker ?? COMMENT_MARKER;
  const ours = await findOurComment(octokit, ref, marker, opts.who);
  const next = render(ours?.body ?? null);
  if (next === null) return 'skipped';
  const body = next.includes(marker) ? next : `${marker}\n${next}`;
  if (ours && ours.body === body) return 'unchanged';
  if (opts.dryRun) {
    opts.dryRun(body);
    return ours ? 'updated' : 'created';
  }
  await opts.beforeWrite?.();
  if (ours) {
    await octokit.rest.issues.updateComment({ owner: ref.owner, repo: ref.repo, comment_id: ours.id, body });
    return 'updated';
  }
  await octokit.rest.issues.createComment({ ...ref, body, request: { retries: 0 } });
  return 'created';
}
