import { refKey } from '../../model/index.ts';
import type { KubeObject, ObjectRef } from '../../model/index.ts';
import { groupRefs, listGroup } from '../../apply/index.ts';
import type { KubeClient } from '../../apply/index.ts';

/** How member objects are read back. */
export interface CollectOptions {
  /**
   * From this many objects of one kind in one namespace on, they are listed in one request
   * instead of read one by one (a list returns every object of the kind there, wanted or not).
   * @default 3
   */
  listThreshold: number;
}

export const DEFAULT_COLLECT_OPTIONS: Readonly<CollectOptions> = Object.freeze({ listThreshold: 3 });

/**
 * Reads the current state of `refs` from one member cluster, by refKey; an object that does not
 * exist or cannot be read is absent from the result (its status is then Unknown). Reads are
 * grouped per kind and namespace, so a large Work costs a handful of lists, not a GET each.
 */
export async function collectMemberObjects(
  client: KubeClient,
  refs: readonly ObjectRef[],
  options: Partial<CollectOptions> = {},
): Promise<Map<string, KubeObject>> {
  const { listThreshold } = { ...DEFAULT_COLLECT_OPTIONS, ...options };
  const found = new Map<string, KubeObject>();
  await Promise.all(
    groupRefs(refs).map(async (group) => {
      try {
        if (group.refs.length >= listThreshold) {
          for (const [key, obj] of await listGroup(client, group, refKey)) found.set(key, obj);
        } else {
          for (const ref of group.refs) {
            const obj = await client.get(ref);
            if (obj) found.set(refKey(ref), obj);
          }
        }
      } catch {
        // A kind that cannot be read leaves its objects without status: Unknown, as Karmada has no manifest status then.
      }
    }),
  );
  return found;
}
