/**
 * The nodes of a Push member as Karmada's scheduler-estimator keeps them (pkg/estimator/server,
 * nodes/node_info.go AssignedPodRequest; docs/karmada-compatibility.md#accurate-estimator): per node,
 * its labels, taints and cordon, and its allocatable minus the requests of the pods bound to it and
 * not Succeeded or Failed, each of those pods also taking one of its `pods`. Pure.
 */
import { isRecord } from '../model/index.ts';
import type { KubeObject, NodeObservation, NodeResources, NodeSnapshot, PodSnapshot, Taint } from '../model/index.ts';
import { addPodRequest, combine, emptyResource, isBound, podField, type Resource, sum } from './resource-summary.ts';

function stringMap(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

function taintsOf(node: KubeObject): Taint[] {
  const list = podField(node, 'spec', 'taints');
  if (!Array.isArray(list)) return [];
  return list.filter((t): t is Taint => isRecord(t) && typeof t['key'] === 'string' && typeof t['effect'] === 'string');
}

/** allocatable − occupied, or undefined when the pods ask more than the node has (Karmada's AssignedPodRequest error). */
function idleOf(allocatable: Resource, occupied: Resource): NodeResources | undefined {
  const left = (a: bigint, b: bigint) => a - b;
  const scalars: Record<string, number> = {};
  for (const [name, value] of allocatable.scalars)
    scalars[name] = Number(left(value, occupied.scalars.get(name) ?? 0n));
  for (const [name, value] of occupied.scalars) if (!allocatable.scalars.has(name) && value > 0n) return undefined;
  const idle: NodeResources = {
    milliCpu: Number(left(allocatable.milliCpu, occupied.milliCpu)),
    memory: Number(left(allocatable.memory, occupied.memory)),
    ephemeralStorage: Number(left(allocatable.ephemeralStorage, occupied.ephemeralStorage)),
    pods: Number(left(allocatable.pods, occupied.pods)),
    scalars,
  };
  const amounts = [idle.milliCpu, idle.memory, idle.ephemeralStorage, idle.pods, ...Object.values(scalars)];
  return amounts.some((n) => n < 0) ? undefined : idle;
}

function nodeName(node: KubeObject): string {
  return node.metadata.name ?? '';
}

/** Every node with what is left of it, in the order listed. */
export function nodeSnapshots(nodes: readonly KubeObject[], pods: readonly KubeObject[]): NodeSnapshot[] {
  const terminated = (pod: KubeObject) => ['Succeeded', 'Failed'].includes(String(podField(pod, 'status', 'phase')));
  const byNode = new Map<string, KubeObject[]>();
  for (const pod of pods) {
    if (!isBound(pod) || terminated(pod)) continue;
    const node = String(podField(pod, 'spec', 'nodeName'));
    const list = byNode.get(node);
    if (list) list.push(pod);
    else byNode.set(node, [pod]);
  }
  return nodes.map((node) => {
    const allocatable = emptyResource();
    combine(allocatable, podField(node, 'status', 'allocatable'), sum);
    const occupied = emptyResource();
    const assigned = byNode.get(nodeName(node)) ?? [];
    for (const pod of assigned) addPodRequest(occupied, pod);
    occupied.pods += BigInt(assigned.length);
    const idle = idleOf(allocatable, occupied);
    return {
      name: nodeName(node),
      labels: stringMap(node.metadata['labels']),
      taints: taintsOf(node),
      unschedulable: podField(node, 'spec', 'unschedulable') === true,
      ...(idle ? { idle } : {}),
    };
  });
}

function condition(pod: KubeObject, type: string): Record<string, unknown> | undefined {
  const list = podField(pod, 'status', 'conditions');
  return Array.isArray(list)
    ? list.find((c): c is Record<string, unknown> => isRecord(c) && c['type'] === type)
    : undefined;
}

/** Karmada's unschedulable pod (GetUnschedulablePodsOfWorkload): Pending, PodScheduled False with reason Unschedulable. */
function unschedulableSince(pod: KubeObject): string | undefined {
  if (podField(pod, 'status', 'phase') !== 'Pending') return undefined;
  const scheduled = condition(pod, 'PodScheduled');
  if (scheduled?.['status'] !== 'False' || scheduled['reason'] !== 'Unschedulable') return undefined;
  const since = scheduled['lastTransitionTime'];
  return typeof since === 'string' ? since : undefined;
}

/** The member's Ready and unschedulable pods, compacted for the descheduler. */
export function podSnapshots(pods: readonly KubeObject[]): PodSnapshot[] {
  return pods.flatMap((pod) => {
    const since = unschedulableSince(pod);
    const ready = condition(pod, 'Ready')?.['status'] === 'True';
    if (!ready && since === undefined) return [];
    return [
      {
        namespace: pod.metadata.namespace ?? '',
        labels: stringMap(pod.metadata['labels']),
        ready,
        ...(since !== undefined ? { unschedulableSince: since } : {}),
      },
    ];
  });
}

/** The node observation of a member whose nodes and pods were both listed. */
export function nodeObservation(nodes: readonly KubeObject[], pods: readonly KubeObject[]): NodeObservation {
  return { nodes: nodeSnapshots(nodes, pods), pods: podSnapshots(pods) };
}
