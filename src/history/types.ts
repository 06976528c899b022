/**
 * The repository's own failure history and the readers' votes, behind one interface with two
 * implementations: SQLite for one process (sqlite-store.ts), Redis when several workers share it
 * (redis-store.ts). Every read and write is scoped to one repository of one installation: nothing
 * recorded for one repository can be read back for another.
 */

/** One repository of one installation: the only scope history is ever read or written in. */
export interface RepoScope {
  installationId: number;
  /** `owner/repo`. */
  repo: string;
}

/** A failing job as recorded: the template and the scrubbed message, never the log. */
export interface FailureEvent {
  /** The CI job id (a re-run is a new job id): recording the same job twice keeps one row. */
  jobId: number;
  /** `workflow / job` (or the job name alone): what matching is by, with the template key. */
  job: string;
  /** `errorType: template` of the primary failure (see history-key.ts). */
  key: string;
  errorType: string;
  template: string;
  /** The error message with secrets masked (scrub-secrets.ts). */
  message: string;
  sha: string;
  branch: string | null;
  /** The PR the job ran for, when it ran for one. */
  pr: number | null;
  /** The link to the job's log. */
  url: string | null;
  /** Epoch ms. */
  at: number;
}

/** A recorded failure with what happened to it later. */
export interface StoredFailure extends FailureEvent {
  /** The SHA at which the same job passed on the same branch later (null: not seen passing yet). */
  recoveredSha: string | null;
  /** The same job passed on a re-run of the same SHA: a flake. */
  flaky: boolean;
}

export interface PassEvent {
  jobId: number;
  job: string;
  sha: string;
  branch: string | null;
  at: number;
}

export interface PassOutcome {
  /** Failures of this job at this same SHA, now marked flaky. */
  flaky: number;
  /** Earlier failures of this job on this branch, now marked recovered at this SHA. */
  recovered: number;
}

export interface FailureQuery {
  job: string;
  /** Only this template key (omit: every template of the job). */
  key?: string;
  /** Only this SHA. */
  sha?: string;
  /** Epoch ms: nothing older. */
  since: number;
}

/** The answers we showed for one failure: what a vote is about. */
export interface ShownResult {
  /** Stable id of this result (hash of the scope and the query), named in the comment's hidden markers. */
  resultId: string;
  /** The query text the encoder saw (scrubbed): the training recipe's query. */
  query: string;
  /** The thread ids shown, in rank order. */
  threads: number[];
  /** The repository is private: its rows stay out of `feedback export` unless asked for. */
  private: boolean;
  at: number;
}

export interface Vote {
  resultId: string;
  threadId: number;
  /** The GitHub login that ticked the box. */
  user: string;
  at: number;
}

export interface FeedbackRow {
  repo: string;
  private: boolean;
  query: string;
  helped: number[];
  notHelped: number[];
}

export interface FailureStore {
  recordFailure(scope: RepoScope, f: FailureEvent): Promise<void>;
  /** A passing job: marks same-SHA failures flaky and earlier same-branch failures recovered. */
  recordPass(scope: RepoScope, p: PassEvent): Promise<PassOutcome>;
  failures(scope: RepoScope, q: FailureQuery): Promise<StoredFailure[]>;
  recordShown(scope: RepoScope, r: ShownResult): Promise<void>;
  /** Sets one user's vote on one thread of one result: idempotent (setting it twice is one vote). */
  setVote(scope: RepoScope, v: Vote, helped: boolean): Promise<'added' | 'removed' | 'unchanged'>;
  votes(scope: RepoScope, resultId: string): Promise<Vote[]>;
  /** Every result with at least one vote, as training rows (helped: voted threads; notHelped: the others shown). */
  feedback(o: { includePrivate: boolean }): Promise<FeedbackRow[]>;
  /** Deletes everything older than the retention; returns how many records went. */
  purge(now?: number): Promise<number>;
  /** Deletes every record of `owner/repo` (every installation); returns how many went. */
  forget(repo: string): Promise<number>;
  close(): Promise<void>;
}

export const DAY_MS = 24 * 3600_000;
export const DEFAULT_RETENTION_DAYS = 30;
