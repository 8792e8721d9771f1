// Kubernetes' HPA normalization with the vectors of its own table tests (podautoscaler's
// horizontal_test: TestScalingWithRules, TestNormalizeDesiredReplicasWithBehavior,
// TestNormalizeDesiredReplicas, TestStoreScaleEvents, TestConvertDesiredReplicasWithRules and the
// scale-limit cases), with Karmada's scale-up limit factor of 2.
import { describe, expect, it } from 'vitest';
import {
  boundWithBehavior,
  boundWithRules,
  changeInPeriod,
  scaleDownLimitWithRules,
  scaleUpLimit,
  scaleUpLimitWithRules,
  stabilize,
  stabilizeWithBehavior,
  withScaleEvent,
} from '../../../src/controllers/autoscaling/scaling-rules.ts';
import type { Recommendation, TimedScaleEvent } from '../../../src/controllers/autoscaling/scaling-rules.ts';
import type { HPAScalingRules } from '../../../src/model/index.ts';
import { scalingRules } from '../../../src/render/defaults/autoscaling.ts';

const NOW = Date.parse('2024-01-01T12:00:00Z');
const ago = (seconds: number): number => NOW - seconds * 1000;

/** Kubernetes' generateScalingRules: selectPolicy Max, a Pods and a Percent policy when non-zero. */
function rules(pods: number, podsPeriod: number, percent: number, percentPeriod: number, window: number): HPAScalingRules {
  return {
    stabilizationWindowSeconds: window,
    selectPolicy: 'Max',
    policies: [
      ...(pods !== 0 ? [{ type: 'Pods' as const, value: pods, periodSeconds: podsPeriod }] : []),
      ...(percent !== 0 ? [{ type: 'Percent' as const, value: percent, periodSeconds: percentPeriod }] : []),
    ],
  };
}

/** Kubernetes' generateEventsUniformDistribution: events spread over the last `period` seconds, oldest first. */
function events(changes: number[], period: number): TimedScaleEvent[] {
  const segment = period / changes.length;
  return changes.map((change, i) => ({ change, at: ago(Math.trunc(period - segment * (i + 1) + segment / 2)), outdated: false }));
}

describe('boundWithBehavior (TestScalingWithRules)', () => {
  it.each<{
    name: string;
    up?: TimedScaleEvent[];
    down?: TimedScaleEvent[];
    min: number;
    max: number;
    upRules?: HPAScalingRules;
    downRules?: HPAScalingRules;
    current: number;
    desired: number;
    expected: number;
    reason: string;
  }>([
    { name: 'prenormalized desired replicas within range', current: 5, desired: 7, min: 3, max: 8, expected: 7, reason: 'DesiredWithinRange' },
    { name: 'prenormalized desired replicas < minReplicas', current: 3, desired: 1, min: 2, max: 8, expected: 2, reason: 'TooFewReplicas' },
    {
      name: 'prenormalized desired replicas within range when minReplicas is 0',
      current: 1,
      desired: 0,
      min: 0,
      max: 10,
      expected: 0,
      reason: 'DesiredWithinRange',
    },
    {
      name: 'maxReplicas is the limit because maxReplicas < scaleUpLimit',
      current: 20,
      desired: 1000,
      min: 1,
      max: 10,
      expected: 10,
      reason: 'TooManyReplicas',
    },
    {
      name: 'desired replica count is more than the maximum replica count',
      current: 100,
      desired: 1000,
      min: 100,
      max: 150,
      expected: 150,
      reason: 'TooManyReplicas',
    },
    {
      name: 'scaleUpLimit is the limit because scaleUpLimit < maxReplicas with user policies',
      current: 3,
      desired: 1000,
      min: 1,
      max: 2000,
      upRules: rules(0, 0, 1, 60, 0),
      expected: 4,
      reason: 'ScaleUpLimit',
    },
    {
      name: 'scaleDownLimit is the limit because scaleDownLimit > minReplicas with user defined policies',
      current: 1000,
      desired: 3,
      min: 3,
      max: 2000,
      downRules: rules(20, 60, 0, 0, 0),
      expected: 980,
      reason: 'ScaleDownLimit',
    },
    { name: 'scaleUp with default behavior', current: 10, desired: 50, min: 1, max: 1000, expected: 20, reason: 'ScaleUpLimit' },
    {
      name: 'scaleUp with pods policy larger than percent policy',
      current: 10,
      desired: 500,
      min: 1,
      max: 1000,
      upRules: rules(100, 60, 100, 60, 0),
      expected: 110,
      reason: 'ScaleUpLimit',
    },
    {
      name: 'scaleUp with percent policy larger than pods policy',
      current: 10,
      desired: 500,
      min: 1,
      max: 1000,
      upRules: rules(2, 60, 100, 60, 0),
      expected: 20,
      reason: 'ScaleUpLimit',
    },
    {
      name: 'scaleUp with spec MaxReplicas limitation with large pod policy',
      current: 10,
      desired: 50,
      min: 1,
      max: 1000,
      upRules: rules(100, 60, 0, 0, 0),
      expected: 50,
      reason: 'DesiredWithinRange',
    },
    {
      name: 'scaleUp with spec MaxReplicas limitation with large percent policy',
      current: 10,
      desired: 50,
      min: 1,
      max: 1000,
      upRules: rules(10000, 60, 0, 0, 0),
      expected: 50,
      reason: 'DesiredWithinRange',
    },
    {
      name: 'scaleUp with pod policy limitation',
      current: 10,
      desired: 50,
      min: 1,
      max: 1000,
      upRules: rules(30, 60, 0, 0, 0),
      expected: 40,
      reason: 'ScaleUpLimit',
    },
    {
      name: 'scaleUp with percent policy limitation',
      current: 10,
      desired: 50,
      min: 1,
      max: 1000,
      upRules: rules(0, 0, 200, 60, 0),
      expected: 30,
      reason: 'ScaleUpLimit',
    },
    {
      name: 'scaleDown with percent policy larger than pod policy',
      current: 100,
      desired: 2,
      min: 1,
      max: 1000,
      downRules: rules(20, 60, 1, 60, 300),
      expected: 80,
      reason: 'ScaleDownLimit',
    },
    {
      name: 'scaleDown with pod policy larger than percent policy',
      current: 100,
      desired: 2,
      min: 1,
      max: 1000,
      downRules: rules(2, 60, 1, 60, 300),
      expected: 98,
      reason: 'ScaleDownLimit',
    },
    {
      name: 'scaleDown with spec MinReplicas=nil limitation with large pod policy',
      current: 10,
      desired: 0,
      min: 1,
      max: 1000,
      downRules: rules(100, 60, 0, 0, 300),
      expected: 1,
      reason: 'TooFewReplicas',
    },
    {
      name: 'scaleDown with spec MinReplicas limitation with large percent policy',
      current: 10,
      desired: 2,
      min: 5,
      max: 1000,
      downRules: rules(0, 0, 100, 60, 300),
      expected: 5,
      reason: 'TooFewReplicas',
    },
    {
      name: 'scaleDown with pod policy limitation',
      current: 10,
      desired: 2,
      min: 1,
      max: 1000,
      downRules: rules(5, 60, 0, 0, 300),
      expected: 5,
      reason: 'ScaleDownLimit',
    },
    {
      name: 'scaleDown with percent policy limitation',
      current: 10,
      desired: 5,
      min: 1,
      max: 1000,
      downRules: rules(0, 0, 50, 60, 300),
      expected: 5,
      reason: 'DesiredWithinRange',
    },
    {
      name: 'scaleUp with spec MaxReplicas limitation with large pod policy and events',
      up: events([1, 5, 9], 120),
      current: 100,
      desired: 500,
      min: 1,
      max: 200,
      upRules: rules(300, 60, 0, 0, 0),
      expected: 200,
      reason: 'TooManyReplicas',
    },
    {
      name: 'scaleUp with spec MaxReplicas limitation with large percent policy and events',
      up: events([1, 5, 9], 120),
      current: 100,
      desired: 500,
      min: 1,
      max: 200,
      upRules: rules(0, 0, 10000, 60, 0),
      expected: 200,
      reason: 'TooManyReplicas',
    },
    {
      name: 'scaleUp with currentReplicas limitation with rate.PeriodSeconds with a lot of recent scale up events',
      up: events([1, 5, 9], 120),
      current: 100,
      desired: 500,
      min: 1,
      max: 1000,
      upRules: rules(5, 120, 0, 0, 0),
      expected: 100,
      reason: 'ScaleUpLimit',
    },
    {
      name: 'scaleUp with pod policy and previous scale up events',
      up: events([1, 5, 9], 120),
      current: 100,
      desired: 500,
      min: 1,
      max: 1000,
      upRules: rules(150, 120, 0, 0, 0),
      expected: 235,
      reason: 'ScaleUpLimit',
    },
    {
      name: 'scaleUp with percent policy and previous scale up events',
      up: events([1, 5, 9], 120),
      current: 100,
      desired: 500,
      min: 1,
      max: 1000,
      upRules: rules(0, 0, 200, 120, 0),
      expected: 255,
      reason: 'ScaleUpLimit',
    },
    {
      name: 'scaleUp with percent policy and previous scale up and down events',
      up: events([4], 120),
      down: events([2], 120),
      current: 6,
      desired: 24,
      min: 1,
      max: 1000,
      upRules: rules(0, 0, 300, 300, 0),
      expected: 16,
      reason: 'ScaleUpLimit',
    },
    {
      name: 'scaleDown with default policy and previous events',
      down: events([1, 5, 9], 120),
      current: 10,
      desired: 5,
      min: 1,
      max: 1000,
      expected: 5,
      reason: 'DesiredWithinRange',
    },
    {
      name: 'scaleDown with spec MinReplicas=nil limitation with large pod policy and previous events',
      down: events([1, 5, 9], 120),
      current: 100,
      desired: 0,
      min: 1,
      max: 1000,
      downRules: rules(115, 120, 0, 0, 300),
      expected: 1,
      reason: 'TooFewReplicas',
    },
    {
      name: 'scaleDown with spec MinReplicas limitation with large pod policy and previous events',
      down: events([1, 5, 9], 120),
      current: 100,
      desired: 0,
      min: 5,
      max: 1000,
      downRules: rules(130, 120, 0, 0, 300),
      expected: 5,
      reason: 'TooFewReplicas',
    },
    {
      name: 'scaleDown with spec MinReplicas limitation with large percent policy and previous events',
      down: events([1, 5, 9], 120),
      current: 100,
      desired: 2,
      min: 5,
      max: 1000,
      downRules: rules(0, 0, 100, 120, 300),
      expected: 5,
      reason: 'TooFewReplicas',
    },
    {
      name: 'scaleDown with pod policy limitation and previous events',
      down: events([1, 5, 9], 120),
      current: 100,
      desired: 2,
      min: 1,
      max: 1000,
      downRules: rules(5, 120, 0, 0, 300),
      expected: 100,
      reason: 'ScaleDownLimit',
    },
    {
      name: 'scaleDown with percent policy limitation and previous events',
      down: events([2, 4, 6], 120),
      current: 100,
      desired: 0,
      min: 1,
      max: 1000,
      downRules: rules(0, 0, 50, 120, 300),
      expected: 56,
      reason: 'ScaleDownLimit',
    },
    {
      name: 'scaleDown with percent policy and previous scale up and down events',
      up: events([2], 120),
      down: events([4], 120),
      current: 10,
      desired: 1,
      min: 1,
      max: 1000,
      downRules: rules(0, 0, 50, 180, 0),
      expected: 6,
      reason: 'ScaleDownLimit',
    },
    {
      name: 'scaleDown with previous events preventing further scale down',
      down: events([10, 10, 10], 120),
      current: 100,
      desired: 0,
      min: 1,
      max: 1000,
      downRules: rules(0, 0, 10, 120, 300),
      expected: 100,
      reason: 'ScaleDownLimit',
    },
    {
      name: 'scaleDown with with previous events still allowing more scale down',
      down: events([10, 10, 10], 120),
      current: 10,
      desired: 5,
      min: 1,
      max: 1000,
      downRules: rules(0, 0, 1000, 120, 300),
      expected: 5,
      reason: 'DesiredWithinRange',
    },
    {
      name: "check 'outdated' flag for events for one behavior for up",
      up: events([8, 12, 9, 11], 120),
      current: 100,
      desired: 200,
      min: 1,
      max: 1000,
      upRules: rules(1000, 60, 0, 0, 0),
      expected: 200,
      reason: 'DesiredWithinRange',
    },
    {
      name: "check that events were not marked 'outdated' for two different policies in the behavior for up",
      up: events([8, 12, 9, 11], 120),
      current: 100,
      desired: 200,
      min: 1,
      max: 1000,
      upRules: rules(1000, 120, 100, 60, 0),
      expected: 200,
      reason: 'DesiredWithinRange',
    },
    {
      name: "check that events were marked 'outdated' for two different policies in the behavior for up",
      up: events([8, 12, 9, 11], 120),
      current: 100,
      desired: 200,
      min: 1,
      max: 1000,
      upRules: rules(1000, 30, 100, 60, 0),
      expected: 200,
      reason: 'DesiredWithinRange',
    },
    {
      name: "check 'outdated' flag for events for one behavior for down",
      down: events([8, 12, 9, 11], 120),
      current: 100,
      desired: 5,
      min: 1,
      max: 1000,
      downRules: rules(1000, 60, 0, 0, 300),
      expected: 5,
      reason: 'DesiredWithinRange',
    },
    {
      name: "check that events were not marked 'outdated' for two different policies in the behavior for down",
      down: events([8, 12, 9, 11], 120),
      current: 100,
      desired: 5,
      min: 1,
      max: 1000,
      downRules: rules(1000, 120, 100, 60, 300),
      expected: 5,
      reason: 'DesiredWithinRange',
    },
    {
      name: "check that events were marked 'outdated' for two different policies in the behavior for down",
      down: events([8, 12, 9, 11], 120),
      current: 100,
      desired: 5,
      min: 1,
      max: 1000,
      downRules: rules(1000, 30, 100, 60, 300),
      expected: 5,
      reason: 'DesiredWithinRange',
    },
  ])('$name', (c) => {
    const history = { scaleUp: c.up ?? [], scaleDown: c.down ?? [] };
    const bounded = boundWithBehavior(
      c.current,
      c.desired,
      c.min,
      c.max,
      history,
      scalingRules(c.upRules, 'scaleUp'),
      scalingRules(c.downRules, 'scaleDown'),
      NOW,
    );
    expect([bounded.replicas, bounded.reason]).toEqual([c.expected, c.reason]);
  });
});

describe('stabilizeWithBehavior (TestNormalizeDesiredReplicasWithBehavior)', () => {
  const recs = (...pairs: [number, number][]): Recommendation[] => pairs.map(([replicas, minutes]) => ({ replicas, at: NOW - minutes * 60_000 }));
  it.each<{
    name: string;
    recommendations: Recommendation[];
    current: number;
    proposed: number;
    expected: number;
    stored?: number[];
    up?: number;
    down?: number;
  }>([
    { name: 'empty recommendations for scaling down', recommendations: [], current: 100, proposed: 5, expected: 5, stored: [5] },
    { name: 'simple scale down stabilization', recommendations: recs([4, 2], [5, 1]), current: 100, proposed: 3, expected: 5, stored: [4, 5, 3], down: 180 },
    { name: 'simple scale up stabilization', recommendations: recs([4, 2], [5, 1]), current: 1, proposed: 7, expected: 4, stored: [4, 5, 7], up: 300 },
    { name: 'no scale down stabilization', recommendations: recs([1, 2], [2, 1]), current: 100, proposed: 3, expected: 3, stored: [1, 2, 3], up: 300 },
    { name: 'no scale up stabilization', recommendations: recs([4, 2], [5, 1]), current: 1, proposed: 3, expected: 3, stored: [4, 5, 3], down: 300 },
    {
      name: 'no scale down stabilization, reuse recommendation element',
      recommendations: recs([10, 10], [9, 9]),
      current: 100,
      proposed: 3,
      expected: 3,
      stored: [10, 3],
    },
    {
      name: 'no scale up stabilization, reuse recommendation element',
      recommendations: recs([10, 10], [9, 9]),
      current: 1,
      proposed: 100,
      expected: 100,
      stored: [10, 100],
    },
    {
      name: 'scale down stabilization, reuse one of obsolete recommendation element',
      recommendations: recs([10, 10], [4, 1], [5, 2], [9, 9]),
      current: 100,
      proposed: 3,
      expected: 5,
      stored: [10, 4, 5, 3],
      down: 180,
    },
    {
      name: 'scale up stabilization, reuse one of obsolete recommendation element',
      recommendations: recs([10, 100], [6, 1], [5, 2], [9, 3]),
      current: 1,
      proposed: 100,
      expected: 5,
      stored: [100, 6, 5, 9],
      up: 300,
    },
    {
      name: 'scale up and down stabilization, do not scale up when prenormalized rec goes down',
      recommendations: recs([2, 100], [3, 3]),
      current: 2,
      proposed: 1,
      expected: 2,
      up: 300,
      down: 300,
    },
    {
      name: 'scale up and down stabilization, do not scale down when prenormalized rec goes up',
      recommendations: recs([2, 100], [1, 3]),
      current: 2,
      proposed: 3,
      expected: 2,
      up: 300,
      down: 300,
    },
  ])('$name', (c) => {
    const history = { recommendations: c.recommendations, scaleUp: [], scaleDown: [] };
    const s = stabilizeWithBehavior(history, c.current, c.proposed, c.up ?? 0, c.down ?? 0, NOW);
    expect(s.replicas).toBe(c.expected);
    if (c.stored) expect(s.history.recommendations.map((r) => r.replicas)).toEqual(c.stored);
  });
});

describe('stabilize without a behavior (TestNormalizeDesiredReplicas)', () => {
  const recs = (...pairs: [number, number][]): Recommendation[] => pairs.map(([replicas, minutes]) => ({ replicas, at: NOW - minutes * 60_000 }));
  it.each<{ name: string; recommendations: Recommendation[]; proposed: number; expected: number; length: number }>([
    { name: 'empty log', recommendations: [], proposed: 5, expected: 5, length: 1 },
    { name: 'stabilize', recommendations: recs([4, 2], [5, 1]), proposed: 3, expected: 5, length: 3 },
    { name: 'no stabilize', recommendations: recs([1, 2], [2, 1]), proposed: 3, expected: 3, length: 3 },
    { name: 'no stabilize - old recommendations', recommendations: recs([10, 10], [9, 9]), proposed: 3, expected: 3, length: 2 },
    { name: 'stabilize - old recommendations', recommendations: recs([10, 10], [4, 1], [5, 2], [9, 9]), proposed: 3, expected: 5, length: 4 },
  ])('$name', (c) => {
    const s = stabilize({ recommendations: c.recommendations, scaleUp: [], scaleDown: [] }, c.proposed, NOW, 5 * 60_000);
    expect(s.replicas).toBe(c.expected);
    expect(s.history.recommendations).toHaveLength(c.length);
  });
});

describe('boundWithRules (TestConvertDesiredReplicasWithRules)', () => {
  it.each([
    { name: 'prenormalized desired replicas within range', current: 5, desired: 7, min: 3, max: 8, expected: 7, reason: 'DesiredWithinRange' },
    { name: 'prenormalized desired replicas < minReplicas', current: 3, desired: 1, min: 2, max: 8, expected: 2, reason: 'TooFewReplicas' },
    { name: 'prenormalized desired zeroed replicas within range', current: 1, desired: 0, min: 0, max: 10, expected: 0, reason: 'DesiredWithinRange' },
    {
      name: 'maxReplicas is the limit because maxReplicas < scaleUpLimit',
      current: 20,
      desired: 1000,
      min: 1,
      max: 10,
      expected: 10,
      reason: 'TooManyReplicas',
    },
    {
      name: 'scaleUpLimit is the limit because scaleUpLimit < maxReplicas',
      current: 3,
      desired: 1000,
      min: 1,
      max: 2000,
      expected: scaleUpLimit(3),
      reason: 'ScaleUpLimit',
    },
  ])('$name', (c) => {
    const b = boundWithRules(c.current, c.desired, c.min, c.max);
    expect([b.replicas, b.reason]).toEqual([c.expected, c.reason]);
  });

  it("Karmada's scale-up limit: twice the replicas, at least 4", () => {
    expect([scaleUpLimit(1), scaleUpLimit(3), scaleUpLimit(10)]).toEqual([4, 6, 20]);
  });
});

describe('scale limits with Min selectPolicy (TestCalculateScaleUp/DownLimit...)', () => {
  const min: HPAScalingRules = {
    stabilizationWindowSeconds: 300,
    selectPolicy: 'Min',
    policies: [
      { type: 'Pods', value: 2, periodSeconds: 60 },
      { type: 'Percent', value: 50, periodSeconds: 60 },
    ],
  };
  it('scale up picks the smallest change', () => expect(scaleUpLimitWithRules(1, { scaleUp: [], scaleDown: [] }, min, NOW)).toBe(2));
  it('scale down picks the smallest change', () => expect(scaleDownLimitWithRules(5, { scaleUp: [], scaleDown: [] }, min, NOW)).toBe(3));
  it('Disabled allows no change', () => {
    const off = { ...min, selectPolicy: 'Disabled' as const };
    expect([scaleUpLimitWithRules(5, { scaleUp: [], scaleDown: [] }, off, NOW), scaleDownLimitWithRules(5, { scaleUp: [], scaleDown: [] }, off, NOW)]).toEqual([
      5, 5,
    ]);
  });
});

describe('withScaleEvent (TestStoreScaleEvents)', () => {
  const e = (change: number, seconds: number, outdated = false): TimedScaleEvent => ({ change, at: ago(seconds), outdated });
  it.each<{ name: string; previous: TimedScaleEvent[]; stored: [number, boolean][]; rules?: HPAScalingRules; changeBefore: number }>([
    { name: 'empty entries with default behavior', previous: [], stored: [], changeBefore: 0 },
    { name: 'empty entries with two-policy-behavior', previous: [], stored: [[5, false]], rules: rules(10, 60, 100, 60, 0), changeBefore: 0 },
    { name: 'one outdated entry to be kept untouched without behavior', previous: [e(7, 61)], stored: [[7, false]], changeBefore: 0 },
    { name: 'one outdated entry to be replaced with behavior', previous: [e(7, 61)], stored: [[5, false]], rules: rules(10, 60, 100, 60, 0), changeBefore: 0 },
    {
      name: 'one actual entry to be not touched with behavior',
      previous: [e(7, 58)],
      stored: [
        [7, false],
        [5, false],
      ],
      rules: rules(10, 60, 100, 60, 0),
      changeBefore: 7,
    },
    {
      name: 'two entries, one of them to be replaced',
      previous: [e(7, 61), e(6, 59)],
      stored: [
        [5, false],
        [6, false],
      ],
      rules: rules(10, 60, 0, 0, 0),
      changeBefore: 6,
    },
    {
      name: 'replace one entry, use policies with different periods',
      previous: [e(8, 29), e(6, 59), e(7, 61), e(9, 61)],
      stored: [
        [8, false],
        [6, false],
        [7, true],
        [5, false],
      ],
      rules: rules(10, 60, 100, 30, 0),
      changeBefore: 14,
    },
    {
      name: 'two entries, both actual',
      previous: [e(7, 58), e(6, 59)],
      stored: [
        [7, false],
        [6, false],
        [5, false],
      ],
      rules: rules(10, 120, 100, 30, 0),
      changeBefore: 13,
    },
  ])('$name', (c) => {
    expect(changeInPeriod(c.previous, 60, NOW)).toBe(c.changeBefore);
    const start = { recommendations: [], scaleUp: c.previous, scaleDown: c.previous };
    const up = withScaleEvent(start, c.rules ? { scaleUp: c.rules } : undefined, 10, 15, NOW);
    const down = withScaleEvent(start, c.rules ? { scaleDown: c.rules } : undefined, 10, 5, NOW);
    const shape = (list: TimedScaleEvent[]) => list.map((x) => [x.change, x.outdated]);
    // Without a behavior nothing is stored: the events stay as they were.
    const expected = c.rules ? c.stored : c.previous.map((x) => [x.change, x.outdated]);
    expect(shape(up.scaleUp)).toEqual(expected);
    expect(shape(down.scaleDown)).toEqual(expected);
  });
});
