// Writers that race on one status branch, each adding its own file to whatever the tip holds, as
// sharded replicas merge the others' part.
import type { CommitFile } from '../../../src/source/index.ts';
import type { StatusBase, StatusComposer } from '../../../src/status/index.ts';

/** The tip's files, as a sharded writer reads the other replicas' part. */
export async function tipFiles(base: StatusBase): Promise<CommitFile[]> {
  if (base.commit === undefined) return [];
  const entries = (await base.store.listTree(base.commit, '')) ?? [];
  const blobs = await base.store.readBlobs(entries.map((e) => e.oid));
  return entries.map((e) => ({ path: e.path, content: blobs.get(e.oid) ?? '' }));
}

/** Resolves once `count` callers have arrived, so every writer composes on the same tip first. */
export function barrier(count: number): () => Promise<void> {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    if (++arrived >= count) open();
    return opened;
  };
}

/** A writer that adds its own file to whatever the tip holds; its first round waits at the barrier. */
export function writer(name: string, wait: () => Promise<void>): { compose: StatusComposer; rounds: (string | undefined)[] } {
  const rounds: (string | undefined)[] = [];
  return {
    rounds,
    compose: async (base) => {
      rounds.push(base.commit);
      if (rounds.length === 1) await wait();
      const others = (await tipFiles(base)).filter((f) => f.path !== `clusters/${name}.yaml` && f.path !== 'summary.json');
      // summary.json marks the branch as Flotilla's: a tip without it is refused.
      const files = [...others, { path: `clusters/${name}.yaml`, content: `name: ${name}\n` }, { path: 'summary.json', content: '{}\n' }];
      return { files, message: `[${name}] status` };
    },
  };
}
