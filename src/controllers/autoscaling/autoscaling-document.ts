/**
 * The autoscaling controller's record on the status branch
 * (docs/karmada-compatibility.md#autoscaled-replicas-on-the-status-branch), in Karmada's shapes:
 * `autoscaling/federatedhpas/<namespace>/<name>.yaml` a FederatedHPA with its status (Kubernetes'
 * HPA status fields) and Flotilla's `status.scaleEvents` and `status.cronLimits`;
 * `autoscaling/cronfederatedhpas/<namespace>/<name>.yaml` a CronFederatedHPA with its execution
 * histories; `autoscaling/workloads.yaml` each scaled workload's count and the template's count it
 * replaced. Read back here too: a malformed entry is dropped with a warning, the rest still counts.
 */
import { AUTOSCALING_GROUP_VERSION, isRecord } from '../../model/index.ts';
import type {
  AutoscalingRecord,
  CronLimits,
  CrossVersionObjectReference,
  ExecutionHistory,
  FederatedHPAStatus,
  HPACondition,
  MetricStatus,
  RecordedCronFederatedHPA,
  RecordedFederatedHPA,
  ScaledWorkload,
  ScaleEvent,
} from '../../model/index.ts';
import { count, text } from '../../status/index.ts';
import type { Warn } from '../../status/index.ts';

const SCALED_WORKLOADS_FILE = 'autoscaling/workloads.yaml';

export const federatedHPAPath = (r: { namespace: string; name: string }): string =>
  `autoscaling/federatedhpas/${r.namespace}/${r.name}.yaml`;
export const cronFederatedHPAPath = (r: { namespace: string; name: string }): string =>
  `autoscaling/cronfederatedhpas/${r.namespace}/${r.name}.yaml`;

function federatedHPADocument(r: RecordedFederatedHPA): Record<string, unknown> {
  return {
    apiVersion: AUTOSCALING_GROUP_VERSION,
    kind: 'FederatedHPA',
    metadata: { name: r.name, namespace: r.namespace },
    spec: { scaleTargetRef: r.scaleTargetRef },
    status: {
      ...r.status,
      ...(r.scaleEvents.length > 0 ? { scaleEvents: r.scaleEvents } : {}),
      ...(r.limits ? { cronLimits: r.limits } : {}),
    },
  };
}

function cronFederatedHPADocument(r: RecordedCronFederatedHPA): Record<string, unknown> {
  return {
    apiVersion: AUTOSCALING_GROUP_VERSION,
    kind: 'CronFederatedHPA',
    metadata: { name: r.name, namespace: r.namespace },
    spec: { scaleTargetRef: r.scaleTargetRef },
    status: r.status,
  };
}

function scaledWorkloadsDocument(workloads: readonly ScaledWorkload[]): Record<string, unknown> {
  return {
    workloads: workloads.map((w) => ({
      ...w.resource,
      replicas: w.replicas,
      templateReplicas: w.templateReplicas,
      scaledBy: w.by,
    })),
  };
}

const list = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.filter(isRecord) : []);

function referenceOf(value: unknown): CrossVersionObjectReference | undefined {
  if (!isRecord(value)) return undefined;
  const [kind, name, apiVersion] = [text(value['kind']), text(value['name']), text(value['apiVersion'])];
  return kind && name ? { kind, name, ...(apiVersion ? { apiVersion } : {}) } : undefined;
}

interface Head {
  namespace: string;
  name: string;
  scaleTargetRef: CrossVersionObjectReference;
  status: Record<string, unknown>;
}

function headOf(doc: unknown, kind: string, warn: Warn): Head | undefined {
  if (!isRecord(doc) || doc['kind'] !== kind) return undefined;
  const metadata = isRecord(doc['metadata']) ? doc['metadata'] : {};
  const [namespace, name] = [text(metadata['namespace']), text(metadata['name'])];
  const scaleTargetRef = referenceOf(isRecord(doc['spec']) ? doc['spec']['scaleTargetRef'] : undefined);
  if (!namespace || !name || !scaleTargetRef) {
    warn(`not a ${kind} record with metadata.namespace, metadata.name and spec.scaleTargetRef; ignored`);
    return undefined;
  }
  return { namespace, name, scaleTargetRef, status: isRecord(doc['status']) ? doc['status'] : {} };
}

function scaleEventOf(value: Record<string, unknown>): ScaleEvent | undefined {
  const [time, from, to] = [text(value['time']), count(value['from']), count(value['to'])];
  return time && from !== undefined && to !== undefined
    ? { time, from, to, reason: text(value['reason']) ?? '' }
    : undefined;
}

function limitsOf(value: unknown, warn: Warn): CronLimits | undefined {
  if (value === undefined) return undefined;
  const v = isRecord(value) ? value : {};
  const [specMinReplicas, specMaxReplicas, by] = [
    count(v['specMinReplicas']),
    count(v['specMaxReplicas']),
    text(v['by']),
  ];
  if (specMinReplicas === undefined || specMaxReplicas === undefined || !by) {
    warn('status.cronLimits: not bounds with specMinReplicas, specMaxReplicas and by; ignored');
    return undefined;
  }
  const [min, max] = [count(v['minReplicas']), count(v['maxReplicas'])];
  return {
    ...(min !== undefined ? { minReplicas: min } : {}),
    ...(max !== undefined ? { maxReplicas: max } : {}),
    specMinReplicas,
    specMaxReplicas,
    by,
  };
}

/** A FederatedHPA record read back, or undefined (with a warning) when it is not one. */
function parseFederatedHPADocument(doc: unknown, warn: Warn): RecordedFederatedHPA | undefined {
  const head = headOf(doc, 'FederatedHPA', warn);
  if (!head) return undefined;
  const s = head.status;
  const { scaleEvents: _e, cronLimits, ...rest } = s;
  const status: FederatedHPAStatus = {
    ...(rest as Partial<FederatedHPAStatus>),
    currentReplicas: count(s['currentReplicas']) ?? 0,
    desiredReplicas: count(s['desiredReplicas']) ?? 0,
    ...(Array.isArray(s['currentMetrics'])
      ? { currentMetrics: list(s['currentMetrics']) as unknown as MetricStatus[] }
      : {}),
    ...(Array.isArray(s['conditions']) ? { conditions: list(s['conditions']) as unknown as HPACondition[] } : {}),
  };
  const limits = limitsOf(cronLimits, warn);
  return {
    namespace: head.namespace,
    name: head.name,
    scaleTargetRef: head.scaleTargetRef,
    status,
    scaleEvents: list(s['scaleEvents']).flatMap((e) => scaleEventOf(e) ?? []),
    ...(limits ? { limits } : {}),
  };
}

/** A CronFederatedHPA record read back, or undefined (with a warning) when it is not one. */
function parseCronFederatedHPADocument(doc: unknown, warn: Warn): RecordedCronFederatedHPA | undefined {
  const head = headOf(doc, 'CronFederatedHPA', warn);
  if (!head) return undefined;
  const executionHistories = list(head.status['executionHistories']).flatMap((h, i): ExecutionHistory[] => {
    if (text(h['ruleName'])) return [h as unknown as ExecutionHistory];
    warn(`status.executionHistories[${i}]: no ruleName; ignored`);
    return [];
  });
  return {
    namespace: head.namespace,
    name: head.name,
    scaleTargetRef: head.scaleTargetRef,
    status: { executionHistories },
  };
}

/** The scaled workloads read back; an entry that is not one is dropped with a warning. */
function parseScaledWorkloads(doc: unknown, warn: Warn): ScaledWorkload[] {
  return list(isRecord(doc) ? doc['workloads'] : undefined).flatMap((w, i): ScaledWorkload[] => {
    const [apiVersion, kind, name, by] = [text(w['apiVersion']), text(w['kind']), text(w['name']), text(w['scaledBy'])];
    const [replicas, templateReplicas] = [count(w['replicas']), count(w['templateReplicas'])];
    if (!apiVersion || !kind || !name || !by || replicas === undefined || templateReplicas === undefined) {
      warn(
        `workloads[${i}]: not a scaled workload with apiVersion, kind, name, replicas, templateReplicas and scaledBy; ignored`,
      );
      return [];
    }
    return [
      { resource: { apiVersion, kind, namespace: text(w['namespace']) ?? '', name }, replicas, templateReplicas, by },
    ];
  });
}

/** The record's files, path and document. */
export function autoscalingFiles(record: AutoscalingRecord): { path: string; document: Record<string, unknown> }[] {
  return [
    ...record.federatedHPAs.map((r) => ({ path: federatedHPAPath(r), document: federatedHPADocument(r) })),
    ...record.cronFederatedHPAs.map((r) => ({ path: cronFederatedHPAPath(r), document: cronFederatedHPADocument(r) })),
    ...(record.workloads.length > 0
      ? [{ path: SCALED_WORKLOADS_FILE, document: scaledWorkloadsDocument(record.workloads) }]
      : []),
  ];
}

/** Reads one autoscaling file into the record being assembled. */
export function readAutoscalingFile(record: AutoscalingRecord, path: string, doc: unknown, warn: Warn): void {
  if (path === SCALED_WORKLOADS_FILE) record.workloads.push(...parseScaledWorkloads(doc, warn));
  else if (path.startsWith('autoscaling/federatedhpas/')) {
    const r = parseFederatedHPADocument(doc, warn);
    if (r) record.federatedHPAs.push(r);
  } else if (path.startsWith('autoscaling/cronfederatedhpas/')) {
    const r = parseCronFederatedHPADocument(doc, warn);
    if (r) record.cronFederatedHPAs.push(r);
  }
}
