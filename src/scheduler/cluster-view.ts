import type { Cluster, NodeSnapshot, Taint } from '../model/index.ts';
import { quantityAsMilli, quantityAsNumber } from '../model/index.ts';
import { effectiveTaints } from './readiness-taints.ts';

/** Free amount of one resource: allocatable − allocated − allocating, rounded up. */
export interface FreeResource {
  /** resource.Quantity.Value() of the difference. */
  value: number;
  /** resource.Quantity.MilliValue() of the difference (Karmada uses it for cpu). */
  milli: number;
}

/** What the general estimator reads of a cluster's resourceSummary, parsed once. */
export interface ClusterCapacity {
  /** allocatable.pods − allocated.pods − allocating.pods, floored at 0. */
  allowedPods: number;
  /** Keyed by the resources listed in `allocatable`. */
  free: ReadonlyMap<string, FreeResource>;
}

/** A Cluster with everything the scheduler derives from it computed once per plan. */
export interface ClusterView {
  readonly name: string;
  readonly cluster: Cluster;
  /** spec.taints plus the readiness taints (readiness-taints.ts). */
  readonly taints: readonly Taint[];
  /** `groupVersion/Kind` of every enabled API; null means every API is enabled. */
  readonly apis: ReadonlySet<string> | null;
  /** null when the cluster publishes no resourceSummary: the estimator finds no room. */
  readonly capacity: ClusterCapacity | null;
  /** The member's observed nodes for the accurate estimator; null when unobserved (offline, Pull members). */
  readonly nodes: readonly NodeSnapshot[] | null;
  /** The accurate estimates made so far, by replica requirements (`BindingRun.requirementsKey`): many bindings share them. */
  readonly accurate: Map<string, number>;
  readonly deleting: boolean;
}

/** Resource quantities come as strings or bare YAML numbers; unparsable counts as absent. */
type Amounts = Readonly<Record<string, string | number>> | undefined;

function amount(list: Amounts, name: string, read: (q: string | number) => number | undefined): number {
  const raw = list?.[name];
  return raw === undefined ? 0 : (read(raw) ?? 0);
}

function capacityOf(cluster: Cluster): ClusterCapacity | null {
  const summary = cluster.status?.resourceSummary;
  if (!summary) return null;
  const { allocatable, allocated, allocating } = summary;
  const pods = (list: Amounts) => Math.ceil(amount(list, 'pods', quantityAsNumber));
  const free = new Map<string, FreeResource>();
  for (const name of Object.keys(allocatable ?? {})) {
    const milli =
      amount(allocatable, name, quantityAsMilli) -
      amount(allocated, name, quantityAsMilli) -
      amount(allocating, name, quantityAsMilli);
    const base =
      amount(allocatable, name, quantityAsNumber) -
      amount(allocated, name, quantityAsNumber) -
      amount(allocating, name, quantityAsNumber);
    free.set(name, { value: Math.ceil(base), milli });
  }
  return { allowedPods: Math.max(0, pods(allocatable) - pods(allocated) - pods(allocating)), free };
}

function apisOf(cluster: Cluster): ReadonlySet<string> | null {
  const enablements = cluster.status?.apiEnablements;
  if (!enablements) return null;
  const apis = new Set<string>();
  for (const e of enablements) for (const r of e.resources ?? []) apis.add(`${e.groupVersion}/${r.kind}`);
  return apis;
}

/** Derives the scheduler's view of one cluster (pure; call once per plan, not per binding). */
export function viewCluster(cluster: Cluster, nodes: readonly NodeSnapshot[] | null = null): ClusterView {
  return {
    name: cluster.metadata.name,
    cluster,
    taints: effectiveTaints(cluster),
    apis: apisOf(cluster),
    capacity: capacityOf(cluster),
    nodes,
    accurate: new Map(),
    deleting: cluster.metadata['deletionTimestamp'] != null,
  };
}
