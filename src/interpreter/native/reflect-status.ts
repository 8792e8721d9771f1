/**
 * Native InterpretStatus (Karmada native/reflectstatus.go, docs/karmada-compatibility.md#native-interpreters): the
 * status subset each kind reports per cluster, zero values omitted; whole `.status` otherwise.
 */
import type { KubeObject } from '../../model/index.ts';
import { InterpretError } from '../errors.ts';
import { obj, str } from './object-path.ts';
import { WORKLOAD_COUNTERS } from './status-fields.ts';

const GENERATION_ANNOTATION = 'resourcetemplate.karmada.io/generation';

type Reflect = (o: KubeObject) => Record<string, unknown> | undefined;

function pick(status: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = status[f];
    if (v === undefined || v === null || v === 0 || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    out[f] = v;
  }
  return out;
}

function templateGeneration(o: KubeObject): number {
  const raw = o.metadata.annotations?.[GENERATION_ANNOTATION];
  if (raw === undefined) return 0;
  if (!/^-?\d+$/.test(raw))
    throw new InterpretError(
      `${o.kind}/${o.metadata.name ?? ''}`,
      'InterpretStatus',
      `annotation ${GENERATION_ANNOTATION} is not an integer: ${raw}`,
    );
  return Number(raw);
}

/** A counter subset plus the member generation and the template generation it was rendered from. */
function withGenerations(fields: readonly string[]): Reflect {
  return (o) => {
    if (o['status'] === undefined) return undefined;
    const out = pick(obj(o['status']), fields);
    const generation = o.metadata.generation ?? 0;
    const resourceTemplateGeneration = templateGeneration(o);
    if (generation) out['generation'] = generation;
    if (resourceTemplateGeneration) out['resourceTemplateGeneration'] = resourceTemplateGeneration;
    return Object.keys(out).length > 0 ? out : undefined;
  };
}

function subset(fields: readonly string[]): Reflect {
  return (o) => {
    if (o['status'] === undefined) return undefined;
    const out = pick(obj(o['status']), fields);
    return Object.keys(out).length > 0 ? out : undefined;
  };
}

/** The whole status, for every kind without a specific reflector. */
export const reflectWhole: Reflect = (o) => {
  const status = o['status'];
  return status !== null && typeof status === 'object' && !Array.isArray(status)
    ? structuredClone(status as Record<string, unknown>)
    : undefined;
};

/**
 * Per-kind reflectors. Deviation (docs/karmada-compatibility.md#native-interpreters, #karmada-quirks): StatefulSet
 * reflects observedGeneration, so its aggregated observedGeneration advances like a Deployment's instead of never.
 */
export const REFLECTORS: Readonly<Record<string, Reflect>> = {
  Deployment: withGenerations([...WORKLOAD_COUNTERS.Deployment, 'observedGeneration']),
  ReplicaSet: withGenerations([...WORKLOAD_COUNTERS.ReplicaSet, 'observedGeneration']),
  StatefulSet: withGenerations([...WORKLOAD_COUNTERS.StatefulSet, 'observedGeneration']),
  DaemonSet: withGenerations([...WORKLOAD_COUNTERS.DaemonSet, 'observedGeneration']),
  Job: subset(['active', 'succeeded', 'failed', 'conditions', 'startTime', 'completionTime']),
  Service: (o) =>
    str(o, 'spec.type') === 'LoadBalancer' && o['status'] !== undefined
      ? { loadBalancer: structuredClone(obj(obj(o['status'])['loadBalancer'])) }
      : undefined,
  PodDisruptionBudget: subset([
    'disruptionsAllowed',
    'expectedPods',
    'desiredHealthy',
    'currentHealthy',
    'disruptedPods',
  ]),
  HorizontalPodAutoscaler: subset(WORKLOAD_COUNTERS.HorizontalPodAutoscaler),
};
