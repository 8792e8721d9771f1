import path from 'node:path';

const fetching = new Map<string, Promise<unknown>>();

/**
 * Runs fetches into one cache repository one after another, whoever asks: the source stage, the
 * status and works branches, the agents' branches. isomorphic-git rewrites the cache's `shallow`
 * file read-modify-write, so two interleaved fetches drop each other's shallow commits, and the
 * next fetch then tells the server it holds history it does not, which leaves a cache git misreads.
 */
export async function oneFetchAtATime<T>(gitdir: string, task: () => Promise<T>): Promise<T> {
  const key = path.resolve(gitdir);
  const run = (fetching.get(key) ?? Promise.resolve()).catch(() => undefined).then(task);
  fetching.set(key, run);
  try {
    return await run;
  } finally {
    if (fetching.get(key) === run) fetching.delete(key);
  }
}
