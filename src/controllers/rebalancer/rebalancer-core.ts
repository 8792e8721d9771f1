/**
 * The workload rebalancer controller's decisions, with Karmada's rules (see
 * docs/karmada-compatibility.md): a WorkloadRebalancer asks once for a fresh reschedule of each
 * workload it lists (Karmada sets the binding's rescheduleTriggeredAt; here the workload is
 * scheduled in that pass without its previous result). Each workload gets a result — Successful,
 * or Failed with ReferencedBindingNotFound when no policy binds it — and a workload with a result
 * is never rescheduled again. When the spec changes (a new digest: a repository has no
 * generation), the list is synced as Karmada syncs it: the results of workloads still listed are
 * kept, a Successful one no longer listed stays, others go, new ones are added. finishTime is set
 * when every workload has a result and the status changed; after ttlSecondsAfterFinished Karmada
 * deletes the rebalancer, Flotilla only says it expired. Pure, clock injected.
 */
import { createHash } from 'node:crypto';
import { compareBytes, REBALANCE_OBJECT_NOT_FOUND, refKey } from '../../model/index.ts';
import type {
  ObservedWorkload,
  RebalancerWorkload,
  RecordedRebalancer,
  WorkloadRebalancer,
  WorkloadRebalancerStatus,
} from '../../model/index.ts';

const rfc3339 = (ms: number): string => new Date(ms).toISOString();

/** A digest of the spec's content: what Karmada's generation counts. */
export function specDigest(rebalancer: WorkloadRebalancer): string {
  const { workloads, ttlSecondsAfterFinished } = rebalancer.spec;
  const canonical = workloads.map((w) => [w.apiVersion, w.kind, w.namespace ?? '', w.name]);
  return createHash('sha256')
    .update(JSON.stringify([canonical, ttlSecondsAfterFinished ?? null]))
    .digest('hex')
    .slice(0, 16);
}

/** The workload's template key: its binding's resource. */
export const workloadKey = (w: RebalancerWorkload): string => refKey({ ...w, namespace: w.namespace ?? '' });

const sortKey = (w: RebalancerWorkload): string => `${w.apiVersion} ${w.kind} ${w.namespace ?? ''} ${w.name}`;
const sameWorkload = (a: RebalancerWorkload, b: RebalancerWorkload): boolean => sortKey(a) === sortKey(b);

/** The observed workloads after the spec changed (Karmada's syncWorkloadsFromSpecToStatus), sorted as Karmada sorts them. */
function syncedWorkloads(
  spec: readonly RebalancerWorkload[],
  observed: readonly ObservedWorkload[],
): ObservedWorkload[] {
  const kept = observed.filter((o) => spec.some((w) => sameWorkload(w, o.workload)) || o.result === 'Successful');
  const added = spec
    .filter((w) => !kept.some((o) => sameWorkload(w, o.workload)))
    .filter((w, i, all) => all.findIndex((x) => sameWorkload(x, w)) === i)
    .map((workload): ObservedWorkload => ({ workload }));
  return [...kept, ...added].sort((a, b) => compareBytes(sortKey(a.workload), sortKey(b.workload)));
}

/** The rebalancer's record for this pass before anything ran: the recorded one, or the spec synced into it. */
export function syncedRecord(
  rebalancer: WorkloadRebalancer,
  recorded: RecordedRebalancer | undefined,
): RecordedRebalancer {
  const digest = specDigest(rebalancer);
  if (recorded && recorded.specDigest === digest) return recorded;
  const previous = recorded?.status;
  return {
    name: rebalancer.metadata.name,
    specDigest: digest,
    status: {
      observedWorkloads: syncedWorkloads(rebalancer.spec.workloads, previous?.observedWorkloads ?? []),
      observedGeneration: (previous?.observedGeneration ?? 0) + 1,
      ...(previous?.finishTime ? { finishTime: previous.finishTime } : {}),
    },
  };
}

/** The template keys whose reschedule the record still has to trigger. */
export function pendingKeys(record: RecordedRebalancer): string[] {
  return record.status.observedWorkloads.filter((o) => o.result === undefined).map((o) => workloadKey(o.workload));
}

const withoutTimes = ({ finishTime: _f, expiredAt: _e, ...rest }: WorkloadRebalancerStatus) => rest;

/**
 * The record after the pass rendered: a pending workload with a binding is Successful; one
 * without fails when the source rendered completely (else it waits for a pass that does, as
 * Karmada retries an error other than not-found). `before` is the status as last recorded.
 */
export function settledRecord(
  record: RecordedRebalancer,
  before: WorkloadRebalancerStatus | undefined,
  bound: ReadonlySet<string>,
  complete: boolean,
  now: number,
): RecordedRebalancer {
  const observedWorkloads = record.status.observedWorkloads.map((o): ObservedWorkload => {
    if (o.result !== undefined) return o;
    if (bound.has(workloadKey(o.workload))) return { ...o, result: 'Successful' };
    return complete ? { ...o, result: 'Failed', reason: REBALANCE_OBJECT_NOT_FOUND } : o;
  });
  const status: WorkloadRebalancerStatus = { ...record.status, observedWorkloads };
  const finished = observedWorkloads.every((o) => o.result !== undefined);
  const changed = before === undefined || JSON.stringify(withoutTimes(before)) !== JSON.stringify(withoutTimes(status));
  if (!finished || !changed) return { ...record, status };
  const { expiredAt: _expired, ...fresh } = status;
  return { ...record, status: { ...fresh, finishTime: rfc3339(now) } };
}

/** When the rebalancer expires (finishTime + ttlSecondsAfterFinished), if it has a TTL and finished. */
export function expiresAt(rebalancer: WorkloadRebalancer, record: RecordedRebalancer): number | undefined {
  const ttl = rebalancer.spec.ttlSecondsAfterFinished;
  const finish = record.status.finishTime;
  if (ttl === undefined || finish === undefined || record.status.observedWorkloads.some((o) => o.result === undefined))
    return undefined;
  return Date.parse(finish) + ttl * 1000;
}

/** The record marked expired once its TTL has passed (Karmada deletes the rebalancer then). */
export function expiredRecord(
  rebalancer: WorkloadRebalancer,
  record: RecordedRebalancer,
  now: number,
): RecordedRebalancer {
  const at = expiresAt(rebalancer, record);
  if (at === undefined || now < at || record.status.expiredAt !== undefined) return record;
  return { ...record, status: { ...record.status, expiredAt: rfc3339(at) } };
}
