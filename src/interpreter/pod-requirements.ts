/**
 * Per-replica requirements of a pod spec (Karmada pkg/util/helper/binding.go
 * GenerateReplicaRequirements and pkg/util/resource.go): node claim plus the effective resource
 * request, docs/karmada-compatibility.md#native-interpreters. Shared by the native interpreters and
 * `kube.accuratePodRequirements`.
 */
import type { ReplicaRequirements, ResourceList, Toleration } from '../model/index.ts';
import {
  type Quantity,
  formatQuantity,
  newMilliQuantity,
  newQuantity,
  quantityMilliValue,
  quantityValue,
  toQuantity,
} from '../model/index.ts';

type Totals = Map<string, bigint>;

/** The parts of a pod spec the requirement computation reads. */
export interface PodSpecView {
  containers?: ContainerView[];
  initContainers?: ContainerView[];
  overhead?: ResourceList;
  nodeSelector?: Record<string, string>;
  tolerations?: Toleration[];
  affinity?: { nodeAffinity?: { requiredDuringSchedulingIgnoredDuringExecution?: unknown } };
  priorityClassName?: string;
}

interface ContainerView {
  resources?: { requests?: ResourceList; limits?: ResourceList };
}

/** Options of the computation: Karmada's ResourceQuotaEstimate gate (alpha, off by default). */
export interface PodRequirementOptions {
  readonly resourceQuotaEstimate: boolean;
}

/** Replica requirements of one pod spec; `undefined` when there are neither a node claim nor requests. */
export function podRequirements(
  spec: PodSpecView | undefined,
  namespace: string,
  options: PodRequirementOptions,
): ReplicaRequirements | undefined {
  const nodeClaim = nodeClaimOf(spec ?? {});
  const resourceRequest = effectiveRequest(spec ?? {});
  if (!nodeClaim && !resourceRequest) return undefined;
  const out: ReplicaRequirements = {};
  if (nodeClaim) out.nodeClaim = nodeClaim;
  if (resourceRequest) out.resourceRequest = resourceRequest;
  if (options.resourceQuotaEstimate) {
    out.namespace = namespace;
    if (spec?.priorityClassName) out.priorityClassName = spec.priorityClassName;
  }
  return out;
}

function nodeClaimOf(spec: PodSpecView): ReplicaRequirements['nodeClaim'] {
  const hard = spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  const nodeSelector = spec.nodeSelector && Object.keys(spec.nodeSelector).length > 0 ? spec.nodeSelector : undefined;
  const tolerations = spec.tolerations && spec.tolerations.length > 0 ? spec.tolerations : undefined;
  if (hard === undefined && !nodeSelector && !tolerations) return undefined;
  const claim: NonNullable<ReplicaRequirements['nodeClaim']> = {};
  if (hard !== undefined) claim.hardNodeAffinity = hard;
  if (nodeSelector) claim.nodeSelector = nodeSelector;
  if (tolerations) claim.tolerations = tolerations;
  return claim;
}

/**
 * Sum of containers, raised to each init container's request, plus overhead
 * (docs/karmada-compatibility.md#native-interpreters).
 */
function effectiveRequest(spec: PodSpecView): ResourceList | undefined {
  const totals: Totals = new Map();
  for (const c of spec.containers ?? []) addList(totals, requestsWithLimits(c));
  for (const c of spec.initContainers ?? []) {
    const init: Totals = new Map();
    addList(init, requestsWithLimits(c));
    for (const [name, value] of init) if (value > (totals.get(name) ?? 0n)) totals.set(name, value);
  }
  if (spec.overhead) addList(totals, spec.overhead);
  return toResourceList(totals);
}

function requestsWithLimits(c: ContainerView): ResourceList {
  return { ...(c.resources?.limits ?? {}), ...(c.resources?.requests ?? {}) };
}

/** Karmada's Resource.Add: cpu in milli units, everything counted in rounded-up integer units. */
function addList(totals: Totals, list: ResourceList): void {
  for (const [name, raw] of Object.entries(list)) {
    if (!isCountedResource(name)) continue;
    const q: Quantity = toQuantity(raw);
    const units = name === 'cpu' ? quantityMilliValue(q) : quantityValue(q);
    totals.set(name, (totals.get(name) ?? 0n) + units);
  }
}

function isCountedResource(name: string): boolean {
  if (name === 'cpu' || name === 'memory' || name === 'ephemeral-storage' || name === 'pods') return true;
  return name.startsWith('hugepages-') || name.startsWith('attachable-volumes-') || name.includes('/');
}

function toResourceList(totals: Totals): ResourceList | undefined {
  const out: ResourceList = {};
  for (const name of [...totals.keys()].sort()) {
    const value = totals.get(name) ?? 0n;
    if (value <= 0n) continue;
    out[name] = formatQuantity(quantityOf(name, value));
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function quantityOf(name: string, value: bigint): Quantity {
  if (name === 'cpu') return newMilliQuantity(value, 'DecimalSI');
  const binary = name === 'memory' || name === 'ephemeral-storage' || name.startsWith('hugepages-');
  return newQuantity(value, binary ? 'BinarySI' : 'DecimalSI');
}
