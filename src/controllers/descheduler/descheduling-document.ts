/**
 * `descheduled/<group>/<kind>/<namespace>/<name>.yaml`: a binding's last descheduling — when, which
 * members gave up how many replicas and why, and Karmada's event message — so `plan`, `status` and
 * a restarted `run` show it. A document that does not parse is dropped with a warning: only the
 * history is lost, never a replica.
 */
import { count, resourcePath, text } from '../../status/index.ts';
import type { Warn } from '../../status/index.ts';
import { isRecord, parseRfc3339 } from '../../model/index.ts';
import type { ObjectRef } from '../../model/index.ts';
import type { DescheduledMember, Descheduling } from './descheduler-core.ts';

export const DESCHEDULED_FOLDER = 'descheduled/';

export function deschedulingPath(resource: ObjectRef): string {
  return resourcePath(resource).replace(/^resources\//, DESCHEDULED_FOLDER);
}

export function deschedulingDocument(d: Descheduling): Record<string, unknown> {
  return {
    kind: 'Descheduling',
    resource: d.resource,
    reason: 'DescheduleBindingSucceed',
    message: d.message,
    descheduledAt: d.at,
    clusters: d.clusters,
  };
}

function resourceOf(value: unknown): ObjectRef | undefined {
  if (!isRecord(value)) return undefined;
  const [apiVersion, kind, name] = [text(value['apiVersion']), text(value['kind']), text(value['name'])];
  return apiVersion && kind && name ? { apiVersion, kind, namespace: text(value['namespace']) ?? '', name } : undefined;
}

function memberOf(value: unknown): DescheduledMember | undefined {
  if (!isRecord(value)) return undefined;
  const name = text(value['name']);
  const [spec, ready, unschedulable, target] = ['spec', 'ready', 'unschedulable', 'target'].map((k) => count(value[k]));
  if (!name || spec === undefined || ready === undefined || unschedulable === undefined || target === undefined)
    return undefined;
  return { name, spec, ready, unschedulable, target };
}

/** A descheduling document read back, or `undefined` (with a warning) when it is not one. */
export function parseDeschedulingDocument(doc: unknown, warn: Warn = () => undefined): Descheduling | undefined {
  const fail = () => {
    warn('not a Descheduling record with resource, descheduledAt, message and clusters; ignored');
    return undefined;
  };
  if (!isRecord(doc) || doc['kind'] !== 'Descheduling') return fail();
  const resource = resourceOf(doc['resource']);
  const raw = doc['descheduledAt'];
  const at = raw instanceof Date ? raw.toISOString() : text(raw);
  const message = text(doc['message']);
  const clusters = Array.isArray(doc['clusters']) ? doc['clusters'].map(memberOf) : [];
  if (!resource || !at || parseRfc3339(at) === undefined || !message || clusters.length === 0) return fail();
  if (clusters.some((c) => c === undefined)) return fail();
  return { resource, at, message, clusters: clusters as DescheduledMember[] };
}
