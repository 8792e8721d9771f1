/**
 * `rebalancers/<name>.yaml`: a WorkloadRebalancer as the run loop, `apply` and a restarted `run`
 * last left it — its status, with the digest of the spec that status is for — so a finished
 * rebalancer is never run again. A document that does not parse is dropped with a warning: the
 * rebalancer then runs as if new, which only reschedules its workloads afresh once more.
 */
import { APPS_GROUP_VERSION, isRecord, parseRfc3339, REBALANCE_OBJECT_NOT_FOUND } from '../../model/index.ts';
import type {
  ObservedWorkload,
  RebalancerWorkload,
  RecordedRebalancer,
  WorkloadRebalancerStatus,
} from '../../model/index.ts';
import { text } from '../../status/index.ts';
import type { Warn } from '../../status/index.ts';

/** The annotation that holds the digest of the spec the status is for. */
export const SPEC_DIGEST_ANNOTATION = 'flotilla.io/spec-digest';

export function rebalancerPath(name: string): string {
  return `rebalancers/${name}.yaml`;
}

export function rebalancerDocument(record: RecordedRebalancer): Record<string, unknown> {
  return {
    apiVersion: APPS_GROUP_VERSION,
    kind: 'WorkloadRebalancer',
    metadata: { name: record.name, annotations: { [SPEC_DIGEST_ANNOTATION]: record.specDigest } },
    status: record.status,
  };
}

function time(value: unknown): string | undefined {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'string' ? parseRfc3339(value) : undefined;
  return ms === undefined || Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

function workloadOf(value: unknown): RebalancerWorkload | undefined {
  if (!isRecord(value)) return undefined;
  const [apiVersion, kind, name, namespace] = [
    text(value['apiVersion']),
    text(value['kind']),
    text(value['name']),
    text(value['namespace']),
  ];
  return apiVersion && kind && name ? { apiVersion, kind, name, ...(namespace ? { namespace } : {}) } : undefined;
}

function observedOf(value: unknown): ObservedWorkload | undefined {
  if (!isRecord(value)) return undefined;
  const workload = workloadOf(value['workload']);
  const result = value['result'];
  if (!workload || (result !== undefined && result !== 'Successful' && result !== 'Failed')) return undefined;
  const reason =
    value['reason'] === REBALANCE_OBJECT_NOT_FOUND ? ({ reason: REBALANCE_OBJECT_NOT_FOUND } as const) : {};
  return { workload, ...(result ? { result } : {}), ...reason };
}

function statusOf(value: unknown, warn: Warn): WorkloadRebalancerStatus | undefined {
  if (!isRecord(value) || !Array.isArray(value['observedWorkloads'])) return undefined;
  const generation = value['observedGeneration'];
  if (typeof generation !== 'number' || !Number.isInteger(generation) || generation < 1) return undefined;
  const observedWorkloads = value['observedWorkloads'].flatMap((w, i) => {
    const parsed = observedOf(w);
    if (!parsed) warn(`status.observedWorkloads[${i}]: not a workload with a result; ignored`);
    return parsed ? [parsed] : [];
  });
  const [finishTime, expiredAt] = [time(value['finishTime']), time(value['expiredAt'])];
  return {
    observedWorkloads,
    observedGeneration: generation,
    ...(finishTime ? { finishTime } : {}),
    ...(expiredAt ? { expiredAt } : {}),
  };
}

/** A rebalancer document read back, or `undefined` (with a warning) when it is not one. */
export function parseRebalancerDocument(doc: unknown, warn: Warn = () => undefined): RecordedRebalancer | undefined {
  if (!isRecord(doc) || doc['kind'] !== 'WorkloadRebalancer' || !isRecord(doc['metadata'])) return undefined;
  const name = text(doc['metadata']['name']);
  const annotations = doc['metadata']['annotations'];
  const specDigest = isRecord(annotations) ? text(annotations[SPEC_DIGEST_ANNOTATION]) : undefined;
  const status = statusOf(doc['status'], warn);
  if (!name || !specDigest || !status) {
    warn(
      `not a WorkloadRebalancer record with metadata.name, the ${SPEC_DIGEST_ANNOTATION} annotation and a status; ignored`,
    );
    return undefined;
  }
  return { name, specDigest, status };
}
