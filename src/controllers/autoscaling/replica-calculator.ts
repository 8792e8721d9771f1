/**
 * Kubernetes' HPA replica calculation for resource metrics, as Karmada runs it over the pods of
 * every member (docs/karmada-compatibility.md#the-hpa-algorithm): the usage ratio against the
 * target, no change within the tolerance, pods that are being deleted or failed ignored, pending
 * and (for CPU) not-yet-ready pods held out, missing metrics counted as the least favourable
 * value for the direction of the change, and no change when that reverses the direction. The
 * result is divided by the calibration (the members' summed replicas over the template's), so a
 * Duplicated workload is counted per member. Pure; the clock is an argument.
 */
import type { PodMetric, PodMetrics, PodSample } from './pod-sample.ts';

/** Kubernetes' calculator settings (kube-controller-manager's --horizontal-pod-autoscaler-* flags). */
export interface CalculatorOptions {
  /** @default 0.1 */
  tolerance: number;
  /** @default 5 minutes */
  cpuInitializationPeriodMs: number;
  /** @default 30 seconds */
  delayOfInitialReadinessStatusMs: number;
}

export const DEFAULT_CALCULATOR_OPTIONS: Readonly<CalculatorOptions> = Object.freeze({
  tolerance: 0.1,
  cpuInitializationPeriodMs: 5 * 60_000,
  delayOfInitialReadinessStatusMs: 30_000,
});

export type Calculated<T> = ({ ok: true } & T) | { ok: false; error: string };

const fail = (error: string): { ok: false; error: string } => ({ ok: false, error });

/** The pods split as the calculator counts them. */
export interface GroupedPods {
  readyPodCount: number;
  unready: Set<string>;
  missing: Set<string>;
  ignored: Set<string>;
}

/** Whether a CPU sample of a pod with metrics cannot be trusted yet: the pod is unready or still warming up. */
function unreadyForCpu(pod: PodSample, metric: PodMetric, now: number, options: CalculatorOptions): boolean {
  if (pod.ready === undefined || pod.startTime === undefined) return true;
  if (pod.startTime + options.cpuInitializationPeriodMs > now)
    return pod.ready.status === 'False' || metric.timestamp < pod.ready.lastTransitionTime + metric.windowMs;
  return (
    pod.ready.status === 'False' &&
    pod.startTime + options.delayOfInitialReadinessStatusMs > pod.ready.lastTransitionTime
  );
}

/** Kubernetes' groupPods. */
export function groupPods(
  pods: readonly PodSample[],
  metrics: PodMetrics,
  resource: string,
  now: number,
  options: CalculatorOptions,
): GroupedPods {
  const out: GroupedPods = { readyPodCount: 0, unready: new Set(), missing: new Set(), ignored: new Set() };
  for (const pod of pods) {
    if (pod.deleting || pod.phase === 'Failed') {
      out.ignored.add(pod.key);
      continue;
    }
    if (pod.phase === 'Pending') {
      out.unready.add(pod.key);
      continue;
    }
    const metric = metrics.get(pod.key);
    if (metric === undefined) {
      out.missing.add(pod.key);
      continue;
    }
    if (resource === 'cpu' && unreadyForCpu(pod, metric, now, options)) {
      out.unready.add(pod.key);
      continue;
    }
    out.readyPodCount++;
  }
  return out;
}

/** Each pod's request of the resource (the container's, or every container's summed); a container without one is an error. */
export function podRequests(
  pods: readonly PodSample[],
  container: string | undefined,
  resource: string,
): Calculated<{ requests: Map<string, number> }> {
  const requests = new Map<string, number>();
  for (const pod of pods) {
    let sum = 0;
    for (const c of pod.containers) {
      if (container !== undefined && c.name !== container) continue;
      const request = c.requests[resource];
      if (request === undefined)
        return fail(
          `missing request for ${resource} in container ${c.name} of Pod ${pod.key.slice(pod.key.indexOf('/') + 1)}`,
        );
      sum += request;
    }
    requests.set(pod.key, sum);
  }
  return { ok: true, requests };
}

/** Kubernetes' GetResourceUtilizationRatio: integer percent of the summed requests, and the average raw value. */
function utilizationRatio(
  metrics: PodMetrics,
  requests: ReadonlyMap<string, number>,
  targetUtilization: number,
): Calculated<{ ratio: number; utilization: number; rawAverage: number }> {
  let used = 0n;
  let requested = 0n;
  let entries = 0n;
  for (const [key, metric] of metrics) {
    const request = requests.get(key);
    if (request === undefined) continue;
    used += BigInt(metric.value);
    requested += BigInt(request);
    entries++;
  }
  if (requested === 0n) return fail('no metrics returned matched known pods');
  const utilization = Number((used * 100n) / requested);
  return { ok: true, ratio: utilization / targetUtilization, utilization, rawAverage: Number(used / entries) };
}

/** Kubernetes' GetMetricUsageRatio: the average (integer) over the pods with metrics. */
function usageRatio(metrics: PodMetrics, targetUsage: number): { ratio: number; usage: number } {
  let total = 0n;
  for (const metric of metrics.values()) total += BigInt(metric.value);
  const usage = Number(total / BigInt(metrics.size));
  return { ratio: usage / targetUsage, usage };
}

/** The inputs of one resource metric's calculation. */
export interface ResourceInput {
  /** The workload's replicas (the template's count). */
  currentReplicas: number;
  resource: string;
  /** A ContainerResource metric's container. */
  container?: string;
  pods: readonly PodSample[];
  /** The pods' usage of the resource. */
  metrics: PodMetrics;
  /** The members' summed replicas over the template's: 1 for a Divided workload. */
  calibration: number;
  now: number;
}

const withoutKeys = (metrics: PodMetrics, keys: Iterable<string>): PodMetrics => {
  const out = new Map(metrics);
  for (const key of keys) out.delete(key);
  return out;
};

/**
 * The replicas once missing and unready pods are counted: the same direction or no change. `fill`
 * gives a missing pod's value for a scale down.
 */
function withFillIns(
  input: ResourceInput,
  metrics: PodMetrics,
  grouped: GroupedPods,
  ratio: number,
  fill: (key: string) => number,
  recompute: (metrics: PodMetrics) => number,
  tolerance: number,
): number {
  const filled = new Map(metrics);
  const sample = { timestamp: 0, windowMs: 0 };
  if (ratio < 1) for (const key of grouped.missing) filled.set(key, { ...sample, value: fill(key) });
  else if (ratio > 1) for (const key of grouped.missing) filled.set(key, { ...sample, value: 0 });
  if (grouped.unready.size > 0 && ratio > 1)
    for (const key of grouped.unready) filled.set(key, { ...sample, value: 0 });
  const newRatio = recompute(filled);
  if (Math.abs(1 - newRatio) <= tolerance || (ratio < 1 && newRatio > 1) || (ratio > 1 && newRatio < 1))
    return input.currentReplicas;
  const replicas = Math.ceil((newRatio * filled.size) / input.calibration);
  if ((newRatio < 1 && replicas > input.currentReplicas) || (newRatio > 1 && replicas < input.currentReplicas))
    return input.currentReplicas;
  return replicas;
}

/** Kubernetes' GetResourceReplicas: a target utilization (percent of the pods' requests). */
export function resourceReplicas(
  input: ResourceInput,
  targetUtilization: number,
  options: CalculatorOptions,
): Calculated<{ replicas: number; utilization: number; rawAverage: number }> {
  if (input.pods.length === 0) return fail('no pods returned by selector while calculating replica count');
  const grouped = groupPods(input.pods, input.metrics, input.resource, input.now, options);
  const metrics = withoutKeys(input.metrics, [...grouped.ignored, ...grouped.unready]);
  const requests = podRequests(input.pods, input.container, input.resource);
  if (!requests.ok) return requests;
  if (metrics.size === 0) return fail('did not receive metrics for any ready pods');
  const first = utilizationRatio(metrics, requests.requests, targetUtilization);
  if (!first.ok) return first;
  const { ratio, utilization, rawAverage } = first;
  const result = (replicas: number) => ({ ok: true as const, replicas, utilization, rawAverage });
  const scaleUpWithUnready = grouped.unready.size > 0 && ratio > 1;
  if (!scaleUpWithUnready && grouped.missing.size === 0) {
    if (Math.abs(1 - ratio) <= options.tolerance) return result(input.currentReplicas);
    return result(Math.ceil((ratio * grouped.readyPodCount) / input.calibration));
  }
  // A scale down counts a pod without metrics at its request, or at the target when that is above 100%.
  const fallback = Math.max(100, targetUtilization);
  const fill = (key: string): number => Math.trunc(((requests.requests.get(key) ?? 0) * fallback) / 100);
  let error: string | undefined;
  const recompute = (m: PodMetrics): number => {
    const again = utilizationRatio(m, requests.requests, targetUtilization);
    if (!again.ok) error = again.error;
    return again.ok ? again.ratio : 1;
  };
  const replicas = withFillIns(input, metrics, grouped, ratio, fill, recompute, options.tolerance);
  return error ? fail(error) : result(replicas);
}

/** Kubernetes' GetRawResourceReplicas (calcPlainMetricReplicas): a target average value per pod, milli-units. */
export function rawResourceReplicas(
  input: ResourceInput,
  targetUsage: number,
  options: CalculatorOptions,
): Calculated<{ replicas: number; usage: number }> {
  if (input.pods.length === 0) return fail('no pods returned by selector while calculating replica count');
  const grouped = groupPods(input.pods, input.metrics, input.resource, input.now, options);
  const metrics = withoutKeys(input.metrics, [...grouped.ignored, ...grouped.unready]);
  if (metrics.size === 0) return fail('did not receive metrics for any ready pods');
  const { ratio, usage } = usageRatio(metrics, targetUsage);
  const result = (replicas: number) => ({ ok: true as const, replicas, usage });
  const scaleUpWithUnready = grouped.unready.size > 0 && ratio > 1;
  if (!scaleUpWithUnready && grouped.missing.size === 0) {
    if (Math.abs(1 - ratio) <= options.tolerance) return result(input.currentReplicas);
    return result(Math.ceil((ratio * grouped.readyPodCount) / input.calibration));
  }
  const recompute = (m: PodMetrics): number => usageRatio(m, targetUsage).ratio;
  return result(withFillIns(input, metrics, grouped, ratio, () => targetUsage, recompute, options.tolerance));
}
