import type { GitHubClient, RepoRef } from './types.js';

/**
 * Open PRs whose head is `sha`: the numbers the event carries, else the commit's associated PRs, else
 * (fork PRs, where both come back empty) the open PRs whose head SHA matches.
 */
export async function findPullRequests(
  octokit: GitHubClient,
  ref: RepoRef,
  sha: string,
  fromEvent: number[],
): Promise<number[]> {
  if (fromEvent.length) return [...new Set(fromEvent)];
  const associated = await octokit.rest.repos.listPullRequestsAssociatedWithCommit({ ...ref, commit_sha: sha });
  const open = associated.data.filter((p) => p.state === 'open').map((p) => p.number);
  if (open.length) return open;
  const pulls = await octokit.paginate(octokit.rest.pulls.list, { ...ref, state: 'open', per_page: 100 });
  return pulls.filter((p) => p.head.sha === sha).map((p) => p.number);
}
