/**
 * Reads the live copies of many objects in bulk: one list per kind and namespace, never a GET
 * per object (issue 7: a no-op pass over a large fleet stays cheap). A kind the cluster does
 * not serve yet (its CRD comes in this pass) has no live objects.
 */
import type { KubeObject, ObjectRef } from '../model/index.ts';
import { mapLimit } from './concurrency.ts';
import { UnknownKindError } from './errors/index.ts';
import type { KubeClient } from './kube-client.ts';
import { objectId } from './object-id.ts';

/** Live objects among `refs`, by inventory id. */
export async function readLive(
  client: KubeClient,
  refs: readonly ObjectRef[],
  concurrency: number,
): Promise<Map<string, KubeObject>> {
  const groups = new Map<string, { apiVersion: string; kind: string; namespace: string; wanted: Set<string> }>();
  for (const ref of refs) {
    const key = `${ref.apiVersion}|${ref.kind}|${ref.namespace}`;
    const group = groups.get(key) ?? {
      apiVersion: ref.apiVersion,
      kind: ref.kind,
      namespace: ref.namespace,
      wanted: new Set<string>(),
    };
    group.wanted.add(objectId(ref));
    groups.set(key, group);
  }
  const live = new Map<string, KubeObject>();
  await mapLimit([...groups.values()], concurrency, async (g) => {
    const items = await client
      .list({ apiVersion: g.apiVersion, kind: g.kind, ...(g.namespace ? { namespace: g.namespace } : {}) })
      .catch((error: unknown) => {
        if (error instanceof UnknownKindError) return [];
        throw error;
      });
    for (const item of items) {
      const id = objectId({
        apiVersion: g.apiVersion,
        kind: g.kind,
        namespace: item.metadata.namespace ?? '',
        name: item.metadata.name ?? '',
      });
      if (g.wanted.has(id)) live.set(id, item);
    }
  });
  return live;
}
