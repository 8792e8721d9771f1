/**
 * How Kubernetes' HPA bounds a proposed replica count (docs/karmada-compatibility.md#the-hpa-algorithm):
 * the stabilization window (the highest recommendation of the window for a scale down, and with a
 * behavior the lowest of the scale-up window for a scale up), minReplicas and maxReplicas, and the
 * rate limits — without a behavior at most double the replicas (at least 4) per sync, with one the
 * scale-up and scale-down policies over their periods, chosen by selectPolicy. The history (recent
 * recommendations, scale events) is a value: every function returns a new one. Pure.
 */
import type { HPAScalingRules, ScalingPolicySelect } from '../../model/index.ts';

export interface Recommendation {
  replicas: number;
  at: number;
}

/** A past change of the replica count, positive; `outdated` once older than the direction's longest policy period. */
export interface TimedScaleEvent {
  change: number;
  at: number;
  outdated: boolean;
}

/** What the HPA keeps in memory between syncs; Karmada does not persist it either. */
export interface ScalingHistory {
  recommendations: Recommendation[];
  scaleUp: TimedScaleEvent[];
  scaleDown: TimedScaleEvent[];
}

export const EMPTY_HISTORY: ScalingHistory = Object.freeze({ recommendations: [], scaleUp: [], scaleDown: [] });

/** A bounded count and the reason of the condition that explains it. */
export interface Bounded {
  replicas: number;
  reason: string;
  message: string;
}

const SCALE_UP_LIMIT_FACTOR = 2;
const SCALE_UP_LIMIT_MINIMUM = 4;

/** The history's recommendations with `replicas` recorded now, reusing the first entry older than `cutoff`. */
function record(
  recommendations: readonly Recommendation[],
  replicas: number,
  now: number,
  stale: (r: Recommendation) => boolean,
): Recommendation[] {
  const out = [...recommendations];
  let old = -1;
  out.forEach((r, i) => {
    if (stale(r)) old = i;
  });
  const entry = { replicas, at: now };
  if (old >= 0) out[old] = entry;
  else out.push(entry);
  return out;
}

/** The recommendations seeded with the current count the first time an autoscaler is synced. */
export function withInitialRecommendation(history: ScalingHistory, current: number, now: number): ScalingHistory {
  return history.recommendations.length > 0
    ? history
    : { ...history, recommendations: [{ replicas: current, at: now }] };
}

/** Without a behavior: the highest recommendation of the downscale stabilization window. */
export function stabilize(
  history: ScalingHistory,
  proposed: number,
  now: number,
  windowMs: number,
): { replicas: number; history: ScalingHistory } {
  const cutoff = now - windowMs;
  let max = proposed;
  for (const r of history.recommendations) if (r.at >= cutoff && r.replicas > max) max = r.replicas;
  const recommendations = record(history.recommendations, proposed, now, (r) => r.at < cutoff);
  return { replicas: max, history: { ...history, recommendations } };
}

/** With a behavior: the current count moved only as far as both windows' recommendations agree. */
export function stabilizeWithBehavior(
  history: ScalingHistory,
  current: number,
  proposed: number,
  upWindowSeconds: number,
  downWindowSeconds: number,
  now: number,
): { replicas: number; history: ScalingHistory; reason: string; message: string } {
  const upCutoff = now - upWindowSeconds * 1000;
  const downCutoff = now - downWindowSeconds * 1000;
  let up = proposed;
  let down = proposed;
  for (const r of history.recommendations) {
    if (r.at > upCutoff) up = Math.min(up, r.replicas);
    if (r.at > downCutoff) down = Math.max(down, r.replicas);
  }
  const replicas = Math.min(Math.max(current, up), down);
  const recommendations = record(history.recommendations, proposed, now, (r) => r.at < upCutoff && r.at < downCutoff);
  const scaleUp = proposed >= current;
  return {
    replicas,
    history: { ...history, recommendations },
    reason: scaleUp ? 'ScaleUpStabilized' : 'ScaleDownStabilized',
    message: scaleUp
      ? 'recent recommendations were lower than current one, applying the lowest recent recommendation'
      : 'recent recommendations were higher than current one, applying the highest recent recommendation',
  };
}

const TOO_MANY = 'the desired replica count is more than the maximum replica count';
const TOO_FEW = 'the desired replica count is less than the minimum replica count';
const WITHIN = { reason: 'DesiredWithinRange', message: 'the desired count is within the acceptable range' };

export function scaleUpLimit(current: number): number {
  return Math.trunc(Math.max(SCALE_UP_LIMIT_FACTOR * current, SCALE_UP_LIMIT_MINIMUM));
}

/** Without a behavior: within minReplicas, maxReplicas and the fixed scale-up rate. */
export function boundWithRules(current: number, desired: number, min: number, max: number): Bounded {
  const limit = scaleUpLimit(current);
  const [upper, reason, message] =
    max > limit
      ? [limit, 'ScaleUpLimit', 'the desired replica count is increasing faster than the maximum scale rate']
      : [max, 'TooManyReplicas', TOO_MANY];
  if (desired < min) return { replicas: min, reason: 'TooFewReplicas', message: TOO_FEW };
  if (desired > upper) return { replicas: upper, reason, message };
  return { replicas: desired, ...WITHIN };
}

/** The replicas changed in the last `periodSeconds`. */
export function changeInPeriod(events: readonly TimedScaleEvent[], periodSeconds: number, now: number): number {
  const cutoff = now - periodSeconds * 1000;
  return events.reduce((sum, e) => (e.at > cutoff ? sum + e.change : sum), 0);
}

function selector(select: ScalingPolicySelect | undefined, up: boolean): [number, (a: number, b: number) => number] {
  // For a scale up the largest change is the largest count; for a scale down it is the smallest.
  const largest = select !== 'Min';
  return largest === up ? [-Infinity, Math.max] : [Infinity, Math.min];
}

type Events = Pick<ScalingHistory, 'scaleUp' | 'scaleDown'>;

/** The replicas a direction's policies allow now, each policy counted from the replicas at the start of its period. */
function limitWithRules(up: boolean, current: number, history: Events, rules: HPAScalingRules, now: number): number {
  if (rules.selectPolicy === 'Disabled') return current;
  let [result, pick] = selector(rules.selectPolicy, up);
  for (const { type, value, periodSeconds } of rules.policies ?? []) {
    const start =
      current -
      changeInPeriod(history.scaleUp, periodSeconds, now) +
      changeInPeriod(history.scaleDown, periodSeconds, now);
    // A percent step up is rounded up (a small one must still add a replica), one down is truncated.
    const proposed = up
      ? type === 'Pods'
        ? start + value
        : Math.ceil(start * (1 + value / 100))
      : type === 'Pods'
        ? start - value
        : Math.trunc(start * (1 - value / 100));
    result = pick(result, proposed);
  }
  return result;
}

/** The most replicas the scale-up policies allow now. */
export function scaleUpLimitWithRules(current: number, history: Events, rules: HPAScalingRules, now: number): number {
  return limitWithRules(true, current, history, rules, now);
}

/** The fewest replicas the scale-down policies allow now. */
export function scaleDownLimitWithRules(current: number, history: Events, rules: HPAScalingRules, now: number): number {
  return limitWithRules(false, current, history, rules, now);
}

/** With a behavior: within minReplicas, maxReplicas and the policies' rates (the window is applied before). */
export function boundWithBehavior(
  current: number,
  desired: number,
  min: number,
  max: number,
  history: Events,
  up: HPAScalingRules,
  down: HPAScalingRules,
  now: number,
): Bounded {
  if (desired > current) {
    const limit = Math.max(scaleUpLimitWithRules(current, history, up, now), current);
    const bounded =
      max > limit
        ? {
            replicas: limit,
            reason: 'ScaleUpLimit',
            message: 'the desired replica count is increasing faster than the maximum scale rate',
          }
        : { replicas: max, reason: 'TooManyReplicas', message: TOO_MANY };
    if (desired > bounded.replicas) return bounded;
  } else if (desired < current) {
    const limit = Math.min(scaleDownLimitWithRules(current, history, down, now), current);
    const bounded =
      min < limit
        ? {
            replicas: limit,
            reason: 'ScaleDownLimit',
            message: 'the desired replica count is decreasing faster than the maximum scale rate',
          }
        : { replicas: min, reason: 'TooFewReplicas', message: TOO_FEW };
    if (desired < bounded.replicas) return bounded;
  }
  return { replicas: desired, ...WITHIN };
}

const longestPeriod = (rules: HPAScalingRules | undefined): number =>
  Math.max(0, ...(rules?.policies ?? []).map((p) => p.periodSeconds));

/** The events of one direction with a new one, reusing the last entry older than the longest policy period. */
function storeEvent(
  events: readonly TimedScaleEvent[],
  change: number,
  periodSeconds: number,
  now: number,
): TimedScaleEvent[] {
  const cutoff = now - periodSeconds * 1000;
  const out = events.map((e) => (e.at < cutoff ? { ...e, outdated: true } : e));
  const entry = { change, at: now, outdated: false };
  const old = out.findLastIndex((e) => e.outdated);
  if (old >= 0) out[old] = entry;
  else out.push(entry);
  return out;
}

/** The history after a rescale from `from` to `to`; without a behavior no events are kept (nothing reads them). */
export function withScaleEvent(
  history: ScalingHistory,
  behavior: { scaleUp?: HPAScalingRules; scaleDown?: HPAScalingRules } | undefined,
  from: number,
  to: number,
  now: number,
): ScalingHistory {
  if (behavior === undefined) return history;
  if (to > from)
    return { ...history, scaleUp: storeEvent(history.scaleUp, to - from, longestPeriod(behavior.scaleUp), now) };
  return { ...history, scaleDown: storeEvent(history.scaleDown, from - to, longestPeriod(behavior.scaleDown), now) };
}
