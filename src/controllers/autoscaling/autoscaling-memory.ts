/**
 * What the autoscaling controller keeps between passes, and its record on the status branch: each
 * FederatedHPA's sync memory and the bounds CronFederatedHPA rules set on it, each
 * CronFederatedHPA's rule timings and histories, and each scaled workload's replica count. The
 * memory follows the fleet of every pass (docs/karmada-compatibility.md#autoscaled-replicas-on-the-status-branch):
 * an autoscaler removed from git, or whose target changed, is forgotten, and so is what it set; a
 * count or bound set over git's value gives way when git's value changes (the later write wins).
 * While the source has errors, what the fleet lacks is kept. Pure.
 */
import { compareBytes, refKey, refOf, targetRef } from '../../model/index.ts';
import type {
  AutoscalingRecord,
  CronFederatedHPA,
  CronLimits,
  CrossVersionObjectReference,
  ExecutionHistory,
  FederatedHPA,
  ObjectRef,
  ScaledWorkload,
  SourceObject,
} from '../../model/index.ts';
import type { Fleet } from '../../render/index.ts';
import { executionHistories, resumedRule, ruleZone } from './cron-rules.ts';
import type { CronState, RuleState } from './cron-rules.ts';
import { NEW_FEDERATED_HPA } from './hpa-sync.ts';
import type { FederatedHPAMemory } from './hpa-sync.ts';
import { scalePathsOf, specReplicasOf, withSpecReplicas } from './scale-target.ts';
import { EMPTY_HISTORY } from './scaling-rules.ts';

/** One FederatedHPA's memory, its target, and the bounds cron rules set on it. */
export interface FederatedHPAState extends FederatedHPAMemory {
  scaleTargetRef: CrossVersionObjectReference;
  limits?: CronLimits;
}

export interface AutoscalingMemory {
  /** By `namespace/name`. */
  federatedHPAs: Map<string, FederatedHPAState>;
  cronFederatedHPAs: Map<string, CronState>;
  /** By the workload's refKey. */
  workloads: Map<string, ScaledWorkload>;
}

export function emptyAutoscalingMemory(): AutoscalingMemory {
  return { federatedHPAs: new Map(), cronFederatedHPAs: new Map(), workloads: new Map() };
}

export const nameOf = (o: { metadata: { namespace?: string; name?: string } }): string =>
  `${o.metadata.namespace ?? ''}/${o.metadata.name ?? ''}`;

/** How an autoscaler is named in records, logs and plans: `FederatedHPA shop/web`. */
export const autoscalerName = (o: { kind: string; metadata: { namespace?: string; name?: string } }): string =>
  `${o.kind} ${nameOf(o)}`;

const sameRef = (a: CrossVersionObjectReference, b: CrossVersionObjectReference): boolean =>
  (a.apiVersion ?? '') === (b.apiVersion ?? '') && a.kind === b.kind && a.name === b.name;

/** The template of a ref in the fleet. */
export function templateOf(fleet: Fleet, ref: ObjectRef): SourceObject | undefined {
  const key = refKey(ref);
  return fleet.templates.find((t) => refKey(refOf(t.object)) === key);
}

/** The replica count of a template in git, or undefined when it has no scale subresource Flotilla knows. */
export function gitReplicas(fleet: Fleet, template: SourceObject): number | undefined {
  const paths = scalePathsOf(template.object, fleet.templates);
  return paths ? specReplicasOf(template.object, paths) : undefined;
}

/** A FederatedHPA's memory, or a new one for its target. */
export function stateOf(memory: AutoscalingMemory, hpa: FederatedHPA): FederatedHPAState {
  return memory.federatedHPAs.get(nameOf(hpa)) ?? { ...NEW_FEDERATED_HPA, scaleTargetRef: hpa.spec.scaleTargetRef };
}

/** A FederatedHPA's spec with the bounds cron rules set. */
export function effectiveSpec(hpa: FederatedHPA, limits: CronLimits | undefined): FederatedHPA['spec'] {
  if (!limits) return hpa.spec;
  return {
    ...hpa.spec,
    ...(limits.minReplicas !== undefined ? { minReplicas: limits.minReplicas } : {}),
    ...(limits.maxReplicas !== undefined ? { maxReplicas: limits.maxReplicas } : {}),
  };
}

/** Whether a cron rule's bounds still stand: set by a CronFederatedHPA that is there, over git's current bounds. */
function limitsStand(limits: CronLimits, hpa: FederatedHPA, setterThere: (by: string) => boolean): boolean {
  return (
    setterThere(limits.by) &&
    limits.specMinReplicas === (hpa.spec.minReplicas ?? 1) &&
    limits.specMaxReplicas === hpa.spec.maxReplicas
  );
}

/** `<autoscaler name>\n<target refKey>` of each autoscaler of the fleet. */
function autoscalerTargets(fleet: Fleet): Set<string> {
  return new Set(
    [...fleet.federatedHPAs, ...fleet.cronFederatedHPAs].map(
      ({ object: o }) => `${autoscalerName(o)}\n${refKey(targetRef(o.metadata.namespace, o.spec.scaleTargetRef))}`,
    ),
  );
}

/**
 * The memory as far as the fleet still has what it is about (see the module comment). With
 * `keepMissing` (the source has errors, so an autoscaler or template it declares may have failed
 * validation) what is missing from the fleet is kept as it was, as Karmada keeps the last valid
 * object when its webhook refuses an edit; a change the fleet shows still counts.
 */
export function followFleet(memory: AutoscalingMemory, fleet: Fleet, keepMissing = false): AutoscalingMemory {
  const present = new Set([...fleet.federatedHPAs, ...fleet.cronFederatedHPAs].map((a) => autoscalerName(a.object)));
  const setterThere = (by: string): boolean => present.has(by) || keepMissing;
  const federatedHPAs = new Map<string, FederatedHPAState>(keepMissing ? memory.federatedHPAs : []);
  for (const { object } of fleet.federatedHPAs) {
    const before = memory.federatedHPAs.get(nameOf(object));
    const state =
      before && sameRef(before.scaleTargetRef, object.spec.scaleTargetRef)
        ? before
        : { ...NEW_FEDERATED_HPA, scaleTargetRef: object.spec.scaleTargetRef };
    const { limits, ...rest } = state;
    federatedHPAs.set(nameOf(object), limits && limitsStand(limits, object, setterThere) ? state : rest);
  }
  const cronFederatedHPAs = new Map<string, CronState>(keepMissing ? memory.cronFederatedHPAs : []);
  for (const { object } of fleet.cronFederatedHPAs) {
    const before = memory.cronFederatedHPAs.get(nameOf(object));
    if (before && sameRef(before.scaleTargetRef, object.spec.scaleTargetRef))
      cronFederatedHPAs.set(nameOf(object), before);
    else cronFederatedHPAs.delete(nameOf(object));
  }
  const targets = autoscalerTargets(fleet);
  const workloads = new Map<string, ScaledWorkload>();
  for (const [key, w] of memory.workloads) {
    const template = templateOf(fleet, w.resource);
    const stands = template
      ? gitReplicas(fleet, template) === w.templateReplicas &&
        (targets.has(`${w.by}\n${key}`) || (keepMissing && !present.has(w.by)))
      : keepMissing;
    if (stands) workloads.set(key, w);
  }
  return { federatedHPAs, cronFederatedHPAs, workloads };
}

/** The fleet with each scaled workload's count in place of its template's. */
export function scaledFleet(fleet: Fleet, workloads: ReadonlyMap<string, ScaledWorkload>): Fleet {
  if (workloads.size === 0) return fleet;
  const templates = fleet.templates.map((source) => {
    const w = workloads.get(refKey(refOf(source.object)));
    const paths = w ? scalePathsOf(source.object, fleet.templates) : undefined;
    return w && paths ? { ...source, object: withSpecReplicas(source.object, paths, w.replicas) } : source;
  });
  return { ...fleet, templates };
}

const byKey = <T>(entries: Iterable<[string, T]>): T[] =>
  [...entries].sort(([a], [b]) => compareBytes(a, b)).map(([, v]) => v);

const splitKey = (key: string): { namespace: string; name: string } => {
  const slash = key.indexOf('/');
  return { namespace: key.slice(0, slash), name: key.slice(slash + 1) };
};

/** The memory's record for the status branch: its autoscalers, and the fleet's CronFederatedHPAs it has not met yet. */
export function recordOf(memory: AutoscalingMemory, fleet: Fleet): AutoscalingRecord {
  const crons = new Map(fleet.cronFederatedHPAs.map((c) => [nameOf(c.object), c.object]));
  const cronKeys = new Set([...crons.keys(), ...memory.cronFederatedHPAs.keys()]);
  return {
    federatedHPAs: byKey(
      [...memory.federatedHPAs].map(([key, s]) => [
        key,
        {
          ...splitKey(key),
          scaleTargetRef: s.scaleTargetRef,
          status: s.status,
          scaleEvents: s.scaleEvents,
          ...(s.limits ? { limits: s.limits } : {}),
        },
      ]),
    ),
    cronFederatedHPAs: byKey(
      [...cronKeys].flatMap((key) => {
        const [cron, state] = [crons.get(key), memory.cronFederatedHPAs.get(key)];
        const scaleTargetRef = cron?.spec.scaleTargetRef ?? state?.scaleTargetRef;
        if (!scaleTargetRef) return [];
        const rules = cron ? cron.spec.rules.map((r) => r.name) : [...(state?.rules.keys() ?? [])];
        const status = { executionHistories: executionHistories(rules, state) };
        return [[key, { ...splitKey(key), scaleTargetRef, status }] as const];
      }),
    ),
    workloads: byKey(memory.workloads),
  };
}

/** A rule as its recorded history has it, for a CronFederatedHPA the fleet lacks: never due until it is back. */
function keptRule(history: ExecutionHistory): RuleState {
  const next = history.nextExecutionTime === undefined ? Number.NaN : Date.parse(history.nextExecutionTime);
  return {
    timing: '',
    ...(Number.isNaN(next) ? {} : { next }),
    successful: history.successfulExecutions ?? [],
    failed: history.failedExecutions ?? [],
  };
}

/**
 * The memory a record resumes, for the autoscalers of `fleet` (syncing windows start afresh, as in
 * Karmada); with `keepMissing` (the source has errors), for those it lacks too.
 */
export function restoredMemory(
  record: AutoscalingRecord,
  fleet: Fleet,
  processZone: string,
  keepMissing = false,
): AutoscalingMemory {
  const crons = new Map(fleet.cronFederatedHPAs.map((c) => [nameOf(c.object), c.object]));
  const memory: AutoscalingMemory = {
    federatedHPAs: new Map(
      record.federatedHPAs.map((r) => [
        `${r.namespace}/${r.name}`,
        {
          status: r.status,
          scaleEvents: r.scaleEvents,
          history: EMPTY_HISTORY,
          scaleTargetRef: r.scaleTargetRef,
          ...(r.limits ? { limits: r.limits } : {}),
        },
      ]),
    ),
    cronFederatedHPAs: new Map(
      record.cronFederatedHPAs.map((r) => {
        const cron: CronFederatedHPA | undefined = crons.get(`${r.namespace}/${r.name}`);
        const recorded = r.status.executionHistories ?? [];
        const histories = new Map(recorded.map((h) => [h.ruleName, h]));
        const rules = cron
          ? cron.spec.rules.map((rule): [string, RuleState] => [
              rule.name,
              resumedRule(rule, histories.get(rule.name), ruleZone(rule, processZone)),
            ])
          : recorded.map((h): [string, RuleState] => [h.ruleName, keptRule(h)]);
        return [`${r.namespace}/${r.name}`, { scaleTargetRef: r.scaleTargetRef, rules: new Map(rules) }] as const;
      }),
    ),
    workloads: new Map(record.workloads.map((w) => [refKey(w.resource), w])),
  };
  return followFleet(memory, fleet, keepMissing);
}

/**
 * The workloads a FederatedHPA scales brought within its bounds as they stand: a pass without
 * memory (`plan`, `apply`) makes no other decision, and this one Kubernetes' HPA makes first, without metrics.
 */
function withinBounds(memory: AutoscalingMemory, fleet: Fleet): AutoscalingMemory {
  const workloads = new Map(memory.workloads);
  for (const { object: hpa } of fleet.federatedHPAs) {
    const key = refKey(targetRef(hpa.metadata.namespace, hpa.spec.scaleTargetRef));
    const scaled = workloads.get(key);
    if (!scaled || scaled.by !== autoscalerName(hpa)) continue;
    const spec = effectiveSpec(hpa, memory.federatedHPAs.get(nameOf(hpa))?.limits);
    const replicas = Math.min(Math.max(scaled.replicas, spec.minReplicas ?? 1), spec.maxReplicas);
    if (replicas !== scaled.replicas) workloads.set(key, { ...scaled, replicas });
  }
  return { ...memory, workloads };
}

/** What a pass without memory replays of a record: the memory it resumes, within the bounds. */
export function replayedMemory(
  record: AutoscalingRecord,
  fleet: Fleet,
  processZone: string,
  keepMissing = false,
): AutoscalingMemory {
  return withinBounds(restoredMemory(record, fleet, processZone, keepMissing), fleet);
}
