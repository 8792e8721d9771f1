/**
 * Failover as people see it (`ViewSection`, src/model/controller-view.ts): the members Flotilla
 * tainted (failover's and the cluster taint policies' taints: the cluster documents hold both, so
 * this one section shows them), and the templates being evicted and since when.
 */
import { formatTaint } from '../../scheduler/index.ts';
import type { ViewBlock, ViewSection } from '../../model/index.ts';
import type { ControllerRecords } from '../controller-records.ts';

export function failoverView(records: ControllerRecords): ViewSection[] {
  const { taints, tasks, unhealthySince } = records.failover;
  const blocks: ViewBlock[] = [];
  const tainted = [...taints].flatMap(([member, list]) =>
    list.map((t) => [{ text: member }, { text: formatTaint(t), tone: 'error' as const }, { text: t.timeAdded ?? '' }]),
  );
  if (tainted.length > 0)
    blocks.push({ kind: 'table', title: 'Members failed over', columns: ['member', 'taint', 'since'], rows: tainted });
  const evictions = [...tasks].flatMap(([key, list]) =>
    list.map((t) => [
      { text: key },
      { text: t.fromCluster },
      { text: t.reason, tone: 'warn' as const },
      { text: t.purgeMode },
      { text: t.replicas === undefined ? '' : String(t.replicas) },
      { text: t.creationTimestamp },
    ]),
  );
  if (evictions.length > 0)
    blocks.push({
      kind: 'table',
      title: 'Graceful eviction tasks',
      columns: ['template', 'from', 'reason', 'purge mode', 'replicas', 'created'],
      rows: evictions,
    });
  const unhealthy = [...unhealthySince].flatMap(([key, list]) =>
    list.map((u) => [{ text: key }, { text: u.clusterName }, { text: u.since, tone: 'warn' as const }]),
  );
  if (unhealthy.length > 0)
    blocks.push({ kind: 'table', title: 'Unhealthy since', columns: ['template', 'member', 'since'], rows: unhealthy });
  // Always shown: that no member is failed over is what people open this section to learn.
  if (blocks.length === 0) blocks.push({ kind: 'text', text: 'No member is failed over and no eviction is pending.' });
  return [{ controller: 'failover', title: 'Failover and evictions', blocks }];
}
