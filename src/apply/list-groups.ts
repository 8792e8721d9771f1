/**
 * Reading many objects in bulk: references grouped per kind and namespace, and one list per group
 * keeping only the objects wanted. The apply's triage and the status step's observation both read
 * this way, so that a large Work costs a handful of lists, not a GET per object.
 */
import type { KubeObject, ObjectRef } from '../model/index.ts';
import type { KubeClient } from './kube-client.ts';

/** The references of one kind in one namespace. */
export interface RefGroup {
  apiVersion: string;
  kind: string;
  namespace: string;
  refs: ObjectRef[];
}

/** `refs` grouped per kind and namespace, in first-seen order. */
export function groupRefs(refs: readonly ObjectRef[]): RefGroup[] {
  const groups = new Map<string, RefGroup>();
  for (const ref of refs) {
    const key = `${ref.apiVersion}\u0000${ref.kind}\u0000${ref.namespace}`;
    const group = groups.get(key);
    if (group) group.refs.push(ref);
    else groups.set(key, { apiVersion: ref.apiVersion, kind: ref.kind, namespace: ref.namespace, refs: [ref] });
  }
  return [...groups.values()];
}

/** Lists a group's kind in its namespace and keeps the objects it wants, by `keyOf`; a failed list throws. */
export async function listGroup(
  client: KubeClient,
  group: RefGroup,
  keyOf: (ref: ObjectRef) => string,
): Promise<Map<string, KubeObject>> {
  const wanted = new Set(group.refs.map(keyOf));
  const { apiVersion, kind, namespace } = group;
  const listed = await client.list({ apiVersion, kind, ...(namespace ? { namespace } : {}) });
  const found = new Map<string, KubeObject>();
  for (const item of listed) {
    const key = keyOf({ apiVersion, kind, namespace: item.metadata.namespace ?? '', name: item.metadata.name ?? '' });
    if (wanted.has(key)) found.set(key, item);
  }
  return found;
}
