import { Flags } from '@oclif/core';
import { clusterFailed } from '../apply/index.ts';
import type { ClusterApplyResult } from '../apply/index.ts';
import { reporterFromEnvironment, RolloutStatuses } from '../commit-status/index.ts';
import type { ClusterOutcome, CommitStatusHost } from '../commit-status/index.ts';
import { readSnapshot } from '../source/index.ts';
import type { OpenSourceOptions } from '../source/index.ts';
import { painter } from './color.ts';
import { clusterSummary } from './output/apply-progress.ts';

/** `apply --commit-status`: a status per cluster on the source commit (tokens come from the environment only). */
export const commitStatusFlags = {
  'commit-status': Flags.option({
    description:
      'after applying, set a commit status per cluster (flotilla/<cluster>: pending, then success or failure) on the source commit; token from GITHUB_TOKEN or GITLAB_TOKEN',
    options: ['github', 'gitlab'] as const,
  })(),
  'commit-status-url': Flags.string({
    description:
      'API base URL for --commit-status (GitHub Enterprise Server: https://HOST/api/v3; self-managed GitLab: https://HOST/api/v4); default: FLOTILLA_COMMIT_STATUS_URL, else GITHUB_API_URL or CI_API_V4_URL, else the public host',
  }),
  'commit-status-repo': Flags.string({
    description:
      'the repository the statuses go to: owner/repo on GitHub (default GITHUB_REPOSITORY), the project id or path on GitLab (default CI_PROJECT_ID)',
  }),
  'commit-status-context': Flags.string({
    description: 'prefix of the status contexts (one per cluster: PREFIX/<cluster>)',
    default: 'flotilla',
  }),
};

interface CommitStatusFlagValues {
  'commit-status'?: CommitStatusHost | undefined;
  'commit-status-url'?: string | undefined;
  'commit-status-repo'?: string | undefined;
  'commit-status-context': string;
}

export interface Rollout {
  /** The source to apply: pinned to the commit the statuses are set on. */
  source: OpenSourceOptions;
  statuses?: RolloutStatuses;
}

/**
 * Without `--commit-status`, the source as it is. With it, the reporter (a missing token or
 * repository throws before anything is applied) and the source pinned to its commit, so the
 * statuses land on the commit that was applied even if the ref moves meanwhile.
 */
export async function startRollout(
  flags: CommitStatusFlagValues,
  source: OpenSourceOptions,
  commit?: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Rollout> {
  const host = flags['commit-status'];
  if (host === undefined) return { source };
  const configured = reporterFromEnvironment(
    {
      host,
      ...(flags['commit-status-url'] ? { apiUrl: flags['commit-status-url'] } : {}),
      ...(flags['commit-status-repo'] ? { repository: flags['commit-status-repo'] } : {}),
    },
    env,
  );
  const pinned = commit ?? (await readSnapshot(source)).commit;
  return {
    source: { ...source, ref: pinned },
    statuses: new RolloutStatuses(configured, pinned, flags['commit-status-context']),
  };
}

const plain = painter(true);

/** Each cluster's status: failure when anything failed or conflicted there, with the apply summary. */
export function rolloutOutcomes(results: readonly ClusterApplyResult[]): ClusterOutcome[] {
  return results.map((r) => ({
    cluster: r.cluster,
    state: clusterFailed(r) ? 'failure' : 'success',
    description: clusterSummary(r, plain),
  }));
}
