/**
 * What a Namespace about to be pruned holds that Flotilla does not own: deleting a Namespace
 * deletes everything in it, so a namespace someone else also uses must not go with Flotilla's
 * objects. Read only for Namespaces about to be pruned, one list per namespaced kind.
 */
import { groupKind } from '../model/index.ts';
import type { KubeObject } from '../model/index.ts';
import { mapLimit } from './concurrency.ts';
import { UnknownKindError } from './errors/index.ts';
import type { ApiResource, KubeClient } from './kube-client.ts';
import { isManaged } from './triage.ts';

/** Kinds that are records about other objects, not objects anyone owns. */
const RECORDS = new Set(['core/Event', 'events.k8s.io/Event']);

/** What Kubernetes itself puts in every namespace. */
function builtIn(kind: string, obj: KubeObject): boolean {
  const name = obj.metadata.name;
  return (
    (kind === 'core/ConfigMap' && name === 'kube-root-ca.crt') || (kind === 'core/ServiceAccount' && name === 'default')
  );
}

/** Owned through ownerReferences (a Deployment's ReplicaSets and Pods, a Service's EndpointSlices): their owner decides. */
function owned(obj: KubeObject): boolean {
  return Array.isArray(obj.metadata.ownerReferences) && obj.metadata.ownerReferences.length > 0;
}

function listableKinds(resources: readonly ApiResource[]): { apiVersion: string; kind: string; key: string }[] {
  const seen = new Map<string, { apiVersion: string; kind: string; key: string }>();
  for (const r of resources) {
    const key = groupKind(r.group === '' ? r.version : `${r.group}/${r.version}`, r.kind);
    // A kind that cannot be deleted (PodMetrics, and other views an aggregated API serves) is no one's object.
    if (!r.namespaced || !r.verbs.includes('list') || !r.verbs.includes('delete') || RECORDS.has(key) || seen.has(key))
      continue;
    seen.set(key, { apiVersion: r.group === '' ? r.version : `${r.group}/${r.version}`, kind: r.kind, key });
  }
  return [...seen.values()];
}

/**
 * Per namespace, the objects in it Flotilla does not own (`Kind/name`), and the kinds that could
 * not be listed (`Kind: could not be listed: …`): what cannot be seen is not known to be empty.
 */
export async function foreignObjectsIn(
  client: KubeClient,
  namespaces: readonly string[],
  concurrency: number,
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (namespaces.length === 0) return out;
  const kinds = listableKinds(await client.discover());
  const lists = namespaces.flatMap((namespace) => kinds.map((k) => ({ namespace, ...k })));
  await mapLimit(lists, concurrency, async ({ namespace, apiVersion, kind, key }) => {
    const found = await client.list({ apiVersion, kind, namespace }).then(
      (items) =>
        items.filter((o) => !isManaged(o) && !owned(o) && !builtIn(key, o)).map((o) => `${kind}/${o.metadata.name}`),
      (error: unknown) =>
        error instanceof UnknownKindError
          ? []
          : [`${kind}: could not be listed: ${error instanceof Error ? error.message : String(error)}`],
    );
    if (found.length > 0) out.set(namespace, [...(out.get(namespace) ?? []), ...found]);
  });
  for (const list of out.values()) list.sort();
  return out;
}
