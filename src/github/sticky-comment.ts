import type { GitHubClient, RepoRef } from './types.js';

/** The hidden marker that identifies our one comment on an issue or PR. */
export const COMMENT_MARKER = '<!-- snippet-search:comment -->';

export type StickyOutcome = 'created' | 'updated' | 'unchanged' | 'skipped';

/**
 * Creates our single marked comment on an issue/PR, or edits it in place; `render` gets the current
 * body (null when there is none) and returns the new one (null: leave it). Comments are paginated;
 * an edit that would change nothing is skipped.
 */
export async function upsertStickyComment(
  octokit: GitHubClient,
  ref: RepoRef & { issue_number: number },
  render: (current: string | null) => string | null,
  opts: { marker?: string; dryRun?: (body: string) => void } = {},
): Promise<StickyOutcome> {
  const marker = opts.marker ?? COMMENT_MARKER;
  const comments = await octokit.paginate(octokit.rest.issues.listComments, { ...ref, per_page: 100 });
  const ours = comments.find((c) => c.body?.includes(marker) && c.user?.type === 'Bot');
  const next = render(ours?.body ?? null);
  if (next === null) return 'skipped';
  const body = next.includes(marker) ? next : `${marker}\n${next}`;
  if (ours && ours.body === body) return 'unchanged';
  if (opts.dryRun) {
    opts.dryRun(body);
    return ours ? 'updated' : 'created';
  }
  if (ours) {
    await octokit.rest.issues.updateComment({ owner: ref.owner, repo: ref.repo, comment_id: ours.id, body });
    return 'updated';
  }
  await octokit.rest.issues.createComment({ ...ref, body });
  return 'created';
}
