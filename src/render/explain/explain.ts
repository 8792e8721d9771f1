/**
 * `flotilla explain`: for one template of a rendered commit, which policy claimed it and why, why
 * each cluster was or was not chosen (the scheduler's own trace, not a second implementation),
 * and which overrides changed what on each cluster. Pure.
 */
import { describeRef, refKey, refOf } from '../../model/index.ts';
import type { Cluster, Placement, ScheduledBinding, SourceObject, TargetCluster } from '../../model/index.ts';
import type { ResourceInterpreter } from '../../interpreter/index.ts';
import { createScheduler, newTrace } from '../../scheduler/index.ts';
import type { ScheduleTrace } from '../../scheduler/index.ts';
import { rescheduleReason } from '../bind/reschedule-gate.ts';
import { schedulingInputOf } from '../bind/schedule-claims.ts';
import { peersInPass } from '../bind/workload-affinity-groups.ts';
import type { PreviousSchedule } from '../bind/schedule-claims.ts';
import type { Fleet } from '../load/fleet.ts';
import type { Rendered } from '../render-fleet.ts';
import { explainClaim, type ClaimExplanation } from './explain-claim.ts';
import { explainOverrides, overrideSetOf, type ClusterOverrides } from './explain-overrides.ts';

export interface SchedulingExplanation {
  /** From the interpreter's InterpretReplica; null for kinds without replicas. */
  replicas: number | null;
  placement: Placement;
  /** The result the plan uses. */
  clusters: TargetCluster[];
  error: string | null;
  /**
   * Set when the last pass's result is kept because nothing Karmada reschedules on changed; the
   * trace then shows what scheduling afresh would decide.
   */
  kept?: string;
  trace: ScheduleTrace;
}

export interface Explanation {
  template: string;
  apiVersion: string;
  file: string;
  line: number;
  /** Where a rendered template came from inside its root (see `Origin`). */
  sourceFile?: string;
  generator?: string;
  claim: ClaimExplanation;
  scheduling?: SchedulingExplanation;
  /** Workloads that take this template along as a dependency (propagateDeps). */
  dependencyOf?: string[];
  /** Every cluster whose Work holds the template, by name. */
  clusters: string[];
  overrides: ClusterOverrides[];
}

export interface ExplainInput {
  fleet: Fleet;
  interpreter: ResourceInterpreter;
  rendered: Rendered;
  previousSchedules: ReadonlyMap<string, PreviousSchedule>;
}

function explainScheduling(
  binding: ScheduledBinding,
  template: SourceObject,
  clusters: readonly Cluster[],
  input: ExplainInput,
): SchedulingExplanation {
  const last = input.previousSchedules.get(refKey(binding.resource));
  const trace = newTrace();
  const peers = peersInPass(
    input.rendered.bindings.map((b) => b.binding),
    binding,
    input.previousSchedules,
  );
  createScheduler(clusters)(schedulingInputOf(binding, last, peers), trace);
  const kept = last && rescheduleReason(binding, last, clusters) === undefined;
  return {
    replicas: input.interpreter.supports(template.object, 'InterpretReplica') ? binding.replicas : null,
    placement: binding.placement,
    clusters: binding.clusters,
    error: binding.error,
    ...(kept
      ? {
          kept: 'the last result is kept: nothing Karmada reschedules on (placement, replicas, requests, clusters) changed',
        }
      : {}),
    trace,
  };
}

/** The explanation of the template with this refKey, or undefined when the commit has none. */
export function explainTemplate(key: string, input: ExplainInput): Explanation | undefined {
  const tb = input.rendered.bindings.find((b) => refKey(refOf(b.template.object)) === key);
  if (!tb) return undefined;
  const template = tb.template;
  const inWork = [...input.rendered.works]
    .filter(([, items]) => items.some((i) => refKey(i.template) === key))
    .map(([name]) => name);
  const targets = input.rendered.clusters.filter((c) => inWork.includes(c.metadata.name ?? ''));
  const set = overrideSetOf(input.fleet.clusterOverridePolicies, input.fleet.overridePolicies);
  const required = input.rendered.requiredBy.get(key);
  return {
    template: describeRef(refOf(template.object)),
    apiVersion: template.object.apiVersion,
    file: template.origin.file,
    line: template.origin.line,
    ...(template.origin.sourceFile ? { sourceFile: template.origin.sourceFile } : {}),
    ...(template.origin.generator ? { generator: template.origin.generator } : {}),
    claim: explainClaim(input.fleet, tb.claim),
    ...(tb.binding ? { scheduling: explainScheduling(tb.binding, template, input.rendered.clusters, input) } : {}),
    ...(required ? { dependencyOf: required.requiredBy } : {}),
    clusters: inWork.sort(),
    overrides: explainOverrides(template.object, targets, set),
  };
}
