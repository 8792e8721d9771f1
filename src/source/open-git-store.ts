import type { CommitFilesInput, GitStore, TreeEntry } from './git-store.ts';
import type { IsomorphicGitLocation } from './isomorphic-git-store.ts';
import { NativeGitStore } from './native-git-store.ts';
import { nativeGitAvailable } from './run-git.ts';

/**
 * The adapter for a repository: the `git` binary when it exists and `preferNative` allows it,
 * isomorphic-git otherwise (issue 2: the native path is 10–100x faster on packed repositories).
 * isomorphic-git is imported only then: half a megabyte of code every command start would load.
 */
export async function openGitStore(location: IsomorphicGitLocation, preferNative: boolean): Promise<GitStore> {
  if (preferNative) return new NativeFirstGitStore(location);
  return isomorphicStore(location);
}

async function isomorphicStore(location: IsomorphicGitLocation): Promise<GitStore> {
  const { IsomorphicGitStore } = await import('./isomorphic-git-store.ts');
  return new IsomorphicGitStore(location);
}

/**
 * The `git` binary, asked without a `git --version` first (a process of its own, at every start of
 * every command). A git that is missing or too old (no `--end-of-options`) makes a call fail or
 * find nothing, and only then is git's version asked (once per process): when git cannot serve,
 * isomorphic-git answers that call and every later one, as it did when the probe came first.
 */
class NativeFirstGitStore implements GitStore {
  #store: GitStore;
  #fallback: Promise<GitStore> | undefined;
  readonly #location: IsomorphicGitLocation;

  constructor(location: IsomorphicGitLocation) {
    this.#location = location;
    this.#store = new NativeGitStore(location.gitdir);
  }

  get kind(): string {
    return this.#store.kind;
  }

  resolveRef(ref: string): Promise<string | undefined> {
    return this.#call((store) => store.resolveRef(ref));
  }

  readRef(ref: string): Promise<string | undefined> {
    return this.#call((store) => store.readRef(ref));
  }

  listTree(commit: string, dir: string): Promise<TreeEntry[] | undefined> {
    return this.#call((store) => store.listTree(commit, dir));
  }

  readBlobs(oids: readonly string[]): Promise<Map<string, Buffer>> {
    return this.#call((store) => store.readBlobs(oids));
  }

  commitFiles(input: CommitFilesInput): Promise<string> {
    return this.#call((store) => store.commitFiles(input));
  }

  readCommitObject(commit: string): Promise<Buffer | undefined> {
    return this.#call((store) => store.readCommitObject(commit));
  }

  async #call<T>(call: (store: GitStore) => Promise<T>): Promise<T> {
    if (this.#fallback !== undefined) return call(await this.#fallback);
    const outcome = await call(this.#store).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    if ('value' in outcome && outcome.value !== undefined) return outcome.value;
    if (await nativeGitAvailable()) {
      if ('error' in outcome) throw outcome.error;
      return outcome.value;
    }
    this.#fallback ??= isomorphicStore(this.#location);
    this.#store = await this.#fallback;
    return call(this.#store);
  }
}
