/**
 * Native AggregateStatus (Karmada native/aggregatestatus.go, pkg/util/helper/job.go;
 * docs/karmada-compatibility.md#native-interpreters). Items are the binding's per-cluster statuses sorted by cluster
 * name; a template whose recomputed status is unchanged is returned as is.
 */
import { isDeepStrictEqual } from 'node:util';
import type { AggregatedStatusItem, KubeObject } from '../../model/index.ts';
import { arr, at, hasTrueCondition, num, obj, str } from './object-path.ts';
import { WORKLOAD_COUNTERS } from './status-fields.ts';

type Aggregate = (o: KubeObject, items: readonly AggregatedStatusItem[], now: () => number) => KubeObject;

function withStatus(o: KubeObject, status: Record<string, unknown>): KubeObject {
  if (isDeepStrictEqual(o['status'], status)) return o;
  return { ...structuredClone(o), status };
}

function sum(items: readonly AggregatedStatusItem[], field: string): number {
  return items.reduce((n, i) => n + num(i.status, field), 0);
}

/** Workload counters plus observedGeneration, advanced once every member rolled out the template generation. */
function counters(fields: readonly string[]): Aggregate {
  return (o, items) => {
    const status: Record<string, unknown> = { ...obj(o['status']) };
    for (const f of fields) status[f] = sum(items, f);
    const generation = o.metadata.generation ?? 0;
    const observed = items.filter(
      (i) =>
        i.status &&
        num(i.status, 'observedGeneration') >= num(i.status, 'generation') &&
        num(i.status, 'resourceTemplateGeneration') >= generation,
    ).length;
    if (observed === items.length) status['observedGeneration'] = generation;
    return withStatus(o, status);
  };
}

function conditionNow(type: string, reason: string, message: string, now: () => number): Record<string, unknown> {
  const t = new Date(now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return { type, status: 'True', lastProbeTime: t, lastTransitionTime: t, reason, message };
}

const aggregateJob: Aggregate = (o, items, now) => {
  const conditions = at(o, 'status.conditions');
  if (hasTrueCondition(conditions, 'Complete') || hasTrueCondition(conditions, 'Failed')) return o;
  const status: Record<string, unknown> = {};
  for (const f of ['active', 'succeeded', 'failed']) {
    const total = sum(items, f);
    if (total) status[f] = total;
  }
  const withStatusItems = items.filter((i) => i.status);
  const failed = withStatusItems
    .filter((i) => hasTrueCondition(i.status?.['conditions'], 'Failed'))
    .map((i) => i.clusterName);
  const complete = withStatusItems.filter((i) => hasTrueCondition(i.status?.['conditions'], 'Complete')).length;
  const out: Record<string, unknown>[] = [];
  if (failed.length > 0)
    out.push(conditionNow('Failed', 'JobFailed', `Job executed failed in member clusters ${failed.join(',')}`, now));
  if (items.length > 0 && complete === items.length) {
    if (items.every((i) => hasTrueCondition(i.status?.['conditions'], 'SuccessCriteriaMet'))) {
      out.push(
        conditionNow('SuccessCriteriaMet', 'CompletionsReached', 'All member clusters have met success criteria', now),
      );
    }
    out.push(conditionNow('Complete', 'Completed', 'Job completed', now));
  }
  if (out.length > 0) status['conditions'] = out;
  const starts = items.map((i) => str(i.status, 'startTime'));
  const templateStart = str(o, 'status.startTime');
  if (templateStart) status['startTime'] = templateStart;
  else if (items.length > 0 && starts.every(Boolean)) status['startTime'] = starts.sort()[0];
  const ends = items.map((i) => str(i.status, 'completionTime'));
  if (items.length > 0 && ends.every(Boolean)) status['completionTime'] = ends.sort().at(-1);
  return withStatus(o, status);
};

const aggregateCronJob: Aggregate = (o, items) => {
  const status: Record<string, unknown> = { ...obj(o['status']) };
  const active = items.flatMap((i) => arr(i.status?.['active']));
  if (active.length > 0) status['active'] = active;
  else delete status['active'];
  for (const f of ['lastScheduleTime', 'lastSuccessfulTime']) {
    const latest = items
      .map((i) => str(i.status, f))
      .filter(Boolean)
      .sort()
      .at(-1);
    if (latest) status[f] = latest;
  }
  return withStatus(o, status);
};

function ingressKey(i: Record<string, unknown>): string {
  return `${str(i, 'hostname')}\u0000${str(i, 'ip')}\u0000${str(i, 'ipMode')}`;
}

/** Union of members' load-balancer ingress entries, de-duplicated (ports merged) and sorted. */
function mergedIngress(items: readonly AggregatedStatusItem[]): Record<string, unknown>[] {
  const byKey = new Map<string, Record<string, unknown>>();
  for (const entry of items.flatMap((i) => arr(at(i.status, 'loadBalancer.ingress')))) {
    const key = ingressKey(entry);
    const seen = byKey.get(key);
    if (!seen) byKey.set(key, structuredClone(entry));
    else if (Array.isArray(entry['ports'])) seen['ports'] = [...arr(seen['ports']), ...arr(entry['ports'])];
  }
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
}

const aggregateLoadBalancer =
  (onlyLoadBalancer: boolean): Aggregate =>
  (o, items) => {
    if (onlyLoadBalancer && str(o, 'spec.type') !== 'LoadBalancer') return o;
    const ingress = mergedIngress(items);
    return withStatus(o, { ...obj(o['status']), loadBalancer: ingress.length > 0 ? { ingress } : {} });
  };

const aggregatePod: Aggregate = (o, items) => {
  if (items.length === 0) return o;
  const phases = items.map((i) => (i.status ? str(i.status, 'phase') : 'Pending'));
  const phase = phases.includes('Failed')
    ? 'Failed'
    : phases.includes('Pending')
      ? 'Pending'
      : phases.includes('Running')
        ? 'Running'
        : 'Succeeded';
  const keep = (c: Record<string, unknown>) => ({
    ready: c['ready'] ?? false,
    ...(c['state'] ? { state: c['state'] } : {}),
  });
  const status: Record<string, unknown> = { ...obj(o['status']), phase };
  const containers = items.flatMap((i) => arr(i.status?.['containerStatuses']).map(keep));
  const inits = items.flatMap((i) => arr(i.status?.['initContainerStatuses']).map(keep));
  if (containers.length > 0) status['containerStatuses'] = containers;
  if (inits.length > 0) status['initContainerStatuses'] = inits;
  return withStatus(o, status);
};

const aggregatePersistentVolume: Aggregate = (o, items) => {
  const phases = items.map((i) => (i.status ? str(i.status, 'phase') : 'Pending'));
  const order = ['Failed', 'Pending', 'Available', 'Bound', 'Released'];
  const phase = order.find((p) => phases.includes(p));
  return phase ? withStatus(o, { ...obj(o['status']), phase }) : o;
};

const aggregatePersistentVolumeClaim: Aggregate = (o, items) => {
  let phase = 'Bound';
  for (const item of items) {
    const p = str(item.status, 'phase');
    if (!item.status || p === 'Bound') continue;
    phase = p;
    if (p === 'Lost') break;
  }
  return withStatus(o, { ...obj(o['status']), phase });
};

const aggregatePodDisruptionBudget: Aggregate = (o, items) => {
  const status: Record<string, unknown> = { ...obj(o['status']) };
  for (const f of ['currentHealthy', 'desiredHealthy', 'expectedPods', 'disruptionsAllowed']) status[f] = sum(items, f);
  const disrupted: Record<string, unknown> = {};
  for (const item of items)
    for (const [pod, t] of Object.entries(obj(item.status?.['disruptedPods'])))
      disrupted[`${item.clusterName}/${pod}`] = t;
  if (Object.keys(disrupted).length > 0) status['disruptedPods'] = disrupted;
  return withStatus(o, status);
};

const aggregateHpa: Aggregate = (o, items) =>
  withStatus(o, Object.fromEntries(WORKLOAD_COUNTERS.HorizontalPodAutoscaler.map((f) => [f, sum(items, f)])));

/** Kinds with a native status aggregator; other kinds keep their template status. */
export const AGGREGATORS: Readonly<Record<string, Aggregate>> = {
  Deployment: counters(WORKLOAD_COUNTERS.Deployment),
  ReplicaSet: counters(WORKLOAD_COUNTERS.ReplicaSet),
  StatefulSet: counters(WORKLOAD_COUNTERS.StatefulSet),
  DaemonSet: counters(WORKLOAD_COUNTERS.DaemonSet),
  Job: aggregateJob,
  CronJob: aggregateCronJob,
  Service: aggregateLoadBalancer(true),
  Ingress: aggregateLoadBalancer(false),
  Pod: aggregatePod,
  PersistentVolume: aggregatePersistentVolume,
  PersistentVolumeClaim: aggregatePersistentVolumeClaim,
  PodDisruptionBudget: aggregatePodDisruptionBudget,
  HorizontalPodAutoscaler: aggregateHpa,
};
