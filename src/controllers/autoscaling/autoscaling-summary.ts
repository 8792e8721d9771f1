/**
 * The autoscalers in words, for STATUS.md and `flotilla status`: per scaled workload its count and
 * the template's; per FederatedHPA its replicas, bounds, metrics, conditions and last scale events;
 * per CronFederatedHPA rule its next and last executions. Nothing when there are no autoscalers,
 * so a fleet without them reads (and hashes) as before.
 */
import { describeRef } from '../../model/index.ts';
import type {
  AutoscalingRecord,
  ExecutionHistory,
  MetricStatus,
  RecordedCronFederatedHPA,
  RecordedFederatedHPA,
  ScaledWorkload,
} from '../../model/index.ts';
import { cronFederatedHPAPath, federatedHPAPath } from './autoscaling-document.ts';

/** `Deployment/shop/web: 6 replicas (FederatedHPA shop/web; template says 4)`. */
export function scaledWorkloadLine(w: ScaledWorkload): string {
  return `${describeRef(w.resource)}: ${w.replicas} replicas (${w.by}; template says ${w.templateReplicas})`;
}

function metricText(m: MetricStatus): string {
  const source = m.resource ?? m.containerResource;
  if (!source) return m.type || '<unknown>';
  const where = m.containerResource ? `${source.name} of ${m.containerResource.container}` : source.name;
  const value =
    source.current.averageUtilization !== undefined
      ? `${source.current.averageUtilization}%`
      : (source.current.averageValue ?? '?');
  return `${where} ${value}`;
}

/** `current 4, desired 8 (1-10); cpu 200%; AbleToScale True SucceededRescale, …; last scaled …`. */
function federatedHPALine(r: RecordedFederatedHPA): string {
  const s = r.status;
  const bounds = r.limits
    ? ` (bounds ${r.limits.minReplicas ?? r.limits.specMinReplicas}-${r.limits.maxReplicas ?? r.limits.specMaxReplicas} by ${r.limits.by})`
    : '';
  const parts = [`current ${s.currentReplicas}, desired ${s.desiredReplicas}${bounds}`];
  if (s.currentMetrics?.length) parts.push(s.currentMetrics.map(metricText).join(', '));
  if (s.conditions?.length)
    parts.push(s.conditions.map((c) => `${c.type} ${c.status} ${c.reason ?? ''}`.trimEnd()).join(', '));
  if (s.lastScaleTime) parts.push(`last scaled ${s.lastScaleTime}`);
  return parts.join('; ');
}

/** `rule morning: next …, last Successful … (6 replicas)`. */
function executionLine(h: ExecutionHistory): string {
  const [ok, failed] = [h.successfulExecutions?.[0], h.failedExecutions?.[0]];
  const last =
    ok && (!failed || ok.executionTime >= failed.executionTime)
      ? `last Successful ${ok.executionTime}${ok.appliedReplicas !== undefined ? ` (${ok.appliedReplicas} replicas)` : ''}`
      : failed
        ? `last Failed ${failed.executionTime}: ${failed.message}`
        : 'not run yet';
  return `rule ${h.ruleName}: ${h.nextExecutionTime ? `next ${h.nextExecutionTime}` : 'suspended'}, ${last}`;
}

const target = (r: RecordedFederatedHPA | RecordedCronFederatedHPA): string =>
  `${r.scaleTargetRef.kind}/${r.namespace}/${r.scaleTargetRef.name}`;

/** Every line about the autoscalers, with a link maker for STATUS.md (none for the terminal). */
export function autoscalingLines(
  record: AutoscalingRecord | undefined,
  link: (text: string, path: string) => string = (t) => t,
): string[] {
  if (!record) return [];
  return [
    ...record.workloads.map(scaledWorkloadLine),
    ...record.federatedHPAs.flatMap((r) => [
      `${link(`FederatedHPA ${r.namespace}/${r.name}`, federatedHPAPath(r))} → ${target(r)}: ${federatedHPALine(r)}`,
      ...r.scaleEvents.slice(0, 3).map((e) => `  scaled ${e.from} → ${e.to} at ${e.time}: ${e.reason}`),
    ]),
    ...record.cronFederatedHPAs.flatMap((r) => [
      `${link(`CronFederatedHPA ${r.namespace}/${r.name}`, cronFederatedHPAPath(r))} → ${target(r)}`,
      ...(r.status.executionHistories ?? []).map((h) => `  ${executionLine(h)}`),
    ]),
  ];
}

/** STATUS.md's "Autoscaling" section. */
export function autoscalingSection(record: AutoscalingRecord | undefined): string[] {
  const lines = autoscalingLines(record, (text, path) => `[${text}](${path})`);
  if (lines.length === 0) return [];
  return ['## Autoscaling', '', ...lines.map((l) => (l.startsWith('  ') ? `  - ${l.trim()}` : `- ${l}`)), ''];
}
