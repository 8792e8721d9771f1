/**
 * Commit statuses after `apply`: configuration from the environment (tokens never come from
 * flags) and the per-cluster rollout reporting. See port.ts.
 */
import { CommitStatusConfigError, CommitStatusFailedError } from './errors/index.ts';
import { GitHubStatusReporter } from './github.ts';
import { GitLabStatusReporter } from './gitlab.ts';
import type { CommitState, CommitStatusHost, CommitStatusReporter } from './port.ts';

export type { CommitState, CommitStatus, CommitStatusHost, CommitStatusReporter } from './port.ts';
export * from './github.ts';
export * from './gitlab.ts';
export * from './errors/index.ts';

export interface CommitStatusSettings {
  host: CommitStatusHost;
  /** `--commit-status-url`: the API base (GitHub Enterprise Server, self-managed GitLab, tests). */
  apiUrl?: string;
  /** `--commit-status-repo`: GitHub's `owner/repo`, GitLab's project id or path. */
  repository?: string;
}

export interface ConfiguredReporter {
  reporter: CommitStatusReporter;
  /** A link to this pipeline run for the statuses, when the CI system says where it is. */
  targetUrl?: string;
}

type Env = Readonly<Record<string, string | undefined>>;

function need(host: string, value: string | undefined, what: string): string {
  if (value === undefined || value === '') throw new CommitStatusConfigError(host, what);
  return value;
}

/**
 * The reporter for `--commit-status`: the token from `GITHUB_TOKEN` / `GITLAB_TOKEN`; the API
 * base from the flag, else `FLOTILLA_COMMIT_STATUS_URL`, else what the CI system sets
 * (`GITHUB_API_URL`, `CI_API_V4_URL`), else the public host; the repository from the flag, else
 * `GITHUB_REPOSITORY` / `CI_PROJECT_ID`.
 */
export function reporterFromEnvironment(settings: CommitStatusSettings, env: Env): ConfiguredReporter {
  const apiOverride = settings.apiUrl ?? env['FLOTILLA_COMMIT_STATUS_URL'];
  if (settings.host === 'github') {
    const repository = need(
      'github',
      settings.repository ?? env['GITHUB_REPOSITORY'],
      'no repository: pass --commit-status-repo owner/repo or set GITHUB_REPOSITORY',
    );
    if (!/^[^/]+\/[^/]+$/.test(repository))
      throw new CommitStatusConfigError('github', `repository ${JSON.stringify(repository)} is not owner/repo`);
    const reporter = new GitHubStatusReporter({
      apiUrl: apiOverride ?? env['GITHUB_API_URL'] ?? 'https://api.github.com',
      repository,
      token: need(
        'github',
        env['GITHUB_TOKEN'],
        'no token: set GITHUB_TOKEN (a token allowed to write commit statuses)',
      ),
    });
    const run =
      env['GITHUB_SERVER_URL'] && env['GITHUB_RUN_ID'] && env['GITHUB_REPOSITORY']
        ? `${env['GITHUB_SERVER_URL']}/${env['GITHUB_REPOSITORY']}/actions/runs/${env['GITHUB_RUN_ID']}`
        : undefined;
    return { reporter, ...(run ? { targetUrl: run } : {}) };
  }
  const reporter = new GitLabStatusReporter({
    apiUrl: apiOverride ?? env['CI_API_V4_URL'] ?? 'https://gitlab.com/api/v4',
    project: need(
      'gitlab',
      settings.repository ?? env['CI_PROJECT_ID'],
      'no project: pass --commit-status-repo PROJECT (id or path) or set CI_PROJECT_ID',
    ),
    token: need('gitlab', env['GITLAB_TOKEN'], 'no token: set GITLAB_TOKEN (a token with the api scope)'),
  });
  const job = env['CI_JOB_URL'];
  return { reporter, ...(job ? { targetUrl: job } : {}) };
}

/** How one cluster's rollout ended, as its status says it. */
export interface ClusterOutcome {
  cluster: string;
  state: Exclude<CommitState, 'pending'>;
  description: string;
}

/**
 * One status per cluster on one commit: `pending` when the cluster's apply starts, then its
 * outcome. Reports run in the background while the apply goes on; {@link finish} waits for them
 * and returns what the host refused (a failed report never stops the rollout).
 */
export class RolloutStatuses {
  readonly #reporter: CommitStatusReporter;
  readonly #commit: string;
  readonly #prefix: string;
  readonly #targetUrl: string | undefined;
  readonly #inFlight: Promise<CommitStatusFailedError | undefined>[] = [];
  readonly #started = new Set<string>();

  constructor(configured: ConfiguredReporter, commit: string, prefix = 'flotilla') {
    this.#reporter = configured.reporter;
    this.#targetUrl = configured.targetUrl;
    this.#commit = commit;
    this.#prefix = prefix;
  }

  /** The status context of a cluster: `flotilla/member1`. */
  context(cluster: string): string {
    return `${this.#prefix}/${cluster}`;
  }

  #send(cluster: string, state: CommitState, description: string): Promise<CommitStatusFailedError | undefined> {
    const status = {
      context: this.context(cluster),
      state,
      description,
      ...(this.#targetUrl ? { targetUrl: this.#targetUrl } : {}),
    };
    return this.#reporter.report(this.#commit, status).then(
      () => undefined,
      (error: unknown) => {
        if (error instanceof CommitStatusFailedError) return error;
        return new CommitStatusFailedError(this.#reporter.host, status.context, (error as Error).message);
      },
    );
  }

  /** A cluster's apply has started. */
  started(cluster: string, objects: number): void {
    this.#started.add(cluster);
    this.#inFlight.push(this.#send(cluster, 'pending', `applying ${objects} object${objects === 1 ? '' : 's'}`));
  }

  /** Every cluster's outcome, after its pending status has landed; the refused reports. */
  async finish(outcomes: readonly ClusterOutcome[]): Promise<CommitStatusFailedError[]> {
    const early = await Promise.all(this.#inFlight.splice(0));
    const late = await Promise.all(outcomes.map((o) => this.#send(o.cluster, o.state, o.description)));
    return [...early, ...late].filter((e): e is CommitStatusFailedError => e !== undefined);
  }

  /** The pass broke off (it threw): every started cluster gets `error`. */
  async abort(message: string): Promise<CommitStatusFailedError[]> {
    return this.finish(
      [...this.#started].map((cluster) => ({
        cluster,
        state: 'error',
        description: `flotilla apply failed: ${message}`,
      })),
    );
  }
}
