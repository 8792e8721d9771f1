import { authFromEnvironment } from '../git-auth.ts';
import { locateRepository } from '../locate-repository.ts';
import { openGitStore } from '../open-git-store.ts';
import { DEFAULT_OPEN_SOURCE_OPTIONS, DEFAULT_REF, defaultCacheDir } from '../read-snapshot.ts';
import type { OpenSourceOptions } from '../read-snapshot.ts';
import { isRemoteUrl, localPath } from '../remote-url.ts';

/**
 * The commit `options.ref` names now. A remote is fetched first (only that branch, one commit
 * deep: the same cache `readSnapshot` reads from, so the pass that follows fetches nothing new).
 *
 * @throws the source stage's typed errors (FetchFailedError, RefNotFoundError, ...)
 */
export async function readSourceHead(options: OpenSourceOptions): Promise<string | undefined> {
  const preferNative = options.preferNative ?? DEFAULT_OPEN_SOURCE_OPTIONS.preferNative;
  if (isRemoteUrl(options.repo)) {
    const ref = options.ref ?? DEFAULT_REF.remote;
    const auth = options.auth ?? authFromEnvironment();
    // Imported for remotes only: it brings isomorphic-git's fetch (see open-git-store.ts).
    const { fetchRemote } = await import('../fetch-remote.ts');
    const fetched = await fetchRemote(options.repo, ref, { cacheDir: options.cacheDir ?? defaultCacheDir(), auth });
    const store = await openGitStore({ gitdir: fetched.gitdir, commonDir: fetched.gitdir }, preferNative);
    return store.resolveRef(fetched.revision);
  }
  const location = await locateRepository(localPath(options.repo));
  const store = await openGitStore(location, preferNative);
  return store.resolveRef(options.ref ?? DEFAULT_REF.local);
}
