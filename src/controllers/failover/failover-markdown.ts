import { describeRef } from '../../model/index.ts';
import { clusterPath, resourcePath } from '../../status/index.ts';
import type { StatusReport } from '../../status/index.ts';

/**
 * `flotilla status`'s "Failover" section: the tainted members, then the eviction tasks under way;
 * no lines when there is neither.
 */
export function failoverStatusLines(report: Pick<StatusReport, 'clusters' | 'templates'>): {
  title: string;
  lines: string[];
} {
  const taints = report.clusters.flatMap(({ name, taints: list }) =>
    (list ?? []).map((t) => `  ${name}: tainted ${t.key}:${t.effect} since ${t.timeAdded ?? 'unknown'}`),
  );
  const tasks = report.templates.flatMap((t) =>
    (t.gracefulEvictionTasks ?? []).map(
      (task) =>
        `  ${describeRef(t.resource)}: evicted from ${task.fromCluster} (${task.reason}, ${task.purgeMode}) since ${task.creationTimestamp}`,
    ),
  );
  return { title: 'Failover', lines: [...taints, ...tasks] };
}

/**
 * STATUS.md's "Failover" section: the members the run loop has tainted and since when, and the
 * graceful eviction tasks under way. No lines when there is neither, so a fleet without failover
 * reads (and hashes) as before.
 */
export function failoverSection(report: Pick<StatusReport, 'clusters' | 'templates'>): string[] {
  const tainted = report.clusters.flatMap(({ name, taints }) =>
    (taints ?? []).map((t) => `| [${name}](${clusterPath(name)}) | \`${t.key}:${t.effect}\` | ${t.timeAdded ?? '–'} |`),
  );
  const tasks = report.templates.flatMap((t) =>
    (t.gracefulEvictionTasks ?? []).map(
      (task) =>
        `| [${describeRef(t.resource)}](${resourcePath(t.resource)}) | ${task.fromCluster} | ${task.reason} | ${task.purgeMode} | ${task.creationTimestamp} |`,
    ),
  );
  if (tainted.length === 0 && tasks.length === 0) return [];
  const out = ['## Failover', ''];
  if (tainted.length > 0) out.push('| member | taint | since |', '| --- | --- | --- |', ...tainted, '');
  if (tasks.length > 0)
    out.push(
      '| evicted template | from cluster | reason | purge mode | since |',
      '| --- | --- | --- | --- | --- |',
      ...tasks,
      '',
    );
  return out;
}
