/**
 * Where the regular containers of a workload live, for the overriders that only know built-in
 * kinds (imageoverride.go and commandargsoverride.go, docs/karmada-compatibility.md#the-overriders). Other kinds, CRDs
 * and CronJob included, have no implicit containers.
 */
import type { KubeObject } from '../../model/index.ts';

const POD_CONTAINERS = ['spec', 'containers'];
const TEMPLATE_CONTAINERS = ['spec', 'template', 'spec', 'containers'];
const POD_TEMPLATE_KINDS: ReadonlySet<string> = new Set([
  'ReplicaSet',
  'Deployment',
  'DaemonSet',
  'StatefulSet',
  'Job',
]);

/** The pointer of the pod spec (`/spec` or `/spec/template/spec`), or undefined for other kinds. */
function podSpecPointer(obj: KubeObject): string | undefined {
  if (obj.kind === 'Pod') return '/spec';
  return POD_TEMPLATE_KINDS.has(obj.kind) ? '/spec/template/spec' : undefined;
}

/** The regular containers of a built-in workload and where they are, or why they cannot be read. */
export type RegularContainers =
  | { readonly podSpec: string; readonly containers: readonly Record<string, unknown>[] }
  | { readonly podSpec: string; readonly reason: string };

/** Undefined for kinds without implicit containers; an empty list when the list is absent. */
export function regularContainers(obj: KubeObject): RegularContainers | undefined {
  const podSpec = podSpecPointer(obj);
  if (podSpec === undefined) return undefined;
  const containers = containersAt(obj, podSpec);
  return typeof containers === 'string' ? { podSpec, reason: containers } : { podSpec, containers: containers ?? [] };
}

/**
 * The `containers` list at that pod spec: undefined when absent, a reason when it is not a list
 * of objects (Karmada's conversion to the typed object fails there).
 */
function containersAt(obj: KubeObject, podSpec: string): Record<string, unknown>[] | undefined | string {
  let node: unknown = obj;
  for (const key of podSpec === '/spec' ? POD_CONTAINERS : TEMPLATE_CONTAINERS) {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return `${podSpec} is not an object`;
    node = (node as Record<string, unknown>)[key];
    if (node === undefined || node === null) return undefined;
  }
  if (!Array.isArray(node)) return `${podSpec}/containers is not a list`;
  for (const c of node) {
    if (typeof c !== 'object' || c === null || Array.isArray(c)) return `${podSpec}/containers has a non-object entry`;
  }
  return node as Record<string, unknown>[];
}
