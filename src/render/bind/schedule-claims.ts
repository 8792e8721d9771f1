import { describeRef, refKey, refOf } from '../../model/index.ts';
import type {
  BindingSpec,
  Cluster,
  Diagnostic,
  FederatedResourceQuota,
  PropagationPolicy,
  ScheduledBinding,
  SourceObject,
  TargetCluster,
} from '../../model/index.ts';
import type { ResourceInterpreter } from '../../interpreter/index.ts';
import { createScheduler } from '../../scheduler/index.ts';
import type { MemberNodes, ScheduleResult, SchedulingInput, WorkloadAffinityPeers } from '../../scheduler/index.ts';
import type { Claim } from '../detect/detect.ts';
import { interpreterFailure, interpreterFailureReason } from '../interpreter-failure.ts';
import { policyRefOf } from '../detect/detect.ts';
import { enforceOverallQuotas } from './quota-enforcement.ts';
import { rescheduleReason } from './reschedule-gate.ts';
import { keptSchedule } from './kept-schedule.ts';
import { DEFAULT_SCHEDULER_NAME, leftForOtherScheduler, otherSchedulerOf } from './scheduler-name.ts';
import { WorkloadAffinityLedger, workloadAffinityGroupsOf } from './workload-affinity-groups.ts';
import type { TemplateBinding } from '../works/template-binding.ts';

/**
 * What the last pass decided for a binding, for Karmada's stable rescheduling
 * (docs/karmada-compatibility.md#scheduling-state-on-the-status-branch).
 */
export interface PreviousSchedule {
  clusters: TargetCluster[];
  affinityName?: string;
  /** The placement JSON `clusters` were scheduled with (ScheduledBinding.appliedPlacement): the gate compares it. */
  appliedPlacement?: string;
  /**
   * Clusters the binding is being gracefully evicted from (the run loop's taint manager,
   * docs/karmada-compatibility.md#failover-and-eviction).
   */
  evictedClusters?: string[];
}

/** The detector's binding for a claimed template (docs/karmada-compatibility.md#the-binding), before scheduling. */
export function bindingSpecOf(
  template: SourceObject,
  policy: SourceObject<PropagationPolicy>,
  interpreter: ResourceInterpreter,
  workloadAffinity = false,
): BindingSpec {
  const spec = policy.object.spec;
  const replicas = interpreter.getReplicas(template.object);
  const groups = workloadAffinity ? groupsOf(template, policy) : undefined;
  return {
    resource: refOf(template.object),
    policy: policyRefOf(policy),
    replicas: replicas?.replicas ?? 0,
    ...(replicas?.requirements ? { replicaRequirements: replicas.requirements } : {}),
    placement: spec.placement ?? {},
    propagateDeps: spec.propagateDeps ?? false,
    conflictResolution: spec.conflictResolution ?? 'Abort',
    preserveResourcesOnDeletion: spec.preserveResourcesOnDeletion ?? false,
    ...(spec.failover ? { failover: spec.failover } : {}),
    ...(spec.suspension ? { suspension: spec.suspension } : {}),
    schedulerName: spec.schedulerName || DEFAULT_SCHEDULER_NAME,
    ...(groups ? { workloadAffinityGroups: groups } : {}),
  };
}

/** Karmada builds the groups into a ResourceBinding only: a cluster-scoped template's ClusterResourceBinding has none. */
const groupsOf = (template: SourceObject, policy: SourceObject<PropagationPolicy>) =>
  template.object.metadata.namespace
    ? workloadAffinityGroupsOf(template.object.metadata.labels, policy.object.spec.placement?.workloadAffinity)
    : undefined;

/** The grouped bindings of the claims, before the interpreter is asked anything (Karmada's detector). */
function affinityLedger(
  claims: readonly Claim[],
  previous: ReadonlyMap<string, PreviousSchedule>,
): WorkloadAffinityLedger {
  const grouped = claims.flatMap((claim) => {
    const groups = claim.policy && !claim.error ? groupsOf(claim.template, claim.policy) : undefined;
    return groups ? [{ resource: refOf(claim.template.object), workloadAffinityGroups: groups }] : [];
  });
  return new WorkloadAffinityLedger(grouped, previous);
}

/** What the scheduler is given for a binding, with the last pass's result for stable rescheduling. */
export function schedulingInputOf(
  spec: BindingSpec,
  last: PreviousSchedule | undefined,
  peers?: WorkloadAffinityPeers,
): SchedulingInput {
  return {
    resource: spec.resource,
    replicas: spec.replicas,
    placement: spec.placement,
    ...(spec.replicaRequirements ? { replicaRequirements: spec.replicaRequirements } : {}),
    ...(last ? { previous: last.clusters } : {}),
    ...(last?.affinityName ? { previousAffinityName: last.affinityName } : {}),
    ...(last?.evictedClusters ? { evictedClusters: last.evictedClusters } : {}),
    ...(peers ? { workloadAffinity: peers } : {}),
  };
}

interface Pass {
  schedule: (input: SchedulingInput) => ScheduleResult;
  previous: ReadonlyMap<string, PreviousSchedule>;
  clusters: readonly Cluster[];
  diagnostics: Diagnostic[];
  ledger: WorkloadAffinityLedger;
}

/** Schedules one binding and tells the workload affinity ledger where it went. */
function scheduleInPass(claim: Claim, spec: BindingSpec, pass: Pass): ScheduledBinding {
  const binding = scheduleClaim(claim, spec, pass);
  pass.ledger.record(spec, binding.clusters);
  return binding;
}

function scheduleClaim(claim: Claim, spec: BindingSpec, pass: Pass): ScheduledBinding {
  const { schedule, previous, clusters, diagnostics } = pass;
  const last = previous.get(refKey(spec.resource));
  const scheduler = otherSchedulerOf(spec);
  if (scheduler !== undefined) return leftForOtherScheduler(spec, scheduler, last);
  if (last && rescheduleReason(spec, last, clusters) === undefined) return keptSchedule(spec, last, null);
  const result = schedule(schedulingInputOf(spec, last, pass.ledger.peers(spec)));
  const subject = describeRef(spec.resource);
  for (const d of result.diagnostics)
    diagnostics.push({
      ...claim.template.origin,
      severity: d.severity,
      object: subject,
      message: `${subject}: ${d.message}`,
    });
  if (result.error) {
    diagnostics.push({
      ...claim.template.origin,
      severity: 'error',
      object: subject,
      message: `${subject}: cannot be scheduled: ${result.error.message}`,
      heldTemplate: refKey(spec.resource),
    });
  }
  // Karmada records the placement with the result, an empty one on NoClusterFit included; any other
  // error leaves the binding's annotation as it was (docs/karmada-compatibility.md#scheduling-errors).
  const applied =
    result.error === null || result.error.code === 'NoClusterFit'
      ? JSON.stringify(spec.placement)
      : last?.appliedPlacement;
  return {
    ...spec,
    clusters: result.clusters,
    error: result.error ? result.error.message : null,
    ...(result.affinityName ? { affinityName: result.affinityName } : {}),
    ...(applied !== undefined ? { appliedPlacement: applied } : {}),
  };
}

/**
 * Schedules every claimed template (Karmada's scheduler, one binding at a time, each on its own:
 * an unschedulable binding gets no clusters and an error, the others are unaffected). A binding
 * the gate (reschedule-gate.ts) does not schedule keeps its previous result. A template whose
 * replicas the interpreter cannot read gets no binding: its claim carries the error, as Karmada's
 * detector builds no binding then. Pure.
 */
export function scheduleClaims(
  claims: readonly Claim[],
  clusters: readonly Cluster[],
  interpreter: ResourceInterpreter,
  previous: ReadonlyMap<string, PreviousSchedule> = new Map(),
  overallQuotas: readonly FederatedResourceQuota[] = [],
  workloadAffinity = false,
  memberNodes?: MemberNodes,
): { bindings: TemplateBinding[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const ledger = affinityLedger(workloadAffinity ? claims : [], previous);
  const pass: Pass = { schedule: createScheduler(clusters, memberNodes), previous, clusters, diagnostics, ledger };
  const bindings = claims.map((claim) => {
    if (claim.error) {
      const subject = describeRef(refOf(claim.template.object));
      diagnostics.push({
        ...claim.template.origin,
        severity: 'error',
        object: subject,
        message: `${subject}: ${claim.error}`,
      });
    }
    if (!claim.policy || claim.error) return { template: claim.template, claim, binding: null };
    let spec: BindingSpec;
    try {
      spec = bindingSpecOf(claim.template, claim.policy, interpreter, workloadAffinity);
    } catch (error) {
      diagnostics.push(interpreterFailure(claim.template, error, 'not scheduled'));
      return { template: claim.template, claim: { ...claim, error: interpreterFailureReason(error) }, binding: null };
    }
    return {
      template: claim.template,
      claim,
      binding: scheduleInPass(claim, spec, pass),
    };
  });
  if (overallQuotas.length === 0) return { bindings, diagnostics };
  const admitted = enforceOverallQuotas(
    bindings.map((b) => b.binding),
    overallQuotas,
    previous,
  );
  return {
    bindings: bindings.map((b, i) => {
      const binding = admitted[i] ?? null;
      if (binding && binding !== b.binding) diagnostics.push(cannotSchedule(b.claim, binding.error ?? ''));
      return { ...b, binding };
    }),
    diagnostics,
  };
}

function cannotSchedule(claim: Claim, reason: string): Diagnostic {
  const subject = describeRef(refOf(claim.template.object));
  return {
    ...claim.template.origin,
    severity: 'error',
    object: subject,
    message: `${subject}: cannot be scheduled: ${reason}`,
  };
}
