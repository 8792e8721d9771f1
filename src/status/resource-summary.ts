/**
 * Karmada's cluster resource summary (pkg/controllers/status/cluster_status_controller.go
 * getResourceSummary, pkg/util/resource.go): allocatable is the sum of every node's allocatable;
 * allocated the requests of pods bound to a node and not Succeeded or Failed; allocating the
 * requests of pods not bound yet; each with a pod count.
 */
import {
  isRecord,
  addQuantities,
  formatQuantity,
  newMilliQuantity,
  newQuantity,
  quantityMilliValue,
  quantityValue,
  toQuantity,
  type Quantity,
} from '../model/index.ts';
import type { KubeObject, ResourceList, ResourceSummary } from '../model/index.ts';

/** Karmada's util.Resource: integer milli-CPU, bytes and counts. */
export interface Resource {
  milliCpu: bigint;
  memory: bigint;
  ephemeralStorage: bigint;
  pods: bigint;
  scalars: Map<string, bigint>;
}

export function emptyResource(): Resource {
  return { milliCpu: 0n, memory: 0n, ephemeralStorage: 0n, pods: 0n, scalars: new Map() };
}

/** Kubernetes' IsScalarResourceName: extended, prefixed native, hugepages and attachable-volume resources. */
function isScalar(name: string): boolean {
  if (name.startsWith('hugepages-') || name.startsWith('attachable-volumes-') || name.includes('kubernetes.io/'))
    return true;
  return name.includes('/') && !name.startsWith('requests.');
}

function quantities(list: unknown): [string, Quantity][] {
  if (!isRecord(list)) return [];
  const out: [string, Quantity][] = [];
  for (const [name, value] of Object.entries(list)) {
    if (typeof value === 'string' || typeof value === 'number') out.push([name, toQuantity(value)]);
  }
  return out;
}

/** `Resource.Add` (combine: sum) and `Resource.SetMaxResource` (combine: max), one switch for both. */
export function combine(r: Resource, list: unknown, op: (current: bigint, value: bigint) => bigint): void {
  for (const [name, q] of quantities(list)) {
    switch (name) {
      case 'cpu':
        r.milliCpu = op(r.milliCpu, quantityMilliValue(q));
        break;
      case 'memory':
        r.memory = op(r.memory, quantityValue(q));
        break;
      case 'pods':
        r.pods = op(r.pods, quantityValue(q));
        break;
      case 'ephemeral-storage':
        r.ephemeralStorage = op(r.ephemeralStorage, quantityValue(q));
        break;
      default:
        if (isScalar(name)) r.scalars.set(name, op(r.scalars.get(name) ?? 0n, quantityValue(q)));
    }
  }
}

export const sum = (a: bigint, b: bigint): bigint => a + b;
const max = (a: bigint, b: bigint): bigint => (b > a ? b : a);

function containers(spec: Record<string, unknown>, field: string): Record<string, unknown>[] {
  const list = spec[field];
  return Array.isArray(list) ? list.filter(isRecord) : [];
}

function requestsOf(container: Record<string, unknown>): unknown {
  return isRecord(container['resources']) ? container['resources']['requests'] : undefined;
}

/**
 * `Resource.AddPodRequest`: containers' requests are added, then each init container's requests
 * raise the running total to at least their value, then the overhead is added. Karmada applies
 * the init-container maximum to the total across pods, not per pod; kept for fidelity.
 */
export function addPodRequest(r: Resource, pod: KubeObject): void {
  const spec = isRecord(pod['spec']) ? pod['spec'] : {};
  for (const c of containers(spec, 'containers')) combine(r, requestsOf(c), sum);
  for (const c of containers(spec, 'initContainers')) combine(r, requestsOf(c), max);
  combine(r, spec['overhead'], sum);
}

/** `Resource.ResourceList`: only positive amounts; `undefined` when nothing is left. */
function resourceList(r: Resource): ResourceList | undefined {
  const out: ResourceList = {};
  if (r.milliCpu > 0n) out['cpu'] = formatQuantity(newMilliQuantity(r.milliCpu, 'DecimalSI'));
  if (r.memory > 0n) out['memory'] = formatQuantity(newQuantity(r.memory, 'BinarySI'));
  if (r.ephemeralStorage > 0n) out['ephemeral-storage'] = formatQuantity(newQuantity(r.ephemeralStorage, 'BinarySI'));
  if (r.pods > 0n) out['pods'] = formatQuantity(newQuantity(r.pods, 'DecimalSI'));
  for (const [name, value] of r.scalars) {
    if (value > 0n)
      out[name] = formatQuantity(newQuantity(value, name.startsWith('hugepages-') ? 'BinarySI' : 'DecimalSI'));
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

export function podField(pod: KubeObject, section: 'spec' | 'status', field: string): unknown {
  const part = pod[section];
  return isRecord(part) ? part[field] : undefined;
}

/** Requests of the pods `select` keeps, plus their count, as Karmada's getAllocated/AllocatingResource. */
function podRequests(pods: readonly KubeObject[], select: (pod: KubeObject) => boolean): ResourceList | undefined {
  const r = emptyResource();
  let count = 0n;
  for (const pod of pods) {
    if (!select(pod)) continue;
    addPodRequest(r, pod);
    count++;
  }
  r.pods += count;
  return resourceList(r);
}

/** `getClusterAllocatable`: node allocatable summed per resource name, as quantities. */
export function clusterAllocatable(nodes: readonly KubeObject[]): ResourceList {
  const totals = new Map<string, Quantity>();
  for (const node of nodes) {
    for (const [name, q] of quantities(podField(node, 'status', 'allocatable'))) {
      const seen = totals.get(name);
      totals.set(name, seen ? addQuantities(seen, q) : q);
    }
  }
  return Object.fromEntries([...totals].map(([name, q]) => [name, formatQuantity(q)]));
}

export function isBound(pod: KubeObject): boolean {
  const node = podField(pod, 'spec', 'nodeName');
  return typeof node === 'string' && node !== '';
}

/** Karmada's resourceSummary of a member cluster from its nodes and pods. */
export function resourceSummary(nodes: readonly KubeObject[], pods: readonly KubeObject[]): ResourceSummary {
  const terminated = (pod: KubeObject) => ['Succeeded', 'Failed'].includes(String(podField(pod, 'status', 'phase')));
  const allocated = podRequests(pods, (pod) => isBound(pod) && !terminated(pod));
  const allocating = podRequests(pods, (pod) => !isBound(pod));
  return {
    allocatable: clusterAllocatable(nodes),
    ...(allocating ? { allocating } : {}),
    ...(allocated ? { allocated } : {}),
  };
}

/** Karmada's nodeSummary: every node, and those whose Ready condition is True. */
export function nodeSummary(nodes: readonly KubeObject[]): { totalNum: number; readyNum: number } {
  const ready = nodes.filter((node) => {
    const conditions = podField(node, 'status', 'conditions');
    return (
      Array.isArray(conditions) &&
      conditions.some((c) => isRecord(c) && c['type'] === 'Ready' && c['status'] === 'True')
    );
  });
  return { totalNum: nodes.length, readyNum: ready.length };
}
