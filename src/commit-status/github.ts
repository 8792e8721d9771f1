/**
 * GitHub's commit status API: `POST {api}/repos/{owner}/{repo}/statuses/{sha}` with `state`,
 * `context`, `description`, `target_url`. The API base is https://api.github.com, or
 * `https://HOST/api/v3` on GitHub Enterprise Server ($GITHUB_API_URL in Actions).
 */
import { cutDescription, postJson } from './http.ts';
import type { PostOptions } from './http.ts';
import type { CommitStatus, CommitStatusReporter } from './port.ts';

export interface GitHubStatusOptions {
  apiUrl: string;
  /** `owner/repo`. */
  repository: string;
  token: string;
  http?: Omit<PostOptions, 'headers' | 'accept'>;
}

/** GitHub refuses a description over 140 characters. */
export const GITHUB_DESCRIPTION_MAX = 140;

export class GitHubStatusReporter implements CommitStatusReporter {
  readonly host = 'github';
  readonly #options: GitHubStatusOptions;

  constructor(options: GitHubStatusOptions) {
    this.#options = options;
  }

  async report(commit: string, status: CommitStatus): Promise<void> {
    const { apiUrl, repository, token } = this.#options;
    const url = `${apiUrl.replace(/\/+$/, '')}/repos/${repository.split('/').map(encodeURIComponent).join('/')}/statuses/${commit}`;
    const body = {
      state: status.state,
      context: status.context,
      description: cutDescription(status.description, GITHUB_DESCRIPTION_MAX),
      ...(status.targetUrl ? { target_url: status.targetUrl } : {}),
    };
    await postJson(
      url,
      body,
      { host: 'GitHub', context: status.context },
      {
        ...this.#options.http,
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: 'application/vnd.github+json',
          'X-GitHub-Api-Version': '2022-11-28',
        },
      },
    );
  }
}
