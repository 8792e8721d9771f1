/**
 * Where a scale target keeps its replicas and its pod selector — what its scale subresource
 * reads and writes (docs/karmada-compatibility.md#federatedhpa): `spec.replicas`,
 * `status.replicas` and the `spec.selector` label selector for the built-in workloads, and for a
 * custom kind the paths its CustomResourceDefinition's `subresources.scale` names, found among the
 * same commit's templates. Pure.
 */
import { groupOf, isRecord } from '../../model/index.ts';
import type { KubeObject, LabelSelector, SourceObject } from '../../model/index.ts';

/** The scale subresource of a kind. */
export interface ScalePaths {
  specReplicas: readonly string[];
  statusReplicas: readonly string[];
  /** A `spec.selector`-style label selector (or, for a ReplicationController, a label map), or a selector string (a CRD's labelSelectorPath). */
  selector: { path: readonly string[]; form: 'labelSelector' | 'map' | 'string' } | undefined;
}

const workload = (form: 'labelSelector' | 'map'): ScalePaths => ({
  specReplicas: ['spec', 'replicas'],
  statusReplicas: ['status', 'replicas'],
  selector: { path: ['spec', 'selector'], form },
});

const BUILT_IN: ReadonlyMap<string, ScalePaths> = new Map<string, ScalePaths>([
  ['apps/Deployment', workload('labelSelector')],
  ['apps/ReplicaSet', workload('labelSelector')],
  ['apps/StatefulSet', workload('labelSelector')],
  ['/ReplicationController', workload('map')],
]);

/** `.spec.replicas` → `['spec', 'replicas']`. */
function pathOf(jsonPath: unknown): string[] | undefined {
  if (typeof jsonPath !== 'string' || !jsonPath.startsWith('.')) return undefined;
  const parts = jsonPath.slice(1).split('.');
  return parts.every((p) => p !== '') ? parts : undefined;
}

function crdScale(apiVersion: string, kind: string, templates: readonly SourceObject[]): ScalePaths | undefined {
  const group = groupOf(apiVersion);
  const version = apiVersion.slice(group.length + 1);
  for (const { object } of templates) {
    if (object.kind !== 'CustomResourceDefinition' || !isRecord(object['spec'])) continue;
    const spec = object['spec'];
    if (spec['group'] !== group || !isRecord(spec['names']) || spec['names']['kind'] !== kind) continue;
    const versions = Array.isArray(spec['versions']) ? spec['versions'].filter(isRecord) : [];
    const v = versions.find((x) => x['name'] === version);
    const scale = isRecord(v?.['subresources']) ? v['subresources']['scale'] : undefined;
    if (!isRecord(scale)) return undefined;
    const specReplicas = pathOf(scale['specReplicasPath']);
    const statusReplicas = pathOf(scale['statusReplicasPath']);
    if (!specReplicas || !statusReplicas) return undefined;
    const selector = pathOf(scale['labelSelectorPath']);
    return { specReplicas, statusReplicas, selector: selector ? { path: selector, form: 'string' } : undefined };
  }
  return undefined;
}

/** The scale subresource of a template's kind, or undefined when it has none Flotilla knows of. */
export function scalePathsOf(template: KubeObject, templates: readonly SourceObject[]): ScalePaths | undefined {
  return (
    BUILT_IN.get(`${groupOf(template.apiVersion)}/${template.kind}`) ??
    crdScale(template.apiVersion, template.kind, templates)
  );
}

function at(object: unknown, path: readonly string[]): unknown {
  let value = object;
  for (const key of path) value = isRecord(value) ? value[key] : undefined;
  return value;
}

/** The spec replicas (a built-in workload without them has Kubernetes' default of 1). */
export function specReplicasOf(object: KubeObject, paths: ScalePaths): number {
  const value = at(object, paths.specReplicas);
  if (typeof value === 'number') return value;
  return paths.selector?.form === 'string' ? 0 : 1;
}

export function statusReplicasOf(object: KubeObject, paths: ScalePaths): number {
  const value = at(object, paths.statusReplicas);
  return typeof value === 'number' ? value : 0;
}

/** The object with its spec replicas set; the input is not changed. */
export function withSpecReplicas<T extends KubeObject>(object: T, paths: ScalePaths, replicas: number): T {
  const set = (node: unknown, path: readonly string[]): unknown => {
    const [key, ...rest] = path;
    if (key === undefined) return replicas;
    const record = isRecord(node) ? node : {};
    return { ...record, [key]: set(record[key], rest) };
  };
  return set(object, paths.specReplicas) as T;
}

const values = (list: readonly string[] | undefined): string => [...(list ?? [])].sort().join(',');

/** A label selector in the API's string form, as metav1.LabelSelectorAsSelector prints it. */
export function selectorString(selector: LabelSelector): string {
  const parts: [string, string][] = [
    ...Object.entries(selector.matchLabels ?? {}).map(([k, v]): [string, string] => [k, `${k}=${v}`]),
    ...(selector.matchExpressions ?? []).map((e): [string, string] => {
      switch (e.operator) {
        case 'In':
          return [e.key, `${e.key} in (${values(e.values)})`];
        case 'NotIn':
          return [e.key, `${e.key} notin (${values(e.values)})`];
        case 'Exists':
          return [e.key, e.key];
        default:
          return [e.key, `!${e.key}`];
      }
    }),
  ];
  return parts
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, text]) => text)
    .join(',');
}

/** The pods' selector of a member's copy of the workload, in string form; undefined when it has none. */
export function podSelectorOf(object: KubeObject, paths: ScalePaths): string | undefined {
  if (!paths.selector) return undefined;
  const value = at(object, paths.selector.path);
  if (paths.selector.form === 'string') return typeof value === 'string' && value !== '' ? value : undefined;
  if (!isRecord(value)) return undefined;
  const selector: LabelSelector =
    paths.selector.form === 'map' ? { matchLabels: value as Record<string, string> } : (value as LabelSelector);
  const text = selectorString(selector);
  return text === '' ? undefined : text;
}
