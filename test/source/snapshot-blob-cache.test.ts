import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NativeGitStore, snapshotFromStore } from '../../src/source/index.ts';
import type { GitStore } from '../../src/source/index.ts';
import { createGitRepo, removeFixtures } from './helpers/git-fixture.ts';

afterAll(removeFixtures);

/** The store, recording which blob ids each readBlobs call asked for. */
function counting(store: GitStore, asked: string[][]): GitStore {
  return {
    kind: store.kind,
    resolveRef: (ref) => store.resolveRef(ref),
    readRef: (ref) => store.readRef(ref),
    listTree: (commit, dir) => store.listTree(commit, dir),
    readBlobs: (oids) => {
      asked.push([...oids]);
      return store.readBlobs(oids);
    },
    commitFiles: (input) => store.commitFiles(input),
    readCommitObject: (commit) => store.readCommitObject(commit),
  };
}

describe('snapshotFromStore with a blob cache', () => {
  it("reads only blobs it has not seen, and keeps exactly the current snapshot's", async () => {
    const repo = createGitRepo();
    for (let i = 0; i < 5; i++) repo.write(`apps/app-${i}.yaml`, `a: ${i}\n`);
    repo.commit('first');
    const asked: string[][] = [];
    const store = counting(new NativeGitStore(path.join(repo.dir, '.git')), asked);
    const blobCache = new Map<string, Buffer>();
    const target = { repo: repo.dir, ref: 'HEAD', root: repo.dir, path: '', blobCache };
    const first = await snapshotFromStore(store, target);
    repo.write('apps/app-2.yaml', 'a: changed\n');
    repo.git('rm', '-q', 'apps/app-4.yaml');
    repo.commit('second');
    asked.length = 0;
    const second = await snapshotFromStore(store, target);
    expect(asked.flat()).toHaveLength(1);
    expect(second.files.find((f) => f.path === 'apps/app-2.yaml')?.content.toString()).toBe('a: changed\n');
    expect(second.files.map((f) => f.path)).toEqual(['apps/app-0.yaml', 'apps/app-1.yaml', 'apps/app-2.yaml', 'apps/app-3.yaml']);
    expect([...blobCache.keys()].sort()).toEqual(second.files.map((f) => f.blobId).sort());
    expect(first.files).toHaveLength(5);
  });
});
