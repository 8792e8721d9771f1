/**
 * Reads the live copies of many objects in bulk: one list per kind and namespace, never a GET
 * per object (issue 7: a no-op pass over a large fleet stays cheap). A kind the cluster does
 * not serve yet (its CRD comes in this pass) has no live objects.
 */
import type { KubeObject, ObjectRef } from '../model/index.ts';
import { mapLimit } from './concurrency.ts';
import { UnknownKindError } from './errors/index.ts';
import type { KubeClient } from './kube-client.ts';
import { groupRefs, listGroup } from './list-groups.ts';
import { objectId } from './object-id.ts';

/** Live objects among `refs`, by inventory id. */
export async function readLive(
  client: KubeClient,
  refs: readonly ObjectRef[],
  concurrency: number,
): Promise<Map<string, KubeObject>> {
  const live = new Map<string, KubeObject>();
  await mapLimit(groupRefs(refs), concurrency, async (group) => {
    const found = await listGroup(client, group, objectId).catch((error: unknown) => {
      if (error instanceof UnknownKindError) return new Map<string, KubeObject>();
      throw error;
    });
    for (const [id, item] of found) live.set(id, item);
  });
  return live;
}
