import { describeRef } from '../../model/index.ts';
import type { ResourceList } from '../../model/index.ts';
import type { FederatedQuotaReport } from '../federated-quota-status.ts';
import { quotaPath } from './quota-document.ts';

/** `cpu 1/10, memory 512Mi/20Gi`: each limited resource's use against its limit, in name order. */
export function quotaUsage(used: ResourceList | undefined, hard: ResourceList | undefined): string {
  const names = [...new Set([...Object.keys(hard ?? {}), ...Object.keys(used ?? {})])].sort();
  if (names.length === 0) return '–';
  return names.map((name) => `${name} ${used?.[name] ?? '0'}/${hard?.[name] ?? '–'}`).join(', ');
}

/** One row per quota for its overall use, then one per member: used against hard. */
export function quotaRows(quotas: readonly FederatedQuotaReport[]): [string, string, string][] {
  return quotas.flatMap((q) => [
    [describeRef(q.resource), 'overall', quotaUsage(q.status.overallUsed, q.status.overall)] as [
      string,
      string,
      string,
    ],
    ...(q.status.aggregatedStatus ?? []).map((s): [string, string, string] => [
      '',
      s.clusterName,
      quotaUsage(s.used, s.hard),
    ]),
  ]);
}

/** STATUS.md's section on FederatedResourceQuotas; nothing when the fleet has none. */
export function quotaSection(quotas: readonly FederatedQuotaReport[] | undefined): string[] {
  if (quotas === undefined || quotas.length === 0) return [];
  const lines = ['## Federated resource quotas', '', '| quota | cluster | used / hard |', '| --- | --- | --- |'];
  const links = new Map(
    quotas.map((q) => [describeRef(q.resource), `[${describeRef(q.resource)}](${quotaPath(q.resource)})`]),
  );
  for (const [quota, cluster, usage] of quotaRows(quotas)) {
    lines.push(`| ${quota === '' ? '' : links.get(quota)} | ${cluster} | ${usage} |`);
  }
  return [...lines, ''];
}
