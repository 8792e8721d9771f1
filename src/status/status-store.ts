import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import git, { Errors } from 'isomorphic-git';
import http from 'isomorphic-git/http/node';
import {
  authFromEnvironment,
  defaultCacheDir,
  DEFAULT_OPEN_SOURCE_OPTIONS,
  locateRepository,
  oneFetchAtATime,
  openGitStore,
  type GitAuth,
  type GitStore,
  type OpenSourceOptions,
  authHeaders,
  isRemoteUrl,
  localPath,
  redactUrl,
} from '../source/index.ts';

/** Where a remote's status branch is fetched from and pushed to. */
export interface RemoteStatusTarget {
  url: string;
  /** The local bare cache repository the branch is fetched into. */
  gitdir: string;
  auth?: GitAuth;
  /** Open the cache through the `git` binary when one exists. */
  preferNative: boolean;
}

/** The repository holding the status branch, opened for reading and writing. */
export interface StatusStore {
  store: GitStore;
  /** Where the branch lives, for messages: the local repository, or the remote's redacted URL. */
  location: string;
  /** Set for a remote repository: the branch was fetched into a cache and writes are pushed. */
  remote?: RemoteStatusTarget;
}

/** The cache repository of a remote, shared with the source stage (same path scheme). */
function cacheGitdir(url: string, cacheDir: string): string {
  return path.join(cacheDir, `${createHash('sha256').update(redactUrl(url)).digest('hex').slice(0, 16)}.git`);
}

async function ensureBare(gitdir: string, url: string): Promise<void> {
  if (fs.existsSync(path.join(gitdir, 'HEAD'))) return;
  await fs.promises.mkdir(gitdir, { recursive: true });
  await git.init({ fs, gitdir, bare: true, defaultBranch: 'main' });
  await git.addRemote({ fs, gitdir, remote: 'origin', url: redactUrl(url) });
}

/**
 * Fetches the remote's status branch into the cache and points the cache's own
 * `refs/heads/<branch>` at it (or removes it when the remote has no such branch), so readers
 * and the writer see exactly the remote's tip. Returns that tip. One fetch into the cache at a time,
 * the source stage's included: the run loop reads the agents' branches between its passes.
 */
export async function fetchStatusBranch(target: RemoteStatusTarget, branch: string): Promise<string | undefined> {
  const ref = `refs/heads/${branch}`;
  return oneFetchAtATime(target.gitdir, async () => {
    let tip: string | undefined;
    try {
      const fetched = await git.fetch({
        fs,
        http,
        gitdir: target.gitdir,
        url: target.url,
        ref: branch,
        singleBranch: true,
        depth: 1,
        tags: false,
        headers: authHeaders(target.auth),
      });
      tip = fetched.fetchHead ?? undefined;
    } catch (error) {
      if (!(error instanceof Errors.NotFoundError)) throw error;
    }
    if (tip === undefined) await git.deleteRef({ fs, gitdir: target.gitdir, ref }).catch(() => undefined);
    else await git.writeRef({ fs, gitdir: target.gitdir, ref, value: tip, force: true });
    return tip;
  });
}

/** How {@link openStatusStore} opens a remote's cache. */
export interface OpenStatusStoreOptions {
  /**
   * Fetch the branch into the cache first. Readers need it; a writer does not, as
   * `publishStatus` fetches the tip at the start of every round. @default true
   */
  fetch: boolean;
}

/**
 * Opens the repository whose status branch `source` names: a local repository in place (its
 * git directory, never the work tree), or a remote's cache with the branch freshly fetched.
 */
export async function openStatusStore(
  source: OpenSourceOptions,
  branch: string,
  options: Partial<OpenStatusStoreOptions> = {},
): Promise<StatusStore> {
  const preferNative = source.preferNative ?? DEFAULT_OPEN_SOURCE_OPTIONS.preferNative;
  if (!isRemoteUrl(source.repo))
    return {
      store: await openGitStore(await locateRepository(localPath(source.repo)), preferNative),
      location: localPath(source.repo),
    };
  const auth = source.auth ?? authFromEnvironment();
  const remote: RemoteStatusTarget = {
    url: source.repo,
    gitdir: cacheGitdir(source.repo, source.cacheDir ?? defaultCacheDir()),
    preferNative,
    ...(auth ? { auth } : {}),
  };
  await ensureBare(remote.gitdir, remote.url);
  if (options.fetch ?? true) await fetchStatusBranch(remote, branch);
  return {
    store: await openGitStore({ gitdir: remote.gitdir, commonDir: remote.gitdir }, preferNative),
    location: redactUrl(remote.url),
    remote,
  };
}
