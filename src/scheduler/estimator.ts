import type { ReplicaRequirements } from '../model/index.ts';
import { quantityAsMilli, quantityAsNumber } from '../model/index.ts';
import type { ClusterCapacity } from './cluster-view.ts';

/** Go's math.MaxInt32: Karmada's "not estimated" boundary. */
export const MAX_INT32 = 2147483647;

/** One per-replica request, with Karmada's rounding applied once per binding. */
export interface ReplicaRequest {
  name: string;
  /** Quantity.Value(): rounded up to whole units. */
  value: number;
  /** Quantity.MilliValue(). */
  milli: number;
}

/** Parsed request quantities by their text, shared by the bindings of one scheduler. */
export type RequestCache = Map<string | number, { value: number; milli: number } | null>;

function parseRequest(raw: string | number, cache: RequestCache): { value: number; milli: number } | null {
  const known = cache.get(raw);
  if (known !== undefined) return known;
  const base = quantityAsNumber(raw);
  const milli = quantityAsMilli(raw);
  const parsed = base === undefined || milli === undefined ? null : { value: Math.ceil(base), milli };
  cache.set(raw, parsed);
  return parsed;
}

/** Parses `replicaRequirements.resourceRequest` once per binding; unparsable entries are skipped. */
export function replicaRequests(
  requirements: ReplicaRequirements | undefined,
  cache: RequestCache = new Map(),
): ReplicaRequest[] | null {
  if (!requirements) return null;
  const out: ReplicaRequest[] = [];
  for (const [name, raw] of Object.entries(requirements.resourceRequest ?? {})) {
    const parsed = parseRequest(raw, cache);
    if (parsed) out.push({ name, ...parsed });
  }
  return out;
}

function floorDiv(a: number, b: number): number {
  let q = Math.floor(a / b);
  if (q * b > a) q -= 1;
  return q;
}

/**
 * Karmada's general estimator (pkg/estimator/client/general.go, docs/karmada-compatibility.md#available-replicas): how
 * many more replicas fit in the cluster, from its resourceSummary. No summary → 0; the pod count bounds
 * the result; each requested resource R bounds it by floor(free R / request R), in milli-units
 * for cpu; a requested resource the cluster does not list → 0. Resource models are not used.
 */
export function estimateReplicas(capacity: ClusterCapacity | null, requests: readonly ReplicaRequest[] | null): number {
  if (!capacity || capacity.allowedPods <= 0) return 0;
  let max = capacity.allowedPods;
  for (const request of requests ?? []) {
    if (request.value <= 0) continue;
    const free = capacity.free.get(request.name);
    if (!free || free.value <= 0) return 0;
    const bound = request.name === 'cpu' ? floorDiv(free.milli, request.milli) : floorDiv(free.value, request.value);
    if (bound < max) max = bound;
  }
  return Math.min(max, MAX_INT32);
}
