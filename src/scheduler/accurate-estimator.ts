/**
 * Karmada's accurate scheduler-estimator (pkg/estimator/server: nodes/filter.go, the noderesource
 * plugin, nodes/node_info.go; docs/karmada-compatibility.md#accurate-estimator), computed from a
 * member's observed nodes instead of a gRPC server in the member: the replicas that fit are summed
 * over the nodes the replica's node claim admits (nodeSelector, required node affinity, tolerations
 * of NoSchedule/NoExecute taints and of a cordon), each node giving floor(idle / request) per
 * requested resource, bounded by its free pod slots. No node → 0.
 */
import type {
  NodeResources,
  NodeSelectorRequirement,
  NodeSnapshot,
  ReplicaRequirements,
  Toleration,
} from '../model/index.ts';
import { isRecord } from '../model/index.ts';
import { MAX_INT32, type ReplicaRequest } from './estimator.ts';
import { findUntoleratedTaint, toleratesTaint } from './toleration.ts';

type NodeClaim = NonNullable<ReplicaRequirements['nodeClaim']>;

const UNSCHEDULABLE_TAINT = { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' } as const;

/** Kubernetes' node selector requirement against one value (labels, or metadata.name for matchFields). */
function requirementMatches(r: NodeSelectorRequirement, value: string | undefined): boolean {
  const values = r.values ?? [];
  switch (r.operator) {
    case 'In':
      return value !== undefined && values.includes(value);
    case 'NotIn':
      return value === undefined || !values.includes(value);
    case 'Exists':
      return value !== undefined;
    case 'DoesNotExist':
      return value === undefined;
    case 'Gt':
    case 'Lt': {
      if (value === undefined || values.length !== 1) return false;
      const [have, bound] = [Number.parseInt(value, 10), Number.parseInt(values[0] ?? '', 10)];
      if (Number.isNaN(have) || Number.isNaN(bound)) return false;
      return r.operator === 'Gt' ? have > bound : have < bound;
    }
    default:
      return false;
  }
}

function requirementsOf(term: Record<string, unknown>, field: string): NodeSelectorRequirement[] {
  const list = term[field];
  return Array.isArray(list) ? (list.filter(isRecord) as unknown as NodeSelectorRequirement[]) : [];
}

/** A nodeSelectorTerm: every expression and field requirement holds; a term with neither matches nothing. */
function termMatches(term: unknown, node: NodeSnapshot): boolean {
  if (!isRecord(term)) return false;
  const expressions = requirementsOf(term, 'matchExpressions');
  const fields = requirementsOf(term, 'matchFields');
  if (expressions.length === 0 && fields.length === 0) return false;
  return (
    expressions.every((r) => requirementMatches(r, node.labels[r.key])) &&
    fields.every((r) => r.key === 'metadata.name' && requirementMatches(r, node.name))
  );
}

/** component-helpers' RequiredNodeAffinity.Match: the nodeSelector's labels, then any of the hard affinity's terms. */
export function nodeAffinityMatches(node: NodeSnapshot, claim: NodeClaim | undefined): boolean {
  for (const [key, value] of Object.entries(claim?.nodeSelector ?? {})) if (node.labels[key] !== value) return false;
  const affinity = claim?.hardNodeAffinity;
  if (!isRecord(affinity)) return true;
  const terms = affinity['nodeSelectorTerms'];
  return Array.isArray(terms) && terms.some((t) => termMatches(t, node));
}

/** nodes.IsTolerationMatched: a cordoned node needs the unschedulable taint tolerated, then no untolerated taint. */
export function nodeTolerated(node: NodeSnapshot, tolerations: readonly Toleration[]): boolean {
  if (node.unschedulable && !tolerations.some((t) => toleratesTaint(t, UNSCHEDULABLE_TAINT))) return false;
  return findUntoleratedTaint(node.taints, tolerations) === undefined;
}

const SCALAR = /^(hugepages-|attachable-volumes-)|kubernetes\.io\/|\//;

function idleAmount(idle: NodeResources, request: ReplicaRequest): { have: number; need: number } | undefined {
  switch (request.name) {
    case 'cpu':
      return { have: idle.milliCpu, need: request.milli };
    case 'memory':
      return { have: idle.memory, need: request.value };
    case 'ephemeral-storage':
      return { have: idle.ephemeralStorage, need: request.value };
    default:
      if (!SCALAR.test(request.name) || request.name.startsWith('requests.')) return undefined;
      return { have: idle.scalars[request.name] ?? 0, need: request.value };
  }
}

/** util.Resource.MaxDivided: the pod slots, then each requested resource with a positive request; an unknown scalar → 0. */
export function nodeReplicas(idle: NodeResources | undefined, requests: readonly ReplicaRequest[]): number {
  if (!idle) return 0;
  let max = idle.pods;
  for (const request of requests) {
    const amount = idleAmount(idle, request);
    if (!amount || amount.need <= 0) continue;
    max = Math.min(max, Math.floor(amount.have / amount.need));
  }
  return Math.max(0, max);
}

/** The replicas the member's nodes take for this replica requirement. */
export function estimateOnNodes(
  nodes: readonly NodeSnapshot[],
  requirements: ReplicaRequirements | undefined,
  requests: readonly ReplicaRequest[] | null,
): number {
  const claim = requirements?.nodeClaim;
  const tolerations = claim?.tolerations ?? [];
  let total = 0;
  for (const node of nodes) {
    if (!nodeAffinityMatches(node, claim) || !nodeTolerated(node, tolerations)) continue;
    total += nodeReplicas(node.idle, requests ?? []);
  }
  return Math.min(total, MAX_INT32);
}
