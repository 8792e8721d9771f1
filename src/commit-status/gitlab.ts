/**
 * GitLab's commit status API: `POST {api}/projects/{id}/statuses/{sha}` with `state` (pending,
 * running, success, failed, canceled), `name`, `description`, `target_url`. The API base is
 * https://gitlab.com/api/v4, or a self-managed instance's ($CI_API_V4_URL in GitLab CI); the
 * project is its numeric id or its URL-encoded path.
 */
import { cutDescription, postJson } from './http.ts';
import type { PostOptions } from './http.ts';
import type { CommitState, CommitStatus, CommitStatusReporter } from './port.ts';

export interface GitLabStatusOptions {
  apiUrl: string;
  /** The project id (`1234`) or path (`group/fleet`). */
  project: string;
  token: string;
  http?: Omit<PostOptions, 'headers' | 'accept'>;
}

const STATE: Record<CommitState, string> = {
  pending: 'running',
  success: 'success',
  failure: 'failed',
  error: 'failed',
};

/** GitLab answers 400 when a status is set to the state it already has: that is done, not failed. */
function alreadyThere(status: number, body: string): boolean {
  return status === 400 && body.includes('Cannot transition status');
}

export class GitLabStatusReporter implements CommitStatusReporter {
  readonly host = 'gitlab';
  readonly #options: GitLabStatusOptions;

  constructor(options: GitLabStatusOptions) {
    this.#options = options;
  }

  async report(commit: string, status: CommitStatus): Promise<void> {
    const { apiUrl, project, token } = this.#options;
    const url = `${apiUrl.replace(/\/+$/, '')}/projects/${encodeURIComponent(project)}/statuses/${commit}`;
    const body = {
      state: STATE[status.state],
      name: status.context,
      description: cutDescription(status.description, 255),
      ...(status.targetUrl ? { target_url: status.targetUrl } : {}),
    };
    await postJson(
      url,
      body,
      { host: 'GitLab', context: status.context },
      {
        ...this.#options.http,
        headers: { 'PRIVATE-TOKEN': token },
        accept: alreadyThere,
      },
    );
  }
}
