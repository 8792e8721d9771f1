// Kubernetes' HPA replica calculation, with the vectors of its own table tests (podautoscaler's
// replica_calculator_test: resource and per-pod metric cases, groupPods) and Karmada's calibration
// cases. Pods are named test-pod-<i> with two containers, each requesting requests[i] and using
// levels[i], as Kubernetes' harness builds them.
import { describe, expect, it } from 'vitest';
import { metricReplicas } from '../../../src/controllers/autoscaling/metric-replicas.ts';
import type { PodSample, PodUsage } from '../../../src/controllers/autoscaling/pod-sample.ts';
import { groupPods } from '../../../src/controllers/autoscaling/replica-calculator.ts';
import type { CalculatorOptions } from '../../../src/controllers/autoscaling/replica-calculator.ts';
import { quantityAsMilli } from '../../../src/model/index.ts';
import type { MetricSpec } from '../../../src/model/index.ts';

const NOW = Date.parse('2024-01-01T12:00:00Z');
/** Go's zero time: what Kubernetes' harness leaves unset. */
const ZERO = -62_135_596_800_000;
const HOT = NOW;
const COOL = NOW - 3 * 60_000;
/** Kubernetes' testing defaults. */
const OPTIONS: CalculatorOptions = { tolerance: 0.1, cpuInitializationPeriodMs: 2 * 60_000, delayOfInitialReadinessStatusMs: 10_000 };

type Phase = 'Running' | 'Pending' | 'Failed';
interface Case {
  name: string;
  current: number;
  expected?: number;
  error?: string;
  resource: 'cpu' | 'memory';
  /** Per-container requests, cores (or bytes for memory); pods past the list have none. */
  requests: number[];
  /** Per-container usage, milli-units. */
  levels: number[];
  podNames?: string[];
  target: number;
  /** Utilization percent (cpu cases) or per-pod average value, milli-units (memory cases). */
  kind?: 'Utilization' | 'AverageValue';
  expectedUtilization?: number;
  /** Per pod, milli-units. */
  expectedValue?: number;
  readiness?: ('True' | 'False')[];
  startTimes?: number[];
  phases?: Phase[];
  deleting?: boolean[];
  calibration?: number;
}

function pods(c: Case): PodSample[] {
  const count = Math.max(c.current, c.phases?.length ?? 0);
  return Array.from({ length: count }, (_, i): PodSample => {
    const request = c.requests[i];
    const requests: Record<string, number> = request === undefined ? {} : { [c.resource]: request * 1000 };
    return {
      key: `member1/test-pod-${i}`,
      phase: c.phases?.[i] ?? 'Running',
      deleting: c.deleting?.[i] ?? false,
      ready: { status: c.readiness?.[i] ?? 'True', lastTransitionTime: ZERO },
      startTime: c.startTimes?.[i] ?? ZERO,
      containers: [
        { name: 'container0', requests },
        { name: 'container1', requests },
      ],
    };
  });
}

function usage(c: Case): PodUsage[] {
  return c.levels.map((level, i) => ({
    key: `member1/${c.podNames?.[i] ?? `test-pod-${i}`}`,
    timestamp: ZERO,
    windowMs: 60_000,
    containers: [
      { name: 'container0', usage: { [c.resource]: level } },
      { name: 'container1', usage: { [c.resource]: level } },
    ],
  }));
}

function metric(c: Case): MetricSpec {
  const target =
    (c.kind ?? 'Utilization') === 'Utilization'
      ? { type: 'Utilization' as const, averageUtilization: c.target }
      : { type: 'AverageValue' as const, averageValue: `${c.target}m` };
  return { type: 'Resource', resource: { name: c.resource, target } };
}

const x2 = (n: number): number => 2 * n;

const cases: Case[] = [
  {
    name: 'DisjointResourcesMetrics',
    current: 1,
    error: 'no metrics returned matched known pods',
    resource: 'cpu',
    requests: [1],
    levels: [100],
    podNames: ['an-older-pod-name'],
    target: 100,
  },
  {
    name: 'ScaleUp',
    current: 3,
    expected: 5,
    resource: 'cpu',
    requests: [1, 1, 1],
    levels: [300, 500, 700],
    target: 30,
    expectedUtilization: 50,
    expectedValue: x2(500),
  },
  {
    name: 'ScaleUpUnreadyLessScale',
    current: 3,
    expected: 4,
    readiness: ['False', 'True', 'True'],
    resource: 'cpu',
    requests: [1, 1, 1],
    levels: [300, 500, 700],
    target: 30,
    expectedUtilization: 60,
    expectedValue: x2(600),
  },
  {
    name: 'ScaleUpHotCpuLessScale',
    current: 3,
    expected: 4,
    startTimes: [HOT, COOL, COOL],
    resource: 'cpu',
    requests: [1, 1, 1],
    levels: [300, 500, 700],
    target: 30,
    expectedUtilization: 60,
    expectedValue: x2(600),
  },
  {
    name: 'ScaleUpUnreadyNoScale',
    current: 3,
    expected: 3,
    readiness: ['True', 'False', 'False'],
    resource: 'cpu',
    requests: [1, 1, 1],
    levels: [400, 500, 700],
    target: 30,
    expectedUtilization: 40,
    expectedValue: x2(400),
  },
  {
    name: 'ScaleHotCpuNoScale',
    current: 3,
    expected: 3,
    readiness: ['True', 'False', 'False'],
    startTimes: [COOL, HOT, HOT],
    resource: 'cpu',
    requests: [1, 1, 1],
    levels: [400, 500, 700],
    target: 30,
    expectedUtilization: 40,
    expectedValue: x2(400),
  },
  {
    name: 'ScaleUpIgnoresFailedPods',
    current: 2,
    expected: 4,
    readiness: ['True', 'True', 'False', 'False'],
    phases: ['Running', 'Running', 'Failed', 'Failed'],
    resource: 'cpu',
    requests: [1, 1, 1, 1],
    levels: [500, 700],
    target: 30,
    expectedUtilization: 60,
    expectedValue: x2(600),
  },
  {
    name: 'ScaleUpIgnoresDeletionPods',
    current: 2,
    expected: 4,
    readiness: ['True', 'True', 'False', 'False'],
    phases: ['Running', 'Running', 'Running', 'Running'],
    deleting: [false, false, true, true],
    resource: 'cpu',
    requests: [1, 1, 1, 1],
    levels: [500, 700],
    target: 30,
    expectedUtilization: 60,
    expectedValue: x2(600),
  },
  {
    name: 'ScaleDown',
    current: 5,
    expected: 3,
    resource: 'cpu',
    requests: [1, 1, 1, 1, 1],
    levels: [100, 300, 500, 250, 250],
    target: 50,
    expectedUtilization: 28,
    expectedValue: x2(280),
  },
  {
    name: 'ScaleDownIncludeUnreadyPods',
    current: 5,
    expected: 2,
    readiness: ['True', 'True', 'True', 'False', 'False'],
    resource: 'cpu',
    requests: [1, 1, 1, 1, 1],
    levels: [100, 300, 500, 250, 250],
    target: 50,
    expectedUtilization: 30,
    expectedValue: x2(300),
  },
  {
    name: 'ScaleDownExcludeUnscheduledPods',
    current: 5,
    expected: 1,
    readiness: ['True', 'False', 'False', 'False', 'False'],
    phases: ['Running', 'Pending', 'Pending', 'Pending', 'Pending'],
    resource: 'cpu',
    requests: [1, 1, 1, 1, 1],
    levels: [100],
    target: 50,
    expectedUtilization: 10,
    expectedValue: x2(100),
  },
  {
    name: 'ScaleDownIgnoreHotCpuPods',
    current: 5,
    expected: 2,
    startTimes: [COOL, COOL, COOL, HOT, HOT],
    resource: 'cpu',
    requests: [1, 1, 1, 1, 1],
    levels: [100, 300, 500, 250, 250],
    target: 50,
    expectedUtilization: 30,
    expectedValue: x2(300),
  },
  {
    name: 'ScaleDownIgnoresFailedPods',
    current: 5,
    expected: 3,
    readiness: ['True', 'True', 'True', 'True', 'True', 'False', 'False'],
    phases: ['Running', 'Running', 'Running', 'Running', 'Running', 'Failed', 'Failed'],
    resource: 'cpu',
    requests: [1, 1, 1, 1, 1, 1, 1],
    levels: [100, 300, 500, 250, 250],
    target: 50,
    expectedUtilization: 28,
    expectedValue: x2(280),
  },
  {
    name: 'ScaleDownIgnoresDeletionPods',
    current: 5,
    expected: 3,
    readiness: ['True', 'True', 'True', 'True', 'True', 'False', 'False'],
    phases: ['Running', 'Running', 'Running', 'Running', 'Running', 'Running', 'Running'],
    deleting: [false, false, false, false, false, true, true],
    resource: 'cpu',
    requests: [1, 1, 1, 1, 1, 1, 1],
    levels: [100, 300, 500, 250, 250],
    target: 50,
    expectedUtilization: 28,
    expectedValue: x2(280),
  },
  {
    name: 'Tolerance',
    current: 3,
    expected: 3,
    resource: 'cpu',
    requests: [0.9, 1, 1.1],
    levels: [1010, 1030, 1020],
    target: 100,
    expectedUtilization: 102,
    expectedValue: x2(1020),
  },
  {
    name: 'SuperfluousMetrics',
    current: 4,
    expected: 24,
    resource: 'cpu',
    requests: [1, 1, 1, 1],
    levels: [4000, 9500, 3000, 7000, 3200, 2000],
    target: 100,
    expectedUtilization: 587,
    expectedValue: x2(5875),
  },
  {
    name: 'MissingMetrics',
    current: 4,
    expected: 3,
    resource: 'cpu',
    requests: [1, 1, 1, 1],
    levels: [400, 95],
    target: 100,
    expectedUtilization: 24,
    expectedValue: 495,
  },
  {
    name: 'EmptyMetrics',
    current: 4,
    error: 'unable to get metrics for resource cpu: no metrics returned from resource metrics API',
    resource: 'cpu',
    requests: [1, 1, 1],
    levels: [],
    target: 100,
  },
  { name: 'EmptyCPURequest', current: 1, error: 'missing request for', resource: 'cpu', requests: [], levels: [200], target: 100 },
  {
    name: 'MissingMetricsNoChangeEq',
    current: 2,
    expected: 2,
    resource: 'cpu',
    requests: [1, 1],
    levels: [1000],
    target: 100,
    expectedUtilization: 100,
    expectedValue: x2(1000),
  },
  {
    name: 'MissingMetricsNoChangeGt',
    current: 2,
    expected: 2,
    resource: 'cpu',
    requests: [1, 1],
    levels: [1900],
    target: 100,
    expectedUtilization: 190,
    expectedValue: x2(1900),
  },
  {
    name: 'MissingMetricsNoChangeLt',
    current: 2,
    expected: 2,
    resource: 'cpu',
    requests: [1, 1],
    levels: [600],
    target: 100,
    expectedUtilization: 60,
    expectedValue: x2(600),
  },
  {
    name: 'MissingMetricsUnreadyChange',
    current: 3,
    expected: 3,
    readiness: ['False', 'True', 'True'],
    resource: 'cpu',
    requests: [1, 1, 1],
    levels: [100, 450],
    target: 50,
    expectedUtilization: 45,
    expectedValue: x2(450),
  },
  {
    name: 'MissingMetricsHotCpuNoChange',
    current: 3,
    expected: 3,
    startTimes: [HOT, COOL, COOL],
    resource: 'cpu',
    requests: [1, 1, 1],
    levels: [100, 450],
    target: 50,
    expectedUtilization: 45,
    expectedValue: x2(450),
  },
  {
    name: 'MissingMetricsUnreadyScaleUp',
    current: 3,
    expected: 4,
    readiness: ['False', 'True', 'True'],
    resource: 'cpu',
    requests: [1, 1, 1],
    levels: [100, 2000],
    target: 50,
    expectedUtilization: 200,
    expectedValue: x2(2000),
  },
  {
    name: 'MissingMetricsHotCpuScaleUp',
    current: 3,
    expected: 4,
    readiness: ['False', 'True', 'True'],
    startTimes: [HOT, COOL, COOL],
    resource: 'cpu',
    requests: [1, 1, 1],
    levels: [100, 2000],
    target: 50,
    expectedUtilization: 200,
    expectedValue: x2(2000),
  },
  {
    name: 'MissingMetricsUnreadyScaleDown',
    current: 4,
    expected: 3,
    readiness: ['False', 'True', 'True', 'True'],
    resource: 'cpu',
    requests: [1, 1, 1, 1],
    levels: [100, 100, 100],
    target: 50,
    expectedUtilization: 10,
    expectedValue: x2(100),
  },
  {
    name: 'DuringRollingUpdateWithMaxSurge',
    current: 2,
    expected: 2,
    phases: ['Running', 'Running', 'Running'],
    resource: 'cpu',
    requests: [1, 1, 1],
    levels: [100, 100],
    target: 50,
    expectedUtilization: 10,
    expectedValue: x2(100),
  },
  // Per-pod average values (Kubernetes' custom-metric cases, on memory, which has no readiness rules).
  {
    name: 'ScaleUpCM',
    current: 3,
    expected: 4,
    resource: 'memory',
    kind: 'AverageValue',
    requests: [],
    levels: [10000, 5000, 15000],
    target: 15000,
    expectedValue: 20000,
  },
  {
    name: 'ScaleUpCMUnreadyHotCpuNoLessScale',
    current: 3,
    expected: 6,
    readiness: ['True', 'True', 'False'],
    startTimes: [COOL, COOL, HOT],
    resource: 'memory',
    kind: 'AverageValue',
    requests: [],
    levels: [25000, 5000, 15000],
    target: 15000,
    expectedValue: 30000,
  },
  {
    name: 'ScaleUpCMUnreadyHotCpuScaleWouldScaleDown',
    current: 3,
    expected: 7,
    readiness: ['False', 'True', 'False'],
    startTimes: [HOT, COOL, HOT],
    resource: 'memory',
    kind: 'AverageValue',
    requests: [],
    levels: [25000, 7500, 15000],
    target: 15000,
    expectedValue: 31666,
  },
  {
    name: 'ScaleDownCM',
    current: 5,
    expected: 3,
    resource: 'memory',
    kind: 'AverageValue',
    requests: [],
    levels: [6000, 6000, 6000, 6000, 6000],
    target: 20000,
    expectedValue: 12000,
  },
  {
    name: 'ToleranceCM',
    current: 3,
    expected: 3,
    resource: 'memory',
    kind: 'AverageValue',
    requests: [],
    levels: [10000, 10500, 10500],
    target: 20000,
    expectedValue: 20666,
  },
  {
    name: 'ScaleUpCMExternalNoLabels',
    current: 1,
    expected: 2,
    resource: 'memory',
    kind: 'AverageValue',
    requests: [],
    levels: [4300],
    target: 4400,
    expectedValue: 8600,
  },
  // Karmada's calibration: the members' summed replicas over the template's.
  {
    name: 'ScaleWithCalibration (Karmada)',
    current: 2,
    expected: 12,
    resource: 'cpu',
    requests: [0.05, 0.05],
    levels: [75, 75],
    target: 50,
    expectedUtilization: 150,
    expectedValue: 150,
    calibration: 0.5,
  },
  {
    name: 'RawScaleWithCalibration (Karmada)',
    current: 2,
    expected: 4,
    resource: 'memory',
    kind: 'AverageValue',
    requests: [],
    levels: [75, 75],
    target: 100,
    expectedValue: 150,
    calibration: 0.8,
  },
];

describe("Kubernetes' replica calculator (its table cases)", () => {
  it.each(cases)('$name', (c) => {
    const verdict = metricReplicas([metric(c)], { pods: pods(c), usage: usage(c) }, c.current, c.calibration ?? 1, NOW, OPTIONS);
    if (c.error !== undefined) {
      expect(verdict.ok).toBe(false);
      expect(verdict.ok ? '' : verdict.error).toContain(c.error);
      return;
    }
    if (!verdict.ok) throw new Error(verdict.error);
    expect(verdict.replicas).toBe(c.expected);
    const current = verdict.statuses[0]?.resource?.current;
    if (c.expectedUtilization !== undefined) expect(current?.averageUtilization).toBe(c.expectedUtilization);
    expect(quantityAsMilli(current?.averageValue ?? '')).toBe(c.expectedValue);
  });

  // TestReplicaCalcComputedToleranceAlgImplementation: a target just past the tolerance scales, one just inside does not.
  it.each([
    { offset: 0.01, expected: 9 },
    { offset: 0.004, expected: 10 },
  ])('computed tolerance, target offset $offset', ({ offset, expected }) => {
    const target = Math.trunc((Math.abs(1 / (2 * (1 - OPTIONS.tolerance))) + offset) * 100);
    const requests = [400, 200, 310, 290, 302, 298, 301, 299, 300, 300].map((m) => m / 1000);
    const c: Case = { name: 'tolerance', current: 10, resource: 'cpu', requests, levels: Array(10).fill(150), target };
    const verdict = metricReplicas([metric(c)], { pods: pods(c), usage: usage(c) }, 10, 1, NOW, OPTIONS);
    if (!verdict.ok) throw new Error(verdict.error);
    expect(verdict.replicas).toBe(expected);
    expect(verdict.statuses[0]?.resource?.current.averageUtilization).toBe(50);
  });
});

describe("Kubernetes' groupPods", () => {
  const pod = (name: string, extra: Partial<PodSample>): PodSample => ({ key: name, phase: 'Succeeded', deleting: false, containers: [], ...extra });
  const m = (value: number, timestamp = 0, windowMs = 0) => ({ value, timestamp, windowMs });
  const minutes = (n: number): number => NOW + n * 60_000;
  it.each<{
    name: string;
    pods: PodSample[];
    metrics: [string, ReturnType<typeof m>][];
    resource: string;
    ready: number;
    unready: string[];
    missing: string[];
  }>([
    { name: 'void', pods: [], metrics: [], resource: 'cpu', ready: 0, unready: [], missing: [] },
    {
      name: 'count in a ready pod - memory',
      pods: [pod('bentham', {})],
      metrics: [['bentham', m(1, NOW, 60_000)]],
      resource: 'memory',
      ready: 1,
      unready: [],
      missing: [],
    },
    {
      name: 'ignore a pod without ready condition - CPU',
      pods: [pod('lucretius', { startTime: NOW })],
      metrics: [['lucretius', m(1)]],
      resource: 'cpu',
      ready: 0,
      unready: ['lucretius'],
      missing: [],
    },
    {
      name: 'count in a ready pod with fresh metrics during initialization period - CPU',
      pods: [pod('bentham', { startTime: minutes(-1), ready: { status: 'True', lastTransitionTime: NOW - 30_000 } })],
      metrics: [['bentham', m(1, NOW, 30_000)]],
      resource: 'cpu',
      ready: 1,
      unready: [],
      missing: [],
    },
    {
      name: 'ignore a ready pod without fresh metrics during initialization period - CPU',
      pods: [pod('bentham', { startTime: minutes(-1), ready: { status: 'True', lastTransitionTime: NOW - 30_000 } })],
      metrics: [['bentham', m(1, NOW, 60_000)]],
      resource: 'cpu',
      ready: 0,
      unready: ['bentham'],
      missing: [],
    },
    {
      name: 'ignore an unready pod during initialization period - CPU',
      pods: [pod('lucretius', { startTime: minutes(-10), ready: { status: 'False', lastTransitionTime: NOW - (9 * 60 + 54) * 1000 } })],
      metrics: [['lucretius', m(1)]],
      resource: 'cpu',
      ready: 0,
      unready: ['lucretius'],
      missing: [],
    },
    {
      name: 'count in a ready pod without fresh metrics after initialization period - CPU',
      pods: [pod('bentham', { startTime: minutes(-3), ready: { status: 'True', lastTransitionTime: minutes(-3) } })],
      metrics: [['bentham', m(1, minutes(-2), 60_000)]],
      resource: 'cpu',
      ready: 1,
      unready: [],
      missing: [],
    },
    {
      name: 'count in an unready pod that was ready after initialization period - CPU',
      pods: [pod('lucretius', { startTime: minutes(-10), ready: { status: 'False', lastTransitionTime: minutes(-9) } })],
      metrics: [['lucretius', m(1)]],
      resource: 'cpu',
      ready: 1,
      unready: [],
      missing: [],
    },
    {
      name: 'ignore pod that has never been ready after initialization period - CPU',
      pods: [pod('lucretius', { startTime: minutes(-10), ready: { status: 'False', lastTransitionTime: NOW - (9 * 60 + 50) * 1000 } })],
      metrics: [['lucretius', m(1)]],
      resource: 'cpu',
      ready: 1,
      unready: [],
      missing: [],
    },
    { name: 'a missing pod', pods: [pod('epicurus', { startTime: minutes(-3) })], metrics: [], resource: 'cpu', ready: 0, unready: [], missing: ['epicurus'] },
    {
      name: 'several pods',
      pods: [
        pod('lucretius', { startTime: NOW }),
        pod('niccolo', { startTime: minutes(-3), ready: { status: 'True', lastTransitionTime: minutes(-3) } }),
        pod('epicurus', { startTime: minutes(-3) }),
      ],
      metrics: [
        ['lucretius', m(1)],
        ['niccolo', m(1)],
      ],
      resource: 'cpu',
      ready: 1,
      unready: ['lucretius'],
      missing: ['epicurus'],
    },
    {
      name: 'pending pods are ignored',
      pods: [pod('unscheduled', { phase: 'Pending' })],
      metrics: [],
      resource: 'cpu',
      ready: 0,
      unready: ['unscheduled'],
      missing: [],
    },
  ])('$name', (c) => {
    const grouped = groupPods(c.pods, new Map(c.metrics), c.resource, NOW, OPTIONS);
    expect(grouped.readyPodCount).toBe(c.ready);
    expect([...grouped.unready].sort()).toEqual(c.unready);
    expect([...grouped.missing].sort()).toEqual(c.missing);
  });
});
