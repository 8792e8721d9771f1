import os from 'node:os';
import path from 'node:path';
import { authFromEnvironment, type GitAuth } from './git-auth.ts';
import { locateRepository } from './locate-repository.ts';
import { openGitStore } from './open-git-store.ts';
import { isRemoteUrl, localPath, redactUrl } from './remote-url.ts';
import { PathNotFoundError } from './errors/index.ts';
import { snapshotFromStore, type SnapshotTarget } from './snapshot-from-store.ts';
import type { Snapshot } from './snapshot.ts';

/** What to read: `--repo`, `--ref`, `--path` and how. */
export interface OpenSourceOptions {
  /** A local folder (anywhere inside a work tree, or a bare repository) or an http(s) URL. */
  repo: string;
  /** Anything `git rev-parse` accepts. @default 'HEAD' for a local repository, 'main' for a remote */
  ref?: string;
  /** The fleet's folder inside the repository, joined to where `repo` points. @default '' */
  path?: string;
  /** Where remotes are cached. @default `${XDG_CACHE_HOME:-~/.cache}/flotilla/repos` */
  cacheDir?: string;
  /** Remote credentials. @default `FLOTILLA_GIT_TOKEN` / `FLOTILLA_GIT_USERNAME` from the environment */
  auth?: GitAuth;
  /** Read through the `git` binary when one exists; `false` forces isomorphic-git. @default true */
  preferNative?: boolean;
  /**
   * Blob contents by id, kept between reads by a long-lived caller (the run loop): only blobs not
   * in it are read, and afterwards it holds exactly this snapshot's blobs. @default none
   */
  blobCache?: Map<string, Buffer>;
  /** Build the fleet's render roots (kustomizations, Helm charts) into templates. @default false */
  renderRoots?: boolean;
  /**
   * The Kubernetes version helmCharts render for, as the members answered `/version` live (the run
   * loop's last observation, or a first pass's question; reconcile/pass/read-step.ts). @default the oldest version recorded on the status branch
   */
  kubeVersion?: string;
}

/** The defaults of {@link OpenSourceOptions} that depend neither on the environment nor on the kind of repo. */
export const DEFAULT_OPEN_SOURCE_OPTIONS = { path: '', preferNative: true } as const;

/** The ref read when none is given: a local repository's checked-out HEAD, a remote's `main` (README.md#commands). */
export const DEFAULT_REF = { local: 'HEAD', remote: 'main' } as const;

/**
 * Reads every manifest of a fleet at one commit (never the working tree). A local `repo` may
 * point inside a work tree: the repository root is found and the rest becomes part of the path.
 * A remote is fetched into the cache first, with `FLOTILLA_GIT_TOKEN` (and optionally
 * `FLOTILLA_GIT_USERNAME`) as http Basic credentials unless `auth` is given.
 *
 * @throws RepoNotFoundError, NotAGitRepositoryError, RefNotFoundError, FetchFailedError, PathNotFoundError,
 *   GitCommandFailedError
 * @example
 * const snapshot = await readSnapshot({ repo: '.', ref: 'HEAD~1', path: 'fleet' });
 */
export async function readSnapshot(options: OpenSourceOptions): Promise<Snapshot> {
  const preferNative = options.preferNative ?? DEFAULT_OPEN_SOURCE_OPTIONS.preferNative;
  if (isRemoteUrl(options.repo)) {
    const repo = redactUrl(options.repo);
    const ref = options.ref ?? DEFAULT_REF.remote;
    const fleet = fleetPath(repo, ref, [options.path ?? DEFAULT_OPEN_SOURCE_OPTIONS.path]);
    const auth = options.auth ?? authFromEnvironment();
    // Imported for remotes only: it brings isomorphic-git's fetch (see open-git-store.ts).
    const { fetchRemote } = await import('./fetch-remote.ts');
    const fetched = await fetchRemote(options.repo, ref, { cacheDir: options.cacheDir ?? defaultCacheDir(), auth });
    const store = await openGitStore({ gitdir: fetched.gitdir, commonDir: fetched.gitdir }, preferNative);
    return snapshotFromStore(store, {
      repo,
      ref,
      revision: fetched.revision,
      root: fetched.gitdir,
      path: fleet,
      ...(options.blobCache ? { blobCache: options.blobCache } : {}),
      ...renderFlags(options),
    });
  }
  const location = await locateRepository(localPath(options.repo));
  const ref = options.ref ?? DEFAULT_REF.local;
  const fleet = fleetPath(options.repo, ref, [location.pathInRepo, options.path ?? DEFAULT_OPEN_SOURCE_OPTIONS.path]);
  const store = await openGitStore(location, preferNative);
  return snapshotFromStore(store, {
    repo: options.repo,
    ref,
    root: location.root,
    path: fleet,
    ...(options.blobCache ? { blobCache: options.blobCache } : {}),
    ...renderFlags(options),
  });
}

function renderFlags(options: OpenSourceOptions): Pick<SnapshotTarget, 'renderRoots' | 'kubeVersion'> {
  return {
    ...(options.renderRoots ? { renderRoots: true } : {}),
    ...(options.kubeVersion ? { kubeVersion: options.kubeVersion } : {}),
  };
}

/** `${XDG_CACHE_HOME:-~/.cache}/flotilla/repos`, read when called. */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const base =
    env.XDG_CACHE_HOME !== undefined && env.XDG_CACHE_HOME !== ''
      ? env.XDG_CACHE_HOME
      : path.join(os.homedir(), '.cache');
  return path.join(base, 'flotilla', 'repos');
}

/** Joins folder parts into a posix path inside the repository; one that climbs out is not found. */
function fleetPath(repo: string, ref: string, parts: string[]): string {
  const joined = parts
    .map((part) => part.replaceAll('\\', '/').replace(/^\/+/, ''))
    .filter((part) => part !== '')
    .join('/');
  const normal = path.posix.normalize(joined === '' ? '.' : joined).replace(/\/+$/, '');
  if (normal === '..' || normal.startsWith('../')) throw new PathNotFoundError({ repo, ref, path: joined });
  return normal === '.' ? '' : normal;
}
