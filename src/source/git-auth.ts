/** Credentials for an http(s) remote. */
export interface GitAuth {
  /** @default 'x-access-token' (what GitHub expects with a token; GitLab and Gitea accept any name) */
  username?: string;
  token?: string;
}

/**
 * Credentials from the environment: `FLOTILLA_GIT_TOKEN` (a personal access or deploy token) and,
 * optionally, `FLOTILLA_GIT_USERNAME`. `undefined` when no token is set.
 */
export function authFromEnvironment(env: NodeJS.ProcessEnv = process.env): GitAuth | undefined {
  const token = env.FLOTILLA_GIT_TOKEN;
  if (token === undefined || token === '') return undefined;
  const username = env.FLOTILLA_GIT_USERNAME;
  return username === undefined || username === '' ? { token } : { username, token };
}

/**
 * The HTTP headers that carry `auth` as Basic credentials. Sent with the first request rather than
 * after a 401, because some hosts answer 404 for a private repository asked anonymously.
 */
export function authHeaders(auth: GitAuth | undefined): Record<string, string> {
  if (auth?.token === undefined) return {};
  const pair = `${auth.username ?? 'x-access-token'}:${auth.token}`;
  return { Authorization: `Basic ${Buffer.from(pair).toString('base64')}` };
}
