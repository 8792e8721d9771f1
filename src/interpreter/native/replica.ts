/**
 * Native InterpretReplica (Karmada native/replica.go, docs/karmada-compatibility.md#native-interpreters) with the
 * API-server defaulting Karmada relies on (docs/karmada-compatibility.md#api-server-defaulting): an absent
 * `spec.replicas` is 1, an absent Job
 * `parallelism` is 1.
 */
import type { KubeObject } from '../../model/index.ts';
import { type PodRequirementOptions, type PodSpecView, podRequirements } from '../pod-requirements.ts';
import type { ReplicaResult } from '../types.ts';
import { at, num, obj } from './object-path.ts';

function withRequirements(
  replicas: number,
  spec: unknown,
  o: KubeObject,
  options: PodRequirementOptions,
): ReplicaResult {
  const requirements = podRequirements(obj(spec) as PodSpecView, o.metadata.namespace ?? '', options);
  return requirements ? { replicas, requirements } : { replicas };
}

/** Replicas from `spec.replicas` (default 1) and the pod template. */
export function workloadReplicas(o: KubeObject, options: PodRequirementOptions): ReplicaResult {
  return withRequirements(num(o, 'spec.replicas', 1), at(o, 'spec.template.spec'), o, options);
}

/** Job: `parallelism` (default 1), capped at `completions` when set. */
export function jobReplicas(o: KubeObject, options: PodRequirementOptions): ReplicaResult {
  let replicas = num(o, 'spec.parallelism', 1);
  const completions = at(o, 'spec.completions');
  if (typeof completions === 'number' && completions < replicas) replicas = completions;
  return withRequirements(replicas, at(o, 'spec.template.spec'), o, options);
}

/** Pod: one replica, requirements from its own spec. */
export function podReplicas(o: KubeObject, options: PodRequirementOptions): ReplicaResult {
  return withRequirements(1, o['spec'], o, options);
}
