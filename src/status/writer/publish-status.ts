import fs from 'node:fs';
import git, { Errors } from 'isomorphic-git';
import http from 'isomorphic-git/http/node';
import { openGitStore, type CommitFile } from '../../source/index.ts';
import { authHeaders } from '../../source/git-auth.ts';
import { redactUrl } from '../../source/remote-url.ts';
import { StatusPushError } from '../errors/index.ts';
import { fetchStatusBranch, type RemoteStatusTarget, type StatusStore } from '../status-store.ts';
import { writeStatusBranch, type StatusWriteOptions, type StatusWriteResult } from './write-status-branch.ts';

/** How the status branch is published. */
export interface PublishOptions extends Omit<StatusWriteOptions, 'parent'> {
  /** Fetch, commit, push rounds before giving up when other writers keep winning. @default 5 */
  maxAttempts: number;
}

export const DEFAULT_PUBLISH_OPTIONS: Readonly<Pick<PublishOptions, 'branch' | 'maxAttempts'>> = Object.freeze({ branch: 'status', maxAttempts: 5 });

/** What a publish did; `attempts` counts push rounds (0 when nothing had to be pushed). */
export interface PublishResult extends StatusWriteResult {
  attempts: number;
}

/** Whether a push failed because the remote moved on (another writer landed first). */
function lostRace(error: unknown): boolean {
  if (error instanceof Errors.PushRejectedError) return true;
  if (error instanceof Errors.GitPushError) return true;
  return error instanceof Errors.HttpError && error.data.statusCode === 409;
}

async function push(remote: RemoteStatusTarget, branch: string): Promise<void> {
  const result = await git.push({ fs, http, gitdir: remote.gitdir, url: remote.url, ref: branch, remoteRef: branch, headers: authHeaders(remote.auth) });
  const refResult = result.refs[`refs/heads/${branch}`];
  if (!result.ok || (refResult !== undefined && !refResult.ok)) {
    throw new Errors.GitPushError(refResult?.error ?? result.error ?? 'rejected', result);
  }
}

/** One round: re-read the remote tip, re-write on top of it (or nothing if it already holds the files), push. */
async function round(remote: RemoteStatusTarget, files: readonly CommitFile[], options: PublishOptions): Promise<StatusWriteResult> {
  const tip = await fetchStatusBranch(remote, options.branch);
  // A fresh store each round: the fetch may have added a pack an open store has not listed.
  const store = await openGitStore({ gitdir: remote.gitdir, commonDir: remote.gitdir }, remote.preferNative);
  const written = await writeStatusBranch(store, files, { ...options, parent: tip ?? null });
  if (written.changed) await push(remote, options.branch);
  return written;
}

/**
 * Writes the status branch and, for a remote repository, pushes it (issue 8 item 3). A push that
 * loses a race with another writer is retried from the top: fetch the new tip, compare, commit on
 * top of it, push again, so every writer's commit lands in the branch's history and none is
 * overwritten. Gives up with StatusPushError after `maxAttempts` rounds.
 */
export async function publishStatus(target: StatusStore, files: readonly CommitFile[], options: Partial<PublishOptions> & Pick<PublishOptions, 'message'>): Promise<PublishResult> {
  const opts: PublishOptions = { ...DEFAULT_PUBLISH_OPTIONS, ...options };
  if (target.remote === undefined) return { ...(await writeStatusBranch(target.store, files, opts)), attempts: 0 };
  let last: unknown;
  for (let attempt = 1; attempt <= opts.maxAttempts; attempt++) {
    try {
      return { ...(await round(target.remote, files, opts)), attempts: attempt };
    } catch (error) {
      if (!lostRace(error)) throw error;
      last = error;
    }
  }
  const reason = last instanceof Error ? last.message : 'rejected';
  throw new StatusPushError(redactUrl(target.remote.url), opts.branch, opts.maxAttempts, reason, { cause: last });
}
