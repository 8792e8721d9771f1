/**
 * The autoscaling controller's decisions on its memory: a FederatedHPA's sync taken into the
 * memory (its status, and the workload's new count when it rescaled), and the CronFederatedHPA
 * rules that fell due executed — a workload target gets the rule's replicas, a FederatedHPA target
 * its bounds, refused as Karmada's webhook refuses maxReplicas below minReplicas
 * (docs/karmada-compatibility.md#cronfederatedhpa). Each decision is also an event for the logs
 * and metrics. Pure.
 */
import { refKey, targetRef, targetsFederatedHPA } from '../../model/index.ts';
import type { CronFederatedHPA, FederatedHPA, ObjectRef, SourceObject } from '../../model/index.ts';
import type { Fleet } from '../../render/index.ts';
import { autoscalerName, effectiveSpec, gitReplicas, nameOf, stateOf, templateOf } from './autoscaling-memory.ts';
import type { AutoscalingMemory } from './autoscaling-memory.ts';
import { afterRun, dueRules } from './cron-rules.ts';
import type { RuleRun, RunOutcome } from './cron-rules.ts';
import type { SyncInput, SyncResult } from './hpa-sync.ts';

/** What a decision did, for the logs and the metrics. */
export type AutoscalingEvent =
  | { kind: 'scaled'; by: string; target: ObjectRef; from: number; to: number; reason: string }
  | { kind: 'synced'; autoscaler: string; current: number; desired: number; error?: string }
  | { kind: 'rule'; autoscaler: string; rule: string; scheduleTime: number; outcome: RunOutcome };

/** The workload's count now: the one an autoscaler set, else the template's in git. */
export function currentReplicas(memory: AutoscalingMemory, fleet: Fleet, ref: ObjectRef): number | undefined {
  const scaled = memory.workloads.get(refKey(ref));
  if (scaled) return scaled.replicas;
  const template = templateOf(fleet, ref);
  return template ? gitReplicas(fleet, template) : undefined;
}

/** A FederatedHPA's sync input but for the members' observation: its bounds as cron rules left them, the count now. */
export function syncInputOf(
  memory: AutoscalingMemory,
  fleet: Fleet,
  hpa: FederatedHPA,
): Omit<SyncInput, 'observation'> {
  const state = memory.federatedHPAs.get(nameOf(hpa));
  const ref = targetRef(hpa.metadata.namespace, hpa.spec.scaleTargetRef);
  return {
    spec: effectiveSpec(hpa, state?.limits),
    currentReplicas: currentReplicas(memory, fleet, ref) ?? state?.status.currentReplicas ?? 0,
  };
}

/** The memory after a FederatedHPA's sync, and its events. */
export function afterSync(
  memory: AutoscalingMemory,
  fleet: Fleet,
  hpa: FederatedHPA,
  result: SyncResult,
): { memory: AutoscalingMemory; events: AutoscalingEvent[] } {
  const key = nameOf(hpa);
  const federatedHPAs = new Map(memory.federatedHPAs).set(key, { ...stateOf(memory, hpa), ...result.memory });
  const by = autoscalerName(hpa);
  const synced: AutoscalingEvent = {
    kind: 'synced',
    autoscaler: by,
    current: result.memory.status.currentReplicas,
    desired: result.memory.status.desiredReplicas,
    ...(result.error ? { error: result.error } : {}),
  };
  const ref = targetRef(hpa.metadata.namespace, hpa.spec.scaleTargetRef);
  const template = templateOf(fleet, ref);
  const templateReplicas = template ? gitReplicas(fleet, template) : undefined;
  if (!result.rescaled || templateReplicas === undefined)
    return { memory: { ...memory, federatedHPAs }, events: [synced] };
  const workloads = new Map(memory.workloads).set(refKey(ref), {
    resource: ref,
    replicas: result.rescaled.to,
    templateReplicas,
    by,
  });
  return {
    memory: { ...memory, federatedHPAs, workloads },
    events: [synced, { kind: 'scaled', by, target: ref, ...result.rescaled }],
  };
}

const notFound = (kind: string, name: string): string => `${kind} "${name}" not found in the repository`;

/** One rule's run against the memory. */
function execute(
  memory: AutoscalingMemory,
  fleet: Fleet,
  cron: CronFederatedHPA,
  run: RuleRun,
): { memory: AutoscalingMemory; outcome: RunOutcome; scaled?: AutoscalingEvent } {
  const ns = cron.metadata.namespace;
  const ref = cron.spec.scaleTargetRef;
  const by = autoscalerName(cron);
  const fail = (message: string) => ({ memory, outcome: { ok: false as const, message } });
  if (targetsFederatedHPA(ref)) {
    const hpa = fleet.federatedHPAs.find((h) => nameOf(h.object) === `${ns}/${ref.name}`)?.object;
    if (!hpa) return fail(`federatedhpas.autoscaling.karmada.io "${ref.name}" not found`);
    const state = stateOf(memory, hpa);
    const spec = effectiveSpec(hpa, state.limits);
    const min = run.rule.targetMinReplicas ?? spec.minReplicas ?? 1;
    const max = run.rule.targetMaxReplicas ?? spec.maxReplicas;
    // Karmada's update of the FederatedHPA meets its admission webhook, which answers so.
    if (max < min)
      return fail(
        `admission webhook "federatedhpa.karmada.io" denied the request: spec.maxReplicas: Invalid value: ${max}: must be greater than or equal to \`minReplicas\``,
      );
    const limits = {
      minReplicas: min,
      maxReplicas: max,
      specMinReplicas: hpa.spec.minReplicas ?? 1,
      specMaxReplicas: hpa.spec.maxReplicas,
      by,
    };
    const federatedHPAs = new Map(memory.federatedHPAs).set(nameOf(hpa), { ...state, limits });
    const applied = {
      ...(run.rule.targetMinReplicas !== undefined ? { appliedMinReplicas: run.rule.targetMinReplicas } : {}),
      ...(run.rule.targetMaxReplicas !== undefined ? { appliedMaxReplicas: run.rule.targetMaxReplicas } : {}),
    };
    return { memory: { ...memory, federatedHPAs }, outcome: { ok: true, applied } };
  }
  const target = targetRef(ns, ref);
  const template: SourceObject | undefined = templateOf(fleet, target);
  if (!template) return fail(notFound(ref.kind, ref.name));
  const templateReplicas = gitReplicas(fleet, template);
  if (templateReplicas === undefined) return fail(`${ref.kind} "${ref.name}" has no scale subresource`);
  const replicas = run.rule.targetReplicas ?? templateReplicas;
  const from = currentReplicas(memory, fleet, target) ?? templateReplicas;
  const workloads = new Map(memory.workloads).set(refKey(target), { resource: target, replicas, templateReplicas, by });
  const outcome: RunOutcome = { ok: true, applied: { appliedReplicas: replicas } };
  const reason = `rule ${run.rule.name} of ${by}`;
  return {
    memory: { ...memory, workloads },
    outcome,
    ...(from !== replicas ? { scaled: { kind: 'scaled' as const, by, target, from, to: replicas, reason } } : {}),
  };
}

/** Every CronFederatedHPA's rules that fell due by `now`, executed, and their events. */
export function runCronRules(
  memory: AutoscalingMemory,
  fleet: Fleet,
  now: number,
  processZone: string,
): { memory: AutoscalingMemory; events: AutoscalingEvent[] } {
  let next = memory;
  const events: AutoscalingEvent[] = [];
  for (const { object: cron } of fleet.cronFederatedHPAs) {
    const key = nameOf(cron);
    const { state, due } = dueRules(cron, next.cronFederatedHPAs.get(key), now, processZone);
    for (const run of due) {
      const done = execute(next, fleet, cron, run);
      next = done.memory;
      const rule = state.rules.get(run.rule.name);
      if (rule) state.rules.set(run.rule.name, afterRun(rule, run, done.outcome, now, processZone));
      events.push({
        kind: 'rule',
        autoscaler: autoscalerName(cron),
        rule: run.rule.name,
        scheduleTime: run.scheduleTime,
        outcome: done.outcome,
      });
      if (done.scaled) events.push(done.scaled);
    }
    next = { ...next, cronFederatedHPAs: new Map(next.cronFederatedHPAs).set(key, state) };
  }
  return { memory: next, events };
}

/** When the next rule of any CronFederatedHPA falls due, as of the memory. */
export function nextRuleTime(memory: AutoscalingMemory): number | undefined {
  const times = [...memory.cronFederatedHPAs.values()].flatMap((c) =>
    [...c.rules.values()].flatMap((r) => (r.next === undefined ? [] : [r.next])),
  );
  return times.length > 0 ? Math.min(...times) : undefined;
}

/** Every CronFederatedHPA rule's timing settled at `now` (a new or changed rule gets its first time), nothing executed. */
export function settleRules(
  memory: AutoscalingMemory,
  fleet: Fleet,
  now: number,
  processZone: string,
): AutoscalingMemory {
  const cronFederatedHPAs = new Map(memory.cronFederatedHPAs);
  for (const { object: cron } of fleet.cronFederatedHPAs)
    cronFederatedHPAs.set(
      nameOf(cron),
      dueRules(cron, memory.cronFederatedHPAs.get(nameOf(cron)), now, processZone).state,
    );
  return { ...memory, cronFederatedHPAs };
}
