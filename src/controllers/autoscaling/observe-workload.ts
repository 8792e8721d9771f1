/**
 * What a FederatedHPA's sync reads from the members (docs/karmada-compatibility.md#federatedhpa):
 * the target template and its binding from the last render, then, from every Ready member of the
 * binding but a Pull one (the hub never contacts it), the workload's copy (its scale: spec and
 * status replicas, pod selector), its pods and their PodMetrics (metrics.k8s.io/v1beta1). A member that cannot be read is left out, as
 * Karmada's controller skips it; when none can be, the sync says so. The effectful part of the
 * controller: everything it reads goes through the KubeClient port.
 */
import type { KubeClient } from '../../apply/index.ts';
import { pullMemberNames, refKey, refOf, targetRef } from '../../model/index.ts';
import type { ClusterStatus, FederatedHPA, KubeObject } from '../../model/index.ts';
import type { Fleet, TemplateBinding } from '../../render/index.ts';
import { isClusterReady } from '../../status/index.ts';
import { templateOf } from './autoscaling-memory.ts';
import type { MemberScale, ScaleObservation } from './hpa-sync.ts';
import { podSampleOf, podUsageOf } from './pod-sample.ts';
import type { PodSample, PodUsage } from './pod-sample.ts';
import { podSelectorOf, scalePathsOf, specReplicasOf, statusReplicasOf } from './scale-target.ts';
import type { ScalePaths } from './scale-target.ts';

/** The PodMetrics kind of the resource metrics API every member serves through metrics-server. */
export const POD_METRICS = { apiVersion: 'metrics.k8s.io/v1beta1', kind: 'PodMetrics' } as const;

/** What an observation needs from the controller: the last pass's fleet, bindings and cluster snapshot, and clients. */
export interface ObservationContext {
  fleet: Fleet;
  bindings: readonly TemplateBinding[];
  observed: ReadonlyMap<string, ClusterStatus>;
  clients: (clusters: readonly string[]) => Promise<ReadonlyMap<string, KubeClient | Error>>;
}

const failure = (reason: string, message: string): ScaleObservation => ({ ok: false, reason, message });
const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

interface MemberRead {
  scale?: MemberScale;
  selector?: string;
  pods: PodSample[];
  usage?: PodUsage[];
  usageError?: string;
}

async function readMember(client: KubeClient, copy: KubeObject, paths: ScalePaths): Promise<MemberRead> {
  const live = await client
    .get({
      apiVersion: copy.apiVersion,
      kind: copy.kind,
      namespace: copy.metadata.namespace ?? '',
      name: copy.metadata.name ?? '',
    })
    .catch(() => undefined);
  if (!live) return { pods: [] };
  const scale = {
    cluster: client.cluster,
    specReplicas: specReplicasOf(live, paths),
    statusReplicas: statusReplicasOf(live, paths),
  };
  const selector = podSelectorOf(live, paths);
  if (selector === undefined) return { scale, pods: [] };
  const namespace = copy.metadata.namespace ?? '';
  const [pods, usage] = await Promise.all([
    client.list({ apiVersion: 'v1', kind: 'Pod', namespace, labelSelector: selector }).then(
      (list) => list.map((p) => podSampleOf(client.cluster, p)),
      () => [] as PodSample[],
    ),
    client.list({ ...POD_METRICS, namespace, labelSelector: selector }).then(
      (list) => ({ usage: list.map((m) => podUsageOf(client.cluster, m)) }),
      (error: unknown) => ({ usageError: `unable to fetch metrics from resource metrics API: ${reasonOf(error)}` }),
    ),
  ]);
  return { scale, selector, pods, ...usage };
}

/** Reads one FederatedHPA's workload from the members that run it. */
export async function observeWorkload(hpa: FederatedHPA, context: ObservationContext): Promise<ScaleObservation> {
  const ref = targetRef(hpa.metadata.namespace, hpa.spec.scaleTargetRef);
  const template = templateOf(context.fleet, ref);
  if (!template)
    return failure(
      'FailedGetScaleTargetRef',
      `the HPA controller was unable to get the target reference object: ${ref.kind} "${ref.name}" not found in the repository`,
    );
  const paths = scalePathsOf(template.object, context.fleet.templates);
  if (!paths)
    return failure(
      'FailedGetScale',
      `the HPA controller was unable to get the target's current scale: ${ref.kind} "${ref.name}" has no scale subresource`,
    );
  const binding = context.bindings.find((b) => refKey(refOf(b.template.object)) === refKey(ref))?.binding;
  if (!binding)
    return failure(
      'FailedGetBinding',
      'the HPA controller was unable to get the binding by scaleTargetRef: No binding matches the target resource.',
    );
  if (binding.clusters.length === 0)
    return failure(
      'FailedGetTargetClusters',
      'the HPA controller was unable to get the target clusters from binding: Binding has no schedulable clusters.',
    );
  const pull = new Set(pullMemberNames(context.fleet.clusters));
  const ready = binding.clusters
    .map((c) => c.name)
    .filter((name) => {
      if (pull.has(name)) return false;
      const status = context.observed.get(name);
      return status === undefined || isClusterReady(status);
    });
  const clients = await context.clients(ready);
  const reads = await Promise.all(
    ready.map(async (name): Promise<MemberRead> => {
      const client = clients.get(name);
      return client === undefined || client instanceof Error
        ? { pods: [] }
        : readMember(client, template.object, paths);
    }),
  );
  const answered = reads.filter((r) => r.usage !== undefined);
  const errors = reads.flatMap((r) => (r.usageError ? [r.usageError] : []));
  // As Karmada's summed scale, the workload's selector is the first member's.
  const selector = reads.find((r) => r.selector !== undefined)?.selector;
  return {
    ok: true,
    scales: reads.flatMap((r) => (r.scale ? [r.scale] : [])),
    ...(selector !== undefined ? { selector } : {}),
    pods: reads.flatMap((r) => r.pods),
    usage:
      answered.length === 0 && errors.length > 0
        ? { error: errors[0] as string }
        : answered.flatMap((r) => r.usage ?? []),
  };
}
