/**
 * `report.json` on an agent's branch (docs/karmada-compatibility.md#pull-mode), written by the agent
 * and read by the hub. An agent runs in a network the hub does not control, so what it wrote is
 * checked field by field on the way in: a report that is not one is refused with the field named,
 * and its member counts as never reported, never as healthy.
 */
import { isRecord, MAX_HEARTBEAT_SECONDS, parseRfc3339 } from '../../model/index.ts';
import type { AgentReport, HealthState, ReportedObject, ReportedPrune } from '../../model/index.ts';

/** The file of an agent's report on its branch. */
export const REPORT_FILE = 'report.json';

/** The report as written: two-space JSON, one trailing newline. */
export function serializeReport(report: AgentReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

type Json = Record<string, unknown>;

class ReportFieldError extends Error {}

const HEALTH: readonly HealthState[] = ['Healthy', 'Unhealthy', 'Unknown'];
const PRUNE_ACTIONS: readonly ReportedPrune['action'][] = ['deleted', 'skipped', 'failed'];

function text(value: Json, key: string, where: string): string {
  const v = value[key];
  if (typeof v !== 'string') throw new ReportFieldError(`${where}${key}: expected a string`);
  return v;
}

function optionalText(value: Json, key: string, where: string): string | undefined {
  return value[key] === undefined ? undefined : text(value, key, where);
}

function identity(value: Json, where: string) {
  return {
    apiVersion: text(value, 'apiVersion', where),
    kind: text(value, 'kind', where),
    namespace: text(value, 'namespace', where),
    name: text(value, 'name', where),
  };
}

function reportedObject(value: unknown, where: string): ReportedObject {
  if (!isRecord(value)) throw new ReportFieldError(`${where}: expected an object`);
  const health = value['health'];
  if (!HEALTH.includes(health as HealthState))
    throw new ReportFieldError(`${where}.health: expected Healthy, Unhealthy or Unknown`);
  if (typeof value['applied'] !== 'boolean') throw new ReportFieldError(`${where}.applied: expected true or false`);
  if (value['status'] !== undefined && !isRecord(value['status']))
    throw new ReportFieldError(`${where}.status: expected an object`);
  const digest = optionalText(value, 'digest', `${where}.`);
  const action = optionalText(value, 'action', `${where}.`);
  const template = optionalText(value, 'template', `${where}.`);
  const appliedMessage = optionalText(value, 'appliedMessage', `${where}.`);
  return {
    ...identity(value, `${where}.`),
    ...(digest !== undefined ? { digest } : {}),
    ...(action !== undefined ? { action } : {}),
    ...(template !== undefined ? { template } : {}),
    applied: value['applied'],
    ...(appliedMessage !== undefined ? { appliedMessage } : {}),
    health: health as HealthState,
    ...(value['status'] !== undefined ? { status: value['status'] as Record<string, unknown> } : {}),
  };
}

function reportedPrune(value: unknown, where: string): ReportedPrune {
  if (!isRecord(value)) throw new ReportFieldError(`${where}: expected an object`);
  const action = value['action'];
  if (!PRUNE_ACTIONS.includes(action as ReportedPrune['action']))
    throw new ReportFieldError(`${where}.action: expected deleted, skipped or failed`);
  const message = optionalText(value, 'message', `${where}.`);
  return {
    ...identity(value, `${where}.`),
    action: action as ReportedPrune['action'],
    ...(message ? { message } : {}),
  };
}

function list<T>(value: Json, key: string, item: (v: unknown, where: string) => T): T[] {
  const v = value[key];
  if (!Array.isArray(v)) throw new ReportFieldError(`${key}: expected a list`);
  return v.map((x, i) => item(x, `${key}[${i}]`));
}

function parseFields(data: Json, cluster: string): AgentReport {
  const named = text(data, 'cluster', '');
  if (named !== cluster) throw new ReportFieldError(`cluster: names ${JSON.stringify(named)}, not ${cluster}`);
  const heartbeat = text(data, 'heartbeat', '');
  if (parseRfc3339(heartbeat) === undefined) throw new ReportFieldError('heartbeat: expected an RFC 3339 time');
  const seconds = data['heartbeatSeconds'];
  if (typeof seconds !== 'number' || !(seconds > 0))
    throw new ReportFieldError('heartbeatSeconds: expected a positive number');
  if (seconds > MAX_HEARTBEAT_SECONDS)
    throw new ReportFieldError(`heartbeatSeconds: ${seconds} is more than ${MAX_HEARTBEAT_SECONDS} (one hour)`);
  if (!isRecord(data['clusterStatus'])) throw new ReportFieldError('clusterStatus: expected an object');
  const status = data['clusterStatus'];
  if (
    status['conditions'] !== undefined &&
    !(Array.isArray(status['conditions']) && status['conditions'].every(isRecord))
  )
    throw new ReportFieldError('clusterStatus.conditions: expected a list of conditions');
  const work = data['work'];
  if (work !== undefined && !isRecord(work)) throw new ReportFieldError('work: expected an object');
  const blocked = data['pruneBlocked'];
  if (blocked !== undefined && !isRecord(blocked)) throw new ReportFieldError('pruneBlocked: expected an object');
  const error = optionalText(data, 'error', '');
  return {
    cluster,
    heartbeat,
    heartbeatSeconds: seconds,
    holder: text(data, 'holder', ''),
    ...(work
      ? {
          work: {
            worksCommit: text(work, 'worksCommit', 'work.'),
            sourceCommit: text(work, 'sourceCommit', 'work.'),
            blob: text(work, 'blob', 'work.'),
          },
        }
      : {}),
    ...(error !== undefined ? { error } : {}),
    clusterStatus: status,
    objects: list(data, 'objects', reportedObject),
    pruned: list(data, 'pruned', reportedPrune),
    ...(blocked
      ? {
          pruneBlocked: {
            reason: text(blocked, 'reason', 'pruneBlocked.'),
            message: text(blocked, 'message', 'pruneBlocked.'),
          },
        }
      : {}),
  };
}

/** Reads an agent's report; the error names the field that is wrong. */
export function parseReport(content: string, cluster: string): AgentReport | Error {
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch {
    // Not the parser's message: it quotes the input, and a refused report's bytes go nowhere (STATUS.md included).
    return new Error(`${REPORT_FILE}: not JSON`);
  }
  if (!isRecord(data)) return new Error(`${REPORT_FILE}: expected an object`);
  try {
    return parseFields(data, cluster);
  } catch (error) {
    if (error instanceof ReportFieldError) return new Error(`${REPORT_FILE}: ${error.message}`);
    throw error;
  }
}
