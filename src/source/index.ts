/**
 * The source stage: opens a local repository or an http(s) remote, resolves a ref to a commit and
 * reads every manifest of the fleet at that commit, never the working tree. It does not parse
 * manifests (src/render does) and writes nothing but its remote cache; the status writer uses
 * {@link GitStore.commitFiles}. All git I/O goes through the {@link GitStore} port.
 */
export * from './errors/index.ts';
export { oneFetchAtATime } from './cache-fetch-queue.ts';
export { authFromEnvironment, authHeaders, type GitAuth } from './git-auth.ts';
export {
  DEFAULT_COMMIT_AUTHOR,
  type CommitFile,
  type CommitFilesInput,
  type GitStore,
  type TreeEntry,
} from './git-store.ts';
export type { IsomorphicGitLocation } from './isomorphic-git-store.ts';
export { locateRepository, type RepositoryLocation } from './locate-repository.ts';
export { NativeGitStore } from './native-git-store.ts';
export { openGitStore } from './open-git-store.ts';
export { FLEET_CONFIG_FILE, parseFleetConfig, type ParsedFleetConfig } from './parse-fleet-config.ts';
export {
  DEFAULT_OPEN_SOURCE_OPTIONS,
  DEFAULT_REF,
  defaultCacheDir,
  readSnapshot,
  type OpenSourceOptions,
} from './read-snapshot.ts';
export { snapshotFromStore, type SnapshotTarget } from './snapshot-from-store.ts';
export type { Snapshot, SourceFile } from './snapshot.ts';
export { isKustomizationFile, oldestVersion, publishedRoots, type RootReport } from './render-roots/index.ts';
export type { FleetConfig } from '../model/index.ts';
export { initRepository } from './init-repository.ts';
export { uncommittedFiles } from './uncommitted-files.ts';
export * from './remote-url.ts';
export * from './triggers/index.ts';
export { runGit } from './run-git.ts';
export { commitSignatureProblem, splitSignature, sshCommitSigner, type CommitSigner } from './ssh-signature.ts';
