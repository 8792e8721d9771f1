import fs from 'node:fs';
import git, { Errors } from 'isomorphic-git';
import http from 'isomorphic-git/http/node';
import { BranchMovedError, openGitStore, type CommitFile, type GitStore, authHeaders } from '../../source/index.ts';
import { StatusPushError } from '../errors/index.ts';
import { fetchStatusBranch, type RemoteStatusTarget, type StatusStore } from '../status-store.ts';
import { writeStatusBranch, type StatusWriteOptions, type StatusWriteResult } from './write-status-branch.ts';

/** How the status branch is published. */
export interface PublishOptions extends Omit<StatusWriteOptions, 'parent' | 'message'> {
  /** Rounds (read the tip, compose, commit, push) before giving up when other writers keep winning. @default 5 */
  maxAttempts: number;
}

export const DEFAULT_PUBLISH_OPTIONS: Readonly<Pick<PublishOptions, 'branch' | 'maxAttempts'>> = Object.freeze({
  branch: 'status',
  maxAttempts: 5,
});

/** What a publish did; `attempts` counts rounds, 1 when no other writer got in the way. */
export interface PublishResult extends StatusWriteResult {
  attempts: number;
}

/** One status commit: the whole tree and the message. */
export interface StatusCommit {
  files: readonly CommitFile[];
  message: string;
}

/** The branch a round builds on: its tip in `store`, `undefined` before the first write. */
export interface StatusBase {
  store: GitStore;
  commit: string | undefined;
}

/**
 * What to commit on top of `base`. Called once per round, so a writer that lost a race builds
 * again on the tip that beat it (a sharded writer merges the other replicas' part from it).
 */
export type StatusComposer<C extends StatusCommit = StatusCommit> = (base: StatusBase) => Promise<C>;

/** What a publish did, and what the round that landed composed. */
export interface Published<C extends StatusCommit> extends PublishResult {
  content: C;
}

/** Whether a write lost a race with another writer: a rejected push, or a local branch that moved. */
function lostRace(error: unknown): boolean {
  if (error instanceof BranchMovedError) return true;
  if (error instanceof Errors.PushRejectedError) return true;
  if (error instanceof Errors.GitPushError) return true;
  return error instanceof Errors.HttpError && error.data.statusCode === 409;
}

async function push(remote: RemoteStatusTarget, branch: string): Promise<void> {
  const result = await git.push({
    fs,
    http,
    gitdir: remote.gitdir,
    url: remote.url,
    ref: branch,
    remoteRef: branch,
    headers: authHeaders(remote.auth),
  });
  const refResult = result.refs[`refs/heads/${branch}`];
  if (!result.ok || (refResult !== undefined && !refResult.ok)) {
    throw new Errors.GitPushError(refResult?.error ?? result.error ?? 'rejected', result);
  }
}

/** A round's write and what it composed. */
type Round<C> = StatusWriteResult & { content: C };

/** Composes on `tip` and commits on top of it (or nothing if it already holds the files). */
async function commitOn<C extends StatusCommit>(
  store: GitStore,
  tip: string | undefined,
  compose: StatusComposer<C>,
  options: PublishOptions,
): Promise<Round<C>> {
  const content = await compose({ store, commit: tip });
  return {
    ...(await writeStatusBranch(store, content.files, { ...options, message: content.message, parent: tip ?? null })),
    content,
  };
}

/** One round on a local repository: the branch's tip now, and a compare-and-swap onto it. */
async function localRound<C extends StatusCommit>(
  store: GitStore,
  compose: StatusComposer<C>,
  options: PublishOptions,
): Promise<Round<C>> {
  return commitOn(store, await store.readRef(`refs/heads/${options.branch}`), compose, options);
}

/** One round on a remote: fetch its tip, commit on top of it in the cache, push. */
async function remoteRound<C extends StatusCommit>(
  remote: RemoteStatusTarget,
  compose: StatusComposer<C>,
  options: PublishOptions,
): Promise<Round<C>> {
  const tip = await fetchStatusBranch(remote, options.branch);
  // A fresh store each round: the fetch may have added a pack an open store has not listed.
  const store = await openGitStore({ gitdir: remote.gitdir, commonDir: remote.gitdir }, remote.preferNative);
  const written = await commitOn(store, tip, compose, options);
  if (written.changed) await push(remote, options.branch);
  return written;
}

/**
 * Writes the status branch and, for a remote repository, pushes it (issue 8 item 3). A round
 * that loses a race with another writer (a rejected push, or a local branch that moved between
 * reading its tip and committing) is retried from the top: read the new tip, compose on it,
 * commit on top of it, so every writer's commit lands in the branch's history and none is
 * overwritten. Gives up with StatusPushError after `maxAttempts` rounds.
 */
export async function publishStatus<C extends StatusCommit>(
  target: StatusStore,
  content: C | StatusComposer<C>,
  options: Partial<PublishOptions> = {},
): Promise<Published<C>> {
  const opts: PublishOptions = { ...DEFAULT_PUBLISH_OPTIONS, ...options };
  const compose: StatusComposer<C> = typeof content === 'function' ? content : async () => content;
  const { remote } = target;
  let last: unknown;
  for (let attempt = 1; attempt <= opts.maxAttempts; attempt++) {
    try {
      const written =
        remote === undefined ? await localRound(target.store, compose, opts) : await remoteRound(remote, compose, opts);
      return { ...written, attempts: attempt };
    } catch (error) {
      if (!lostRace(error)) throw error;
      last = error;
    }
  }
  const reason = last instanceof Error ? last.message : 'rejected';
  throw new StatusPushError(target.location, opts.branch, opts.maxAttempts, reason, { cause: last });
}
