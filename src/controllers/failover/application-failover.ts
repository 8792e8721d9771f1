/**
 * Karmada's application failover (docs/karmada-compatibility.md#failover-and-eviction): a binding with
 * `failover.application` and
 * `propagateDeps` whose workload stays Unhealthy on a member longer than
 * `decisionConditions.tolerationSeconds` is evicted from it. First-unhealthy times are per
 * (binding, cluster) and forgotten when the member reports Healthy or Unknown, or stops
 * reporting. Pure; time is passed in.
 */
import { refKey } from '../../model/index.ts';
import type { TemplateBinding } from '../../render/index.ts';
import type { HealthReport } from '../controller.ts';
import { evictionsDue } from './eviction.ts';
import type { EvictionTask } from './eviction.ts';

/** A binding's application failover settings, after the loader's defaults, and the producer its tasks name. */
export interface ApplicationFailover extends Pick<EvictionTask, 'purgeMode' | 'producer' | 'gracePeriodSeconds'> {
  key: string;
  clusters: readonly string[];
  tolerationSeconds: number;
}

/** The key of one (template, member) pair in the first-unhealthy map. */
export const unhealthyKey = (key: string, cluster: string): string => `${key}\n${cluster}`;

/** The template refKey and member of a first-unhealthy map key. */
export function unhealthyPair(id: string): { key: string; cluster: string } {
  const at = id.lastIndexOf('\n');
  return { key: id.slice(0, at), cluster: id.slice(at + 1) };
}

/** The first-unhealthy times after one status report: only what is Unhealthy now is kept. */
export function nextUnhealthy(
  previous: ReadonlyMap<string, number>,
  reports: readonly HealthReport[],
  now: number,
): Map<string, number> {
  const next = new Map<string, number>();
  for (const r of reports) {
    if (r.health !== 'Unhealthy') continue;
    const id = unhealthyKey(r.key, r.cluster);
    next.set(id, previous.get(id) ?? now);
  }
  return next;
}

/** The tasks to add: clusters a binding's workload has been Unhealthy on past its toleration. */
export function applicationEvictions(
  bindings: readonly ApplicationFailover[],
  unhealthySince: ReadonlyMap<string, number>,
  existing: ReadonlyMap<string, readonly EvictionTask[]>,
  now: number,
): Map<string, EvictionTask[]> {
  return evictionsDue(bindings, existing, (b, cluster) => {
    const since = unhealthySince.get(unhealthyKey(b.key, cluster));
    if (since === undefined || now - since < b.tolerationSeconds * 1000) return undefined;
    return {
      fromCluster: cluster,
      createdAt: now,
      purgeMode: b.purgeMode,
      reason: 'ApplicationFailure',
      producer: b.producer,
      ...(b.gracePeriodSeconds !== undefined ? { gracePeriodSeconds: b.gracePeriodSeconds } : {}),
    };
  });
}

/** Bindings Karmada's application failover acts on: `failover.application` and `propagateDeps`. */
export function applicationFailovers(bindings: readonly TemplateBinding[]): ApplicationFailover[] {
  return bindings.flatMap(({ binding }): ApplicationFailover[] => {
    const application = binding?.failover?.application;
    if (!binding || !application || !binding.propagateDeps) return [];
    const purgeMode = application.purgeMode ?? 'Gracefully';
    return [
      {
        key: refKey(binding.resource),
        clusters: binding.clusters.map((c) => c.name),
        tolerationSeconds: application.decisionConditions?.tolerationSeconds ?? 300,
        purgeMode,
        producer: binding.resource.namespace
          ? 'resource-binding-application-failover-controller'
          : 'cluster-resource-binding-application-failover-controller',
        // Karmada gives a task its own timeout only for Gracefully (buildTaskOptions).
        ...(purgeMode === 'Gracefully' && application.gracePeriodSeconds !== undefined
          ? { gracePeriodSeconds: application.gracePeriodSeconds }
          : {}),
      },
    ];
  });
}
