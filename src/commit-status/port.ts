/**
 * Commit statuses (issue 10): after `apply`, one status per cluster on the source commit
 * (`flotilla/<cluster>`), so a pipeline or a branch protection rule can wait on the rollout. One
 * context per cluster keeps each context far under the hosts' per-commit limits (GitHub takes
 * 1,000 statuses per commit and context). One adapter per host, over this port.
 */

/** The states Flotilla reports; each host maps them to its own words. */
export type CommitState = 'pending' | 'success' | 'failure' | 'error';

export interface CommitStatus {
  /** `flotilla/member1`: the check's name on the host. */
  context: string;
  state: CommitState;
  /** One short line; hosts cut long ones (GitHub takes 140 characters). */
  description: string;
  /** A link to the pipeline run, when known. */
  targetUrl?: string;
}

/** The git hosts with a commit status adapter. */
export type CommitStatusHost = 'github' | 'gitlab';

export interface CommitStatusReporter {
  readonly host: CommitStatusHost;
  /** Sets one status on `commit`; throws {@link CommitStatusFailedError} when the host refuses. */
  report(commit: string, status: CommitStatus): Promise<void>;
}
