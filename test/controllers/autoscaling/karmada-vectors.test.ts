// The cases of Karmada's own FederatedHPA controller tests (federatedhpa_controller_test: stabilizing,
// normalizing with and without a behavior, the behavior's rate limits, scale events and the
// metrics' errors), in our data shapes, against the pure functions the controller runs.
import { describe, expect, it } from 'vitest';
import { metricReplicas } from '../../../src/controllers/autoscaling/metric-replicas.ts';
import type { PodsObservation } from '../../../src/controllers/autoscaling/metric-replicas.ts';
import type { PodSample, PodUsage } from '../../../src/controllers/autoscaling/pod-sample.ts';
import { DEFAULT_CALCULATOR_OPTIONS } from '../../../src/controllers/autoscaling/replica-calculator.ts';
import {
  boundWithBehavior,
  boundWithRules,
  changeInPeriod,
  EMPTY_HISTORY,
  scaleDownLimitWithRules,
  scaleUpLimit,
  scaleUpLimitWithRules,
  stabilize,
  stabilizeWithBehavior,
  withScaleEvent,
} from '../../../src/controllers/autoscaling/scaling-rules.ts';
import type { Recommendation, TimedScaleEvent } from '../../../src/controllers/autoscaling/scaling-rules.ts';
import type { HPAScalingPolicy, HPAScalingRules, MetricSpec } from '../../../src/model/index.ts';

const NOW = Date.parse('2024-01-01T12:00:00Z');
const ago = (seconds: number): number => NOW - seconds * 1000;
const recs = (...pairs: [replicas: number, secondsAgo: number][]): Recommendation[] => pairs.map(([replicas, s]) => ({ replicas, at: ago(s) }));
const events = (...pairs: [change: number, secondsAgo: number][]): TimedScaleEvent[] => pairs.map(([change, s]) => ({ change, at: ago(s), outdated: false }));
const percent = (value: number, periodSeconds = 60): HPAScalingPolicy => ({ type: 'Percent', value, periodSeconds });
const pods = (value: number, periodSeconds = 60): HPAScalingPolicy => ({ type: 'Pods', value, periodSeconds });

describe('TestStabilizeRecommendation: the downscale window (1 minute) without a behavior', () => {
  it.each<{ name: string; recommendations: Recommendation[]; proposed: number; expected: number; stored: number }>([
    { name: 'no previous recommendations', recommendations: [], proposed: 5, expected: 5, stored: 1 },
    { name: 'previous recommendations within the window', recommendations: recs([3, 30], [4, 45]), proposed: 2, expected: 4, stored: 3 },
    { name: 'an old recommendation outside the window', recommendations: recs([7, 120], [4, 45]), proposed: 5, expected: 5, stored: 2 },
    { name: 'all recommendations outside the window', recommendations: recs([7, 120], [8, 180]), proposed: 3, expected: 3, stored: 2 },
  ])('$name', (c) => {
    const s = stabilize({ ...EMPTY_HISTORY, recommendations: c.recommendations }, c.proposed, NOW, 60_000);
    expect(s.replicas).toBe(c.expected);
    expect(s.history.recommendations).toHaveLength(c.stored);
    expect(s.history.recommendations.map((r) => r.replicas)).toContain(c.proposed);
  });
});

describe('TestNormalizeDesiredReplicas: the window (5 minutes), then minReplicas and maxReplicas', () => {
  it.each<{ name: string; current: number; desired: number; min: number; max: number; recommendations: Recommendation[]; expected: number; limited: string }>([
    { name: 'scale up within limits', current: 2, desired: 4, min: 1, max: 10, recommendations: recs([4, 0]), expected: 4, limited: 'DesiredWithinRange' },
    {
      name: 'scale down stabilized',
      current: 5,
      desired: 3,
      min: 1,
      max: 10,
      recommendations: recs([4, 60], [3, 0]),
      expected: 4,
      limited: 'DesiredWithinRange',
    },
    { name: 'at min replicas', current: 2, desired: 1, min: 2, max: 10, recommendations: recs([1, 0]), expected: 2, limited: 'TooFewReplicas' },
    { name: 'at max replicas', current: 10, desired: 12, min: 1, max: 10, recommendations: recs([12, 0]), expected: 10, limited: 'TooManyReplicas' },
  ])('$name', (c) => {
    const s = stabilize({ ...EMPTY_HISTORY, recommendations: c.recommendations }, c.desired, NOW, 5 * 60_000);
    const b = boundWithRules(c.current, s.replicas, c.min, c.max);
    expect([b.replicas, b.reason]).toEqual([c.expected, c.limited]);
  });
});

describe('TestNormalizeDesiredReplicasWithBehaviors: windows of 300 s, then the policies', () => {
  const behavior = (up: number, down: number) => ({
    scaleUp: { stabilizationWindowSeconds: 300, selectPolicy: 'Max' as const, policies: [percent(up)] },
    scaleDown: { stabilizationWindowSeconds: 300, selectPolicy: 'Max' as const, policies: [percent(down)] },
  });
  it.each([
    { name: 'scale up with behavior', current: 5, proposed: 15, rules: behavior(200, 100), expected: 10 },
    { name: 'scale down with behavior', current: 8, proposed: 2, rules: behavior(200, 50), expected: 4 },
  ])('$name', (c) => {
    const s = stabilizeWithBehavior(EMPTY_HISTORY, c.current, c.proposed, 300, 300, NOW);
    const b = boundWithBehavior(c.current, s.replicas, 1, 10, s.history, c.rules.scaleUp, c.rules.scaleDown, NOW);
    expect(b.replicas).toBe(c.expected);
  });
});

describe('TestStabilizeRecommendationWithBehaviors: scale-up window 300 s, scale-down window 600 s', () => {
  it.each<{ name: string; current: number; desired: number; recommendations: Recommendation[]; expected: number; reason: string }>([
    { name: 'scale up stabilized', current: 5, desired: 10, recommendations: recs([8, 120], [7, 240]), expected: 7, reason: 'ScaleUpStabilized' },
    { name: 'scale down stabilized', current: 8, desired: 3, recommendations: recs([5, 300], [4, 480]), expected: 5, reason: 'ScaleDownStabilized' },
    { name: 'no change needed', current: 5, desired: 5, recommendations: recs([5, 60]), expected: 5, reason: 'ScaleUpStabilized' },
  ])('$name', (c) => {
    const s = stabilizeWithBehavior({ ...EMPTY_HISTORY, recommendations: c.recommendations }, c.current, c.desired, 300, 600, NOW);
    expect([s.replicas, s.reason]).toEqual([c.expected, c.reason]);
    expect(s.history.recommendations).toHaveLength(c.recommendations.length + 1);
  });
});

describe('TestConvertDesiredReplicasWithBehaviorRate: rules without a selectPolicy pick the largest change', () => {
  it.each<{ name: string; up?: HPAScalingRules; down?: HPAScalingRules; current: number; desired: number; expected: number; reason: string }>([
    { name: 'scale up within limits', up: { policies: [percent(200)] }, current: 5, desired: 8, expected: 8, reason: 'DesiredWithinRange' },
    { name: 'scale down within limits', down: { policies: [percent(100)] }, current: 5, desired: 3, expected: 3, reason: 'DesiredWithinRange' },
    { name: 'scale up beyond maxReplicas', up: { policies: [percent(200)] }, current: 8, desired: 12, expected: 10, reason: 'TooManyReplicas' },
  ])('$name', (c) => {
    const b = boundWithBehavior(c.current, c.desired, 1, 10, EMPTY_HISTORY, c.up ?? {}, c.down ?? {}, NOW);
    expect([b.replicas, b.reason]).toEqual([c.expected, c.reason]);
  });
});

describe('TestConvertDesiredReplicasWithRules and TestCalculateScaleUpLimit', () => {
  it.each([
    { name: 'desired within range', desired: 7, expected: 7, reason: 'DesiredWithinRange' },
    { name: 'desired below min', desired: 2, expected: 3, reason: 'TooFewReplicas' },
    { name: 'desired above max', desired: 15, expected: 10, reason: 'TooManyReplicas' },
  ])('$name', (c) => {
    const b = boundWithRules(5, c.desired, 3, 10);
    expect([b.replicas, b.reason]).toEqual([c.expected, c.reason]);
  });
  it('the scale-up limit: twice the replicas, at least 4', () => expect([0, 1, 10, 100].map(scaleUpLimit)).toEqual([4, 4, 20, 200]));
});

describe('TestCalculateScaleUpLimitWithScalingRules and TestCalculateScaleDownLimitWithBehaviors', () => {
  it.each<{ name: string; current: number; up?: TimedScaleEvent[]; rules: HPAScalingRules; expected: number }>([
    { name: 'no previous events', current: 5, rules: { policies: [pods(4)] }, expected: 9 },
    { name: 'a previous scale up', current: 5, up: events([2, 30]), rules: { policies: [pods(4)] }, expected: 7 },
    { name: 'Disabled', current: 5, rules: { selectPolicy: 'Disabled', policies: [pods(4)] }, expected: 5 },
    { name: 'Min', current: 5, rules: { selectPolicy: 'Min', policies: [pods(4), pods(2)] }, expected: 7 },
    { name: 'a Percent policy', current: 10, rules: { policies: [percent(50)] }, expected: 15 },
  ])('up: $name', (c) => {
    expect(scaleUpLimitWithRules(c.current, { scaleUp: c.up ?? [], scaleDown: [] }, c.rules, NOW)).toBe(c.expected);
  });
  it.each<{ name: string; current: number; down?: TimedScaleEvent[]; rules: HPAScalingRules; expected: number }>([
    { name: 'no previous events', current: 10, rules: { policies: [percent(20)] }, expected: 8 },
    { name: 'a previous scale down', current: 10, down: events([1, 30]), rules: { policies: [percent(20)] }, expected: 8 },
    { name: 'several policies', current: 100, rules: { policies: [percent(10), pods(5)] }, expected: 90 },
    { name: 'Disabled', current: 10, rules: { selectPolicy: 'Disabled', policies: [percent(20)] }, expected: 10 },
    { name: 'Min', current: 100, rules: { selectPolicy: 'Min', policies: [percent(10), pods(15)] }, expected: 90 },
  ])('down: $name', (c) => {
    expect(scaleDownLimitWithRules(c.current, { scaleUp: [], scaleDown: c.down ?? [] }, c.rules, NOW)).toBe(c.expected);
  });
});

describe('TestGetReplicasChangePerPeriod and TestStoreScaleEvent', () => {
  it.each([
    { name: 'no events', events: [], expected: 0 },
    { name: 'one event within the period', events: events([3, 30]), expected: 3 },
    { name: 'some events outside the period', events: events([3, 30], [2, 45], [1, 70]), expected: 5 },
  ])('change in 60 s: $name', (c) => expect(changeInPeriod(c.events, 60, NOW)).toBe(c.expected));

  it.each([
    { name: 'a scale up', behavior: { scaleUp: { stabilizationWindowSeconds: 60 } }, from: 5, to: 10, up: 1, down: 0 },
    { name: 'a scale down', behavior: { scaleDown: { stabilizationWindowSeconds: 60 } }, from: 10, to: 5, up: 0, down: 1 },
    { name: 'no behavior', behavior: undefined, from: 5, to: 5, up: 0, down: 0 },
  ])('stored events: $name', (c) => {
    const h = withScaleEvent(EMPTY_HISTORY, c.behavior, c.from, c.to, NOW);
    expect([h.scaleUp.length, h.scaleDown.length]).toEqual([c.up, c.down]);
  });
});

describe("the metrics' errors, as Karmada's computeReplicasForMetric words them", () => {
  const cpu: MetricSpec = { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } };
  const app: MetricSpec = {
    type: 'ContainerResource',
    containerResource: { name: 'cpu', container: 'app', target: { type: 'Utilization', averageUtilization: 50 } },
  };
  const external: MetricSpec = { type: 'External', external: { metric: { name: 'qps' }, target: { type: 'Value', value: '10' } } };
  const down: PodsObservation = { pods: [], usage: { error: 'the server could not find the requested resource' } };
  const verdict = (metrics: MetricSpec[]) => metricReplicas(metrics, down, 2, 1, NOW, DEFAULT_CALCULATOR_OPTIONS);
  const inner = 'failed to get cpu utilization: unable to get metrics for resource cpu: the server could not find the requested resource';

  it.each<{ name: string; metrics: MetricSpec[]; reason: string; condition: string; error: string }>([
    {
      name: 'a Resource metric: the error names the resource',
      metrics: [cpu],
      reason: 'FailedGetResourceMetric',
      condition: inner,
      error: `invalid metrics (1 invalid out of 1), first error is: failed to get cpu resource metric value: ${inner}`,
    },
    {
      name: 'a ContainerResource metric: the error names the container',
      metrics: [app],
      reason: 'FailedGetContainerResourceMetric',
      condition: inner,
      error: `invalid metrics (1 invalid out of 1), first error is: failed to get app container metric value: ${inner}`,
    },
    {
      name: 'an External metric: an unknown source type to the controller',
      metrics: [external],
      reason: 'InvalidMetricSourceType',
      condition: 'unknown metric source type "External"',
      error: 'invalid metrics (1 invalid out of 1), first error is: unknown metric source type "External"',
    },
  ])('$name', (c) => {
    const v = verdict(c.metrics);
    expect(v.ok).toBe(false);
    expect(v.condition).toEqual({
      type: 'ScalingActive',
      status: 'False',
      reason: c.reason,
      message: `the HPA was unable to compute the replica count: ${c.condition}`,
    });
    expect(v.ok ? undefined : v.error).toBe(c.error);
  });
});

describe("computeReplicasForMetrics: the status keeps one entry per metric, in the spec's order", () => {
  const hour = 3_600_000;
  const pod = (i: number): PodSample => ({
    key: `member1/web-${i}`,
    phase: 'Running',
    deleting: false,
    ready: { status: 'True', lastTransitionTime: NOW - hour },
    startTime: NOW - hour,
    containers: [{ name: 'app', requests: { cpu: 1000 } }],
  });
  const usage = (i: number): PodUsage => ({
    key: `member1/web-${i}`,
    timestamp: NOW - 10_000,
    windowMs: 30_000,
    containers: [{ name: 'app', usage: { cpu: 1500 } }],
  });
  const busy: PodsObservation = { pods: [pod(0), pod(1)], usage: [usage(0), usage(1)] };
  const cpu: MetricSpec = { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } };
  const external: MetricSpec = { type: 'External', external: { metric: { name: 'qps' }, target: { type: 'Value', value: '10' } } };

  it('a failed metric before a scaling one: an empty entry in its place, and the scale up goes ahead', () => {
    const v = metricReplicas([external, cpu], busy, 2, 1, NOW, DEFAULT_CALCULATOR_OPTIONS);
    if (!v.ok) throw new Error(v.error);
    expect(v.replicas).toBe(6);
    expect(v.statuses.map((m) => m.type)).toEqual(['', 'Resource']);
    expect(v.error).toBe('invalid metrics (1 invalid out of 2), first error is: unknown metric source type "External"');
  });
});
