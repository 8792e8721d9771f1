/**
 * The failover fields of the status documents, read back (docs/karmada-compatibility.md#failover-and-eviction,
 * #failover-clocks-on-the-status-branch): a Cluster's
 * `spec.taints`, a binding's `spec.gracefulEvictionTasks` and Flotilla's `status.unhealthySince`.
 * A restarted run loop resumes from them, so a malformed entry is dropped with a warning saying
 * why, and the rest of the document still counts.
 */
import { isRecord, parseRfc3339 } from '../../model/index.ts';
import type {
  EvictionProducer,
  EvictionReason,
  GracefulEvictionTask,
  PurgeMode,
  Taint,
  TaintEffect,
} from '../../model/index.ts';
import { count } from '../../status/index.ts';
import type { UnhealthySince, Warn } from '../../status/index.ts';

const PURGE_MODES: readonly PurgeMode[] = ['Directly', 'Gracefully', 'Never'];
const REASONS: readonly EvictionReason[] = ['TaintUntolerated', 'ApplicationFailure'];
const PRODUCERS: readonly EvictionProducer[] = [
  'TaintManager',
  'resource-binding-application-failover-controller',
  'cluster-resource-binding-application-failover-controller',
];
const EFFECTS: readonly TaintEffect[] = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

function oneOf<T extends string>(values: readonly T[], value: unknown): T | undefined {
  return values.find((v) => v === value);
}

/**
 * An RFC 3339 time, in the form Flotilla writes (UTC, milliseconds), so that every reader can
 * Date.parse it; YAML readers turn an unquoted time into a Date, which counts too.
 */
function time(value: unknown): string | undefined {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'string' ? parseRfc3339(value) : undefined;
  return ms === undefined || Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

function show(value: unknown): string {
  return value instanceof Date ? value.toISOString() : (JSON.stringify(value) ?? String(value));
}

/**
 * The valid items of a list field, each checked by `read` (which returns why an item is invalid
 * as a string); an absent field is an empty list.
 */
function items<T>(field: string, value: unknown, warn: Warn, read: (item: Record<string, unknown>) => T | string): T[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    warn(`${field}: not a list; ignored`);
    return [];
  }
  const out: T[] = [];
  value.forEach((item, i) => {
    const result = isRecord(item) ? read(item) : 'not a mapping';
    if (typeof result === 'string') warn(`${field}[${i}]: ${result}; ignored`);
    else out.push(result);
  });
  return out;
}

function taint(item: Record<string, unknown>): Taint | string {
  const { key, value, effect, timeAdded } = item;
  if (typeof key !== 'string' || key === '') return 'key is missing';
  const known = oneOf(EFFECTS, effect);
  if (!known) return `effect ${show(effect)} is not one of ${EFFECTS.join(', ')}`;
  const added = time(timeAdded);
  if (timeAdded !== undefined && added === undefined) return `timeAdded ${show(timeAdded)} is not an RFC 3339 time`;
  return {
    key,
    ...(typeof value === 'string' && value !== '' ? { value } : {}),
    effect: known,
    ...(added ? { timeAdded: added } : {}),
  };
}

/** A Cluster document's `spec.taints`. */
export function parseTaints(value: unknown, warn: Warn): Taint[] {
  return items('spec.taints', value, warn, taint);
}

function evictionTask(item: Record<string, unknown>): GracefulEvictionTask | string {
  const fromCluster = item['fromCluster'];
  if (typeof fromCluster !== 'string' || fromCluster === '') return 'fromCluster is missing';
  const purgeMode = oneOf(PURGE_MODES, item['purgeMode']);
  if (!purgeMode) return `purgeMode ${show(item['purgeMode'])} is not one of ${PURGE_MODES.join(', ')}`;
  const reason = oneOf(REASONS, item['reason']);
  if (!reason) return `reason ${show(item['reason'])} is not one of ${REASONS.join(', ')}`;
  const producer = oneOf(PRODUCERS, item['producer']);
  if (!producer) return `producer ${show(item['producer'])} is not one of ${PRODUCERS.join(', ')}`;
  const creationTimestamp = time(item['creationTimestamp']);
  if (!creationTimestamp) return `creationTimestamp ${show(item['creationTimestamp'])} is not an RFC 3339 time`;
  const replicas = count(item['replicas']);
  const gracePeriodSeconds = count(item['gracePeriodSeconds']);
  if (item['gracePeriodSeconds'] !== undefined && gracePeriodSeconds === undefined)
    return `gracePeriodSeconds ${show(item['gracePeriodSeconds'])} is not a whole number of seconds`;
  return {
    fromCluster,
    purgeMode,
    reason,
    producer,
    creationTimestamp,
    ...(replicas ? { replicas } : {}),
    ...(gracePeriodSeconds !== undefined ? { gracePeriodSeconds } : {}),
    ...(typeof item['suppressDeletion'] === 'boolean' ? { suppressDeletion: item['suppressDeletion'] } : {}),
  };
}

/** A binding document's `spec.gracefulEvictionTasks`. */
export function parseEvictionTasks(value: unknown, warn: Warn): GracefulEvictionTask[] {
  return items('spec.gracefulEvictionTasks', value, warn, evictionTask);
}

function unhealthy(item: Record<string, unknown>): UnhealthySince | string {
  const clusterName = item['clusterName'];
  if (typeof clusterName !== 'string' || clusterName === '') return 'clusterName is missing';
  const since = time(item['since']);
  return since ? { clusterName, since } : `since ${show(item['since'])} is not an RFC 3339 time`;
}

/** A binding document's `status.unhealthySince`. */
export function parseUnhealthySince(value: unknown, warn: Warn): UnhealthySince[] {
  return items('status.unhealthySince', value, warn, unhealthy);
}
