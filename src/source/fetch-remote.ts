import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import git, { Errors } from 'isomorphic-git';
import http from 'isomorphic-git/http/node';
import { oneFetchAtATime } from './cache-fetch-queue.ts';
import { FetchFailedError, RefNotFoundError, RepoNotFoundError } from './errors/index.ts';
import { authHeaders, type GitAuth } from './git-auth.ts';
import { parseRevision } from './parse-revision.ts';
import { redactUrl } from './remote-url.ts';

/** How to fetch a remote. */
export interface FetchRemoteOptions {
  /** Folder holding one bare cache repository per remote URL. */
  cacheDir: string;
  auth?: GitAuth;
}

/** A remote's local cache and the revision that names the requested commit inside it. */
export interface FetchedRemote {
  gitdir: string;
  revision: string;
}

/** git's own "deepen to everything" depth (`--unshallow`). */
const UNSHALLOW = 2147483647;

/**
 * Fetches what `ref` needs from the http(s) remote `url` into a bare cache repository under
 * `cacheDir` (named by a hash of the URL): only that branch or tag, one commit deep unless `ref`
 * walks history (`main~2`); a commit id fetches every branch and tag, since servers only hand
 * out named refs.
 */
export async function fetchRemote(url: string, ref: string, options: FetchRemoteOptions): Promise<FetchedRemote> {
  const shown = redactUrl(url);
  const gitdir = path.join(options.cacheDir, `${createHash('sha256').update(shown).digest('hex').slice(0, 16)}.git`);
  return oneFetchAtATime(gitdir, () => fetchInto(gitdir, url, ref, options.auth));
}

async function fetchInto(gitdir: string, url: string, ref: string, auth: GitAuth | undefined): Promise<FetchedRemote> {
  const shown = redactUrl(url);
  await ensureBareRepository(gitdir, shown);
  const revision = parseRevision(ref) ?? { base: ref, steps: [] };
  const byId = /^[0-9a-f]{4,40}$/.test(revision.base);
  try {
    const fetched = await git.fetch({
      fs,
      http,
      gitdir,
      url,
      ref: byId ? undefined : revision.base,
      singleBranch: !byId,
      tags: byId,
      depth: byId || revision.steps.length > 0 ? UNSHALLOW : 1,
      headers: authHeaders(auth),
    });
    if (byId) return { gitdir, revision: ref };
    if (fetched.fetchHead === null) throw new RefNotFoundError(shown, ref);
    return { gitdir, revision: fetched.fetchHead + ref.slice(revision.base.length) };
  } catch (error) {
    throw fetchError(error, shown, ref);
  }
}

/** A bare repository whose `origin` is `url` without credentials, which never touch the disk. */
async function ensureBareRepository(gitdir: string, url: string): Promise<void> {
  if (fs.existsSync(path.join(gitdir, 'HEAD'))) return;
  await fs.promises.mkdir(gitdir, { recursive: true });
  await git.init({ fs, gitdir, bare: true, defaultBranch: 'main' });
  await git.addRemote({ fs, gitdir, remote: 'origin', url });
}

/** Maps isomorphic-git's failures onto the source stage's typed errors. */
function fetchError(error: unknown, repo: string, ref: string): Error {
  if (error instanceof RefNotFoundError) return error;
  if (error instanceof Errors.NotFoundError) return new RefNotFoundError(repo, ref, { cause: error });
  if (error instanceof Errors.HttpError) {
    const status = error.data.statusCode;
    if (status === 404) return new RepoNotFoundError(repo, { cause: error });
    const hint = status === 401 || status === 403 ? ' (set FLOTILLA_GIT_TOKEN to authenticate)' : '';
    return new FetchFailedError(repo, ref, `HTTP ${status} ${error.data.statusMessage}${hint}`, { cause: error });
  }
  return new FetchFailedError(repo, ref, error instanceof Error ? error.message : String(error), { cause: error });
}
