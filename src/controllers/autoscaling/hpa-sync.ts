/**
 * One sync of a FederatedHPA, as Karmada's FederatedHPA controller reconciles one
 * (docs/karmada-compatibility.md#federatedhpa): read the workload's scale from the members that
 * run it, bring a count outside minReplicas/maxReplicas back inside, otherwise take the metrics'
 * proposal through the stabilization window and the rate limits, and rescale when the result
 * differs from the current count, updating Karmada's status fields. Pure: the memory, the
 * members' observation and the time are arguments; the next memory and the decision come back.
 */
import { SCALE_EVENT_HISTORY } from '../../model/index.ts';
import type { FederatedHPASpec, FederatedHPAStatus, HPACondition, ScaleEvent } from '../../model/index.ts';
import { setCondition } from './hpa-conditions.ts';
import { metricReplicas } from './metric-replicas.ts';
import type { PodsObservation } from './metric-replicas.ts';
import { DEFAULT_CALCULATOR_OPTIONS } from './replica-calculator.ts';
import type { CalculatorOptions } from './replica-calculator.ts';
import {
  boundWithBehavior,
  boundWithRules,
  EMPTY_HISTORY,
  stabilize,
  stabilizeWithBehavior,
  withInitialRecommendation,
  withScaleEvent,
} from './scaling-rules.ts';
import type { ScalingHistory } from './scaling-rules.ts';

/** The settings of the FederatedHPA controller (Karmada's --horizontal-pod-autoscaler-* flags). */
export interface SyncOptions extends CalculatorOptions {
  /** How often every FederatedHPA is synced. @default 15 seconds */
  syncPeriodMs: number;
  /** The scale-down stabilization window of a FederatedHPA that sets none. @default 5 minutes */
  downscaleStabilizationMs: number;
}

export const DEFAULT_SYNC_OPTIONS: Readonly<SyncOptions> = Object.freeze({
  ...DEFAULT_CALCULATOR_OPTIONS,
  syncPeriodMs: 15_000,
  downscaleStabilizationMs: 5 * 60_000,
});

/** What the controller remembers of one FederatedHPA between syncs. */
export interface FederatedHPAMemory {
  status: FederatedHPAStatus;
  history: ScalingHistory;
  /** Newest first; recorded on the status branch. */
  scaleEvents: ScaleEvent[];
}

export const NEW_FEDERATED_HPA: FederatedHPAMemory = Object.freeze({
  status: { currentReplicas: 0, desiredReplicas: 0 },
  history: EMPTY_HISTORY,
  scaleEvents: [],
});

/** The workload on one member that runs it: its spec and status replicas. */
export interface MemberScale {
  cluster: string;
  specReplicas: number;
  statusReplicas: number;
}

/** What the members said, or why the workload could not be read (a condition reason and message). */
export type ScaleObservation =
  | ({
      ok: true;
      scales: readonly MemberScale[];
      selector?: string;
      controlledBy?: readonly string[];
    } & PodsObservation)
  | { ok: false; reason: string; message: string };

export interface SyncInput {
  /** Defaulted, with any bounds a CronFederatedHPA set. */
  spec: FederatedHPASpec;
  /** The workload's replica count now. */
  currentReplicas: number;
  observation: ScaleObservation;
}

export interface SyncResult {
  memory: FederatedHPAMemory;
  /** Set when the sync changed the workload's replica count. */
  rescaled?: { from: number; to: number; reason: string };
  /** Why the sync could not decide, or which metrics failed although it could. */
  error?: string;
}

const rfc3339 = (ms: number): string => new Date(ms).toISOString();

interface Decision {
  desired: number;
  reason: string;
  conditions: HPACondition[];
  history: ScalingHistory;
}

/** The metrics' proposal through the stabilization window and the bounds. */
function normalized(
  spec: FederatedHPASpec,
  current: number,
  proposed: number,
  min: number,
  history: ScalingHistory,
  conditions: HPACondition[],
  now: number,
  options: SyncOptions,
): Omit<Decision, 'reason'> {
  const behavior = spec.behavior;
  if (behavior === undefined) {
    const s = stabilize(history, proposed, now, options.downscaleStabilizationMs);
    const able =
      s.replicas !== proposed
        ? setCondition(
            conditions,
            'AbleToScale',
            'True',
            'ScaleDownStabilized',
            'recent recommendations were higher than current one, applying the highest recent recommendation',
          )
        : setCondition(conditions, 'AbleToScale', 'True', 'ReadyForNewScale', 'recommended size matches current size');
    const b = boundWithRules(current, s.replicas, min, spec.maxReplicas);
    return {
      desired: b.replicas,
      history: s.history,
      conditions: setCondition(
        able,
        'ScalingLimited',
        b.replicas === s.replicas ? 'False' : 'True',
        b.reason,
        b.message,
      ),
    };
  }
  const up = behavior.scaleUp ?? {};
  const down = {
    ...behavior.scaleDown,
    stabilizationWindowSeconds:
      behavior.scaleDown?.stabilizationWindowSeconds ?? options.downscaleStabilizationMs / 1000,
  };
  const s = stabilizeWithBehavior(
    history,
    current,
    proposed,
    up.stabilizationWindowSeconds ?? 0,
    down.stabilizationWindowSeconds,
    now,
  );
  const able =
    s.replicas !== proposed
      ? setCondition(conditions, 'AbleToScale', 'True', s.reason, s.message)
      : setCondition(conditions, 'AbleToScale', 'True', 'ReadyForNewScale', 'recommended size matches current size');
  const b = boundWithBehavior(current, s.replicas, min, spec.maxReplicas, s.history, up, down, now);
  return {
    desired: b.replicas,
    history: s.history,
    conditions: setCondition(able, 'ScalingLimited', b.replicas === s.replicas ? 'False' : 'True', b.reason, b.message),
  };
}

/** The target's replicas in its members' specs, or the sync's end when they cannot be read (AbleToScale False, and why). */
function specReplicasOf(
  memory: FederatedHPAMemory,
  observation: SyncInput['observation'],
): { specReplicas: number; observation: Extract<SyncInput['observation'], { ok: true }> } | { end: SyncResult } {
  const keep = (conditions: HPACondition[], error: string) => ({
    end: { memory: { ...memory, status: { ...memory.status, conditions } }, error },
  });
  const conditions = memory.status.conditions ?? [];
  if (!observation.ok)
    return keep(
      setCondition(conditions, 'AbleToScale', 'False', observation.reason, observation.message),
      observation.message,
    );
  const specReplicas = observation.scales.reduce((sum, s) => sum + s.specReplicas, 0);
  if (specReplicas === 0) {
    const message = 'failed to get replicas in any of clusters, possibly because all of clusters are not ready';
    const text = `the HPA controller was unable to get the target's current scale: ${message}`;
    return keep(setCondition(conditions, 'AbleToScale', 'False', 'FailedGetScale', text), message);
  }
  return { specReplicas, observation };
}

/** One sync (see the module comment). */
export function syncFederatedHPA(
  memory: FederatedHPAMemory,
  input: SyncInput,
  now: number,
  options: SyncOptions = DEFAULT_SYNC_OPTIONS,
): SyncResult {
  const { spec } = input;
  const scale = specReplicasOf(memory, input.observation);
  if ('end' in scale) return scale.end;
  const { specReplicas, observation } = scale;
  let conditions = setCondition(
    memory.status.conditions ?? [],
    'AbleToScale',
    'True',
    'SucceededGetScale',
    "the HPA controller was able to get the target's current scale",
  );
  const current = input.currentReplicas;
  let history = withInitialRecommendation(memory.history, current, now);
  const min = spec.minReplicas ?? 1;
  let decision: Decision;
  let statuses = memory.status.currentMetrics ?? [];
  let error: string | undefined;
  if (current > spec.maxReplicas) {
    decision = {
      desired: spec.maxReplicas,
      reason: 'Current number of replicas above Spec.MaxReplicas',
      conditions,
      history,
    };
    statuses = [];
  } else if (current < min) {
    decision = { desired: min, reason: 'Current number of replicas below Spec.MinReplicas', conditions, history };
    statuses = [];
  } else if ((observation.controlledBy?.length ?? 0) > 1) {
    const message = `pods by selector ${observation.selector ?? ''} are controlled by multiple HPAs: [${observation.controlledBy?.join(' ')}]`;
    conditions = setCondition(conditions, 'ScalingActive', 'False', 'AmbiguousSelector', message);
    return {
      memory: { ...memory, history, status: { ...memory.status, currentReplicas: current, conditions } },
      error: message,
    };
  } else {
    const verdict = metricReplicas(spec.metrics ?? [], observation, current, specReplicas / current, now, options);
    conditions = setCondition(
      conditions,
      verdict.condition.type,
      verdict.condition.status,
      verdict.condition.reason ?? '',
      verdict.condition.message ?? '',
    );
    if (!verdict.ok)
      return {
        memory: { ...memory, history, status: { ...memory.status, currentReplicas: current, conditions } },
        error: verdict.error,
      };
    error = verdict.error;
    statuses = verdict.statuses;
    const reason =
      verdict.replicas > current
        ? `${verdict.metric} above target`
        : verdict.replicas < current
          ? 'All metrics below target'
          : '';
    decision = { ...normalized(spec, current, verdict.replicas, min, history, conditions, now, options), reason };
  }
  ({ conditions, history } = decision);
  const rescale = decision.desired !== current;
  const lastScaleTime = rescale ? rfc3339(now) : memory.status.lastScaleTime;
  const status: FederatedHPAStatus = {
    currentReplicas: current,
    desiredReplicas: decision.desired,
    ...(lastScaleTime ? { lastScaleTime } : {}),
    ...(statuses.length > 0 ? { currentMetrics: statuses } : {}),
    conditions: rescale
      ? setCondition(
          conditions,
          'AbleToScale',
          'True',
          'SucceededRescale',
          `the HPA controller was able to update the target scale to ${decision.desired}`,
        )
      : conditions,
  };
  if (!rescale) return { memory: { ...memory, history, status }, ...(error ? { error } : {}) };
  const event: ScaleEvent = { time: rfc3339(now), from: current, to: decision.desired, reason: decision.reason };
  return {
    memory: {
      status,
      history: withScaleEvent(history, spec.behavior, current, decision.desired, now),
      scaleEvents: [event, ...memory.scaleEvents].slice(0, SCALE_EVENT_HISTORY),
    },
    rescaled: { from: current, to: decision.desired, reason: decision.reason },
    ...(error ? { error } : {}),
  };
}
