import { groupKind } from '../../model/index.ts';
import type { KubeObject, ScheduledBinding } from '../../model/index.ts';
import { dispense, namesDescending, resolveStrategy, tieBreakSeed } from '../../scheduler/index.ts';

/**
 * Karmada splits a Divided Job's `spec.completions` over its clusters with the Dispenser, weighted
 * by each cluster's replicas (its parallelism), ties keyed on the template
 * (docs/karmada-compatibility.md#rendering-order). Returns cluster → completions, or undefined when the rule does not
 * apply.
 */
export function splitCompletions(template: KubeObject, binding: ScheduledBinding): Map<string, number> | undefined {
  if (groupKind(template.apiVersion, template.kind) !== 'batch/Job' || binding.replicas <= 0) return undefined;
  const strategy = resolveStrategy(binding.placement);
  if (strategy === undefined || strategy === 'Duplicated') return undefined;
  const completions = (template['spec'] as { completions?: unknown } | undefined)?.completions;
  if (typeof completions !== 'number') return undefined;
  const weights = binding.clusters.map((c) => ({ name: c.name, weight: c.replicas }));
  const shares = dispense(completions, weights, namesDescending(tieBreakSeed(binding.resource)));
  return new Map(shares.map((s) => [s.name, s.replicas]));
}

/** The Job with this cluster's share of completions; other fields shared, nothing mutated. */
export function withCompletions(job: KubeObject, completions: number): KubeObject {
  return { ...job, spec: { ...(job['spec'] as Record<string, unknown>), completions } };
}
