/**
 * The source stage: opens a local repository or an http(s) remote, resolves a ref to a commit and
 * reads every manifest of the fleet at that commit, never the working tree. It does not parse
 * manifests (src/render does) and writes nothing but its remote cache; the status writer uses
 * {@link GitStore.commitFiles}. All git I/O goes through the {@link GitStore} port.
 */
export * from './errors/index.ts';
export * from './cache-fetch-queue.ts';
export * from './git-auth.ts';
export * from './git-store.ts';
export type { IsomorphicGitLocation } from './isomorphic-git-store.ts';
export * from './locate-repository.ts';
export * from './native-git-store.ts';
export * from './open-git-store.ts';
export * from './fleet-config-fields.ts';
export * from './parse-fleet-config.ts';
export * from './parse-fleet-config-text.ts';
export * from './read-snapshot.ts';
export * from './snapshot-from-store.ts';
export type { Snapshot, SourceFile } from './snapshot.ts';
export * from './render-roots/index.ts';
export type { FleetConfig } from '../model/index.ts';
export * from './init-repository.ts';
export * from './uncommitted-files.ts';
export * from './remote-url.ts';
export * from './triggers/index.ts';
export * from './run-git.ts';
export * from './ssh-signature.ts';
