/**
 * The descheduler's decisions, with Karmada's rules (pkg/descheduler: descheduler.go, core/filter.go,
 * core/helper.go; the estimator's GetUnschedulableReplicas; docs/karmada-compatibility.md#descheduler).
 * Only an apps/v1 Deployment whose placement divides replicas dynamically (Weighted with a
 * dynamicWeight, or Aggregated) is considered. For each member where fewer replicas are ready than
 * scheduled, the unschedulable replicas are the workload's pods there that have been Pending with
 * PodScheduled=False/Unschedulable for longer than the threshold; a member whose pods were not
 * observed (a Pull member) counts none. Such a member keeps `spec − unschedulable` replicas, never
 * fewer than are ready; the scheduler then places the rest where the estimators find room. Pure,
 * clock injected.
 */
import { describeRef, isRecord, matchLabelSelector, parseRfc3339, refKey } from '../../model/index.ts';
import type { LabelSelector, NodeObservation, ObjectRef, PodSnapshot, TargetCluster } from '../../model/index.ts';
import type { PreviousSchedule, TemplateBinding } from '../../render/index.ts';
import { resolveStrategy } from '../../scheduler/index.ts';

/** Karmada's descheduler flags. */
export interface DeschedulerOptions {
  /** `--descheduling-interval`: how often bindings are examined; 0 turns the descheduler off. */
  intervalMs: number;
  /** `--unschedulable-threshold`: how long a pod stays unschedulable before its replica is moved. */
  thresholdMs: number;
}

/** Karmada's defaults: 2m and 5m. */
export const DEFAULT_DESCHEDULER_OPTIONS: DeschedulerOptions = { intervalMs: 2 * 60_000, thresholdMs: 5 * 60_000 };

/** One member of a descheduled binding (Karmada's TargetClusterWrapper and its new replicas). */
export interface DescheduledMember {
  name: string;
  /** Replicas scheduled there before. */
  spec: number;
  ready: number;
  unschedulable: number;
  /** Replicas it keeps. */
  target: number;
}

/** One descheduling of a binding, as recorded on the status branch. */
export interface Descheduling {
  resource: ObjectRef;
  /** RFC 3339. */
  at: string;
  /** The members whose replicas were lowered. */
  clusters: DescheduledMember[];
  /** Karmada's event message. */
  message: string;
}

/** Karmada's supportedGVKs and IsReplicaDynamicDivided. */
export function deschedulable(binding: TemplateBinding['binding']): boolean {
  if (binding?.resource.apiVersion !== 'apps/v1' || binding.resource.kind !== 'Deployment') return false;
  const strategy = resolveStrategy(binding.placement);
  return strategy === 'DynamicWeight' || strategy === 'Aggregated';
}

function selectorOf(template: TemplateBinding['template']): LabelSelector | undefined {
  const spec = template.object['spec'];
  const selector = isRecord(spec) ? spec['selector'] : undefined;
  return isRecord(selector) ? (selector as LabelSelector) : undefined;
}

/** The workload's pods in a member: its namespace, its selector (an empty or missing selector selects nothing). */
function workloadPods(resource: ObjectRef, selector: LabelSelector | undefined, pods: readonly PodSnapshot[]) {
  const empty =
    !selector || (Object.keys(selector.matchLabels ?? {}).length === 0 && !selector.matchExpressions?.length);
  if (empty) return [];
  return pods.filter((p) => p.namespace === resource.namespace && matchLabelSelector(selector, p.labels));
}

function isStale(pod: PodSnapshot, now: number, thresholdMs: number): boolean {
  const since = pod.unschedulableSince === undefined ? undefined : parseRfc3339(pod.unschedulableSince);
  return since !== undefined && !Number.isNaN(since) && since + thresholdMs < now;
}

/** Karmada's updateScheduleResult for one member: its new replicas, or undefined when it keeps them. */
function lowered(target: TargetCluster, pods: readonly PodSnapshot[], now: number, thresholdMs: number) {
  const ready = pods.filter((p) => p.ready).length;
  if (ready >= target.replicas) return undefined;
  const unschedulable = pods.filter((p) => isStale(p, now, thresholdMs)).length;
  if (unschedulable === 0 || target.replicas < unschedulable) return undefined;
  let keep = target.replicas - unschedulable;
  if (keep < ready && ready <= target.replicas) keep = ready;
  if (keep === target.replicas) return undefined;
  return { name: target.name, spec: target.replicas, ready, unschedulable, target: keep };
}

/** The binding's descheduling now, or undefined when no member has replicas to give up. */
export function deschedule(
  { template, binding }: TemplateBinding,
  observed: ReadonlyMap<string, NodeObservation>,
  now: number,
  thresholdMs: number,
): Descheduling | undefined {
  if (!binding || !deschedulable(binding)) return undefined;
  const selector = selectorOf(template);
  const clusters = binding.clusters.flatMap((target) => {
    const member = observed.get(target.name);
    if (!member) return [];
    const change = lowered(target, workloadPods(binding.resource, selector, member.pods), now, thresholdMs);
    return change ? [change] : [];
  });
  if (clusters.length === 0) return undefined;
  const total = clusters.reduce((sum, c) => sum + c.spec - c.target, 0);
  const each = clusters.map((c) => `, ${c.spec - c.target} replica(s) in cluster(${c.name})`).join('');
  return {
    resource: binding.resource,
    at: new Date(now).toISOString(),
    clusters,
    message: `Binding has been descheduled, ${total} total descheduled replica(s)${each}`,
  };
}

/** The previous schedules with the descheduled members lowered: the scheduler then places the difference afresh. */
export function loweredSchedules(
  previous: ReadonlyMap<string, PreviousSchedule>,
  decisions: readonly Descheduling[],
): Map<string, PreviousSchedule> {
  const out = new Map(previous);
  for (const d of decisions) {
    const key = refKey(d.resource);
    const schedule = out.get(key);
    if (!schedule) continue;
    const keep = new Map(d.clusters.map((c) => [c.name, c.target]));
    out.set(key, {
      ...schedule,
      clusters: schedule.clusters.map((t) => ({ ...t, replicas: keep.get(t.name) ?? t.replicas })),
    });
  }
  return out;
}

/** The descheduling in words, for STATUS.md and `flotilla status`. */
export function deschedulingLine(d: Descheduling): string {
  const moved = d.clusters.map((c) => `${c.name} ${c.spec}→${c.target} (${c.unschedulable} unschedulable)`);
  return `${describeRef(d.resource)}: ${moved.join(', ')} at ${d.at}`;
}
