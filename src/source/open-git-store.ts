import type { GitStore } from './git-store.ts';
import type { IsomorphicGitLocation } from './isomorphic-git-store.ts';
import { NativeGitStore } from './native-git-store.ts';
import { nativeGitAvailable } from './run-git.ts';

/**
 * The adapter for a repository: the `git` binary when it exists and `preferNative` allows it,
 * isomorphic-git otherwise (issue 2: the native path is 10–100x faster on packed repositories).
 * isomorphic-git is imported only then: half a megabyte of code every command start would load.
 */
export async function openGitStore(location: IsomorphicGitLocation, preferNative: boolean): Promise<GitStore> {
  if (preferNative && (await nativeGitAvailable())) return new NativeGitStore(location.gitdir);
  const { IsomorphicGitStore } = await import('./isomorphic-git-store.ts');
  return new IsomorphicGitStore(location);
}
