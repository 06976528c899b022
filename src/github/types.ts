import type { ProbotOctokit } from 'probot';

/** The authenticated client the handlers use (Probot's Octokit: REST methods, paginate, request). */
export type GitHubClient = InstanceType<typeof ProbotOctokit>;

export interface RepoRef {
  owner: string;
  repo: string;
}
