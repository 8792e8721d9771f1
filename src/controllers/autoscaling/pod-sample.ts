/**
 * What the HPA algorithm reads of the pods of every member running a workload and of their
 * PodMetrics (metrics.k8s.io/v1beta1), keyed `<cluster>/<pod>` so that two members' pods of one
 * name stay two pods (docs/karmada-compatibility.md#federatedhpa). Quantities are milli-units, as
 * Kubernetes' calculator counts them. Pure.
 */
import { isRecord, parseRfc3339, quantityAsMilli } from '../../model/index.ts';
import type { KubeObject } from '../../model/index.ts';

/** One pod, from any member. */
export interface PodSample {
  /** `<cluster>/<name>`. */
  key: string;
  phase: string;
  deleting: boolean;
  /** The Ready condition, when the pod reports one. */
  ready?: { status: string; lastTransitionTime: number };
  startTime?: number;
  /** Each container's requests, milli-units by resource. */
  containers: { name: string; requests: Record<string, number> }[];
}

/** One pod's usage sample: milli-units by resource per container, when it was taken, over what window. */
export interface PodUsage {
  key: string;
  timestamp: number;
  windowMs: number;
  containers: { name: string; usage: Record<string, number> }[];
}

/** One pod's value of one metric. */
export interface PodMetric {
  value: number;
  timestamp: number;
  windowMs: number;
}

export type PodMetrics = Map<string, PodMetric>;

const record = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});
const time = (value: unknown): number | undefined => (typeof value === 'string' ? parseRfc3339(value) : undefined);

function milliList(list: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, value] of Object.entries(record(list))) {
    const milli = typeof value === 'string' || typeof value === 'number' ? quantityAsMilli(value) : undefined;
    if (milli !== undefined) out[name] = milli;
  }
  return out;
}

/** A member's pod as the calculator sees it. */
export function podSampleOf(cluster: string, pod: KubeObject): PodSample {
  const status = record(pod['status']);
  const spec = record(pod['spec']);
  const conditions = Array.isArray(status['conditions']) ? status['conditions'].filter(isRecord) : [];
  const ready = conditions.find((c) => c['type'] === 'Ready');
  const start = time(status['startTime']);
  return {
    key: `${cluster}/${pod.metadata.name}`,
    phase: typeof status['phase'] === 'string' ? status['phase'] : '',
    deleting: pod.metadata['deletionTimestamp'] !== undefined && pod.metadata['deletionTimestamp'] !== null,
    ...(ready
      ? {
          ready: {
            status: typeof ready['status'] === 'string' ? ready['status'] : 'Unknown',
            lastTransitionTime: time(ready['lastTransitionTime']) ?? 0,
          },
        }
      : {}),
    ...(start !== undefined ? { startTime: start } : {}),
    containers: (Array.isArray(spec['containers']) ? spec['containers'].filter(isRecord) : []).map((c) => ({
      name: typeof c['name'] === 'string' ? c['name'] : '',
      requests: milliList(record(c['resources'])['requests']),
    })),
  };
}

/** Go's time.ParseDuration for the windows metrics-server reports (`15s`, `1m0s`, `10.5s`). */
function windowMs(value: unknown): number {
  if (typeof value !== 'string') return 0;
  let total = 0;
  for (const [, amount, unit] of value.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g))
    total += Number(amount) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit as 'ms' | 's' | 'm' | 'h'];
  return total;
}

/** A member's PodMetrics object as a usage sample. */
export function podUsageOf(cluster: string, metrics: KubeObject): PodUsage {
  return {
    key: `${cluster}/${metrics.metadata.name}`,
    timestamp: time(metrics['timestamp']) ?? 0,
    windowMs: windowMs(metrics['window']),
    containers: (Array.isArray(metrics['containers']) ? metrics['containers'].filter(isRecord) : []).map((c) => ({
      name: typeof c['name'] === 'string' ? c['name'] : '',
      usage: milliList(c['usage']),
    })),
  };
}

/**
 * Each pod's usage of one resource: the sum over its containers, a pod with a container that does
 * not report the resource (or with no containers) left out; with `container`, that container's
 * usage, and an error when a pod's metrics do not list the container.
 */
export function podMetricsOf(
  usage: readonly PodUsage[],
  resource: string,
  container: string | undefined,
): PodMetrics | { error: string } {
  const out: PodMetrics = new Map();
  for (const pod of usage) {
    const sample = { timestamp: pod.timestamp, windowMs: pod.windowMs };
    if (container !== undefined) {
      const c = pod.containers.find((x) => x.name === container);
      if (!c) return { error: `container ${container} not present in metrics for pod ${pod.key}` };
      const value = c.usage[resource];
      if (value !== undefined) out.set(pod.key, { ...sample, value });
      continue;
    }
    const values = pod.containers.map((c) => c.usage[resource]);
    if (values.length === 0 || values.some((v) => v === undefined)) continue;
    out.set(pod.key, { ...sample, value: values.reduce((a = 0, b = 0) => a + b, 0) ?? 0 });
  }
  return out;
}
