/**
 * Failover's part of the status branch: no files of its own, but fields of the fleet's documents,
 * where Karmada keeps them (docs/karmada-compatibility.md#failover-and-eviction,
 * #failover-clocks-on-the-status-branch): a Cluster's `spec.taints`, a binding's
 * `spec.gracefulEvictionTasks` and Flotilla's `status.unhealthySince`. Its STATUS.md section sits
 * with the fleet's, before the federated quotas.
 */
import type { DocumentFields } from '../../status/index.ts';
import type { ControllerRecordSection } from '../controller-records.ts';
import { withAddedTaints, withTemplateFailover, type FailoverView } from './failover-view.ts';
import { parseEvictionTasks, parseTaints, parseUnhealthySince } from './failover-fields.ts';
import { failoverSection, failoverStatusLines } from './failover-markdown.ts';
import { withShardFailover } from './failover-shards.ts';

const failoverFields: DocumentFields = {
  clusterSpec: (cluster) => (cluster.taints?.length ? { taints: cluster.taints } : {}),
  readClusterSpec: (spec, warn) => {
    const taints = parseTaints(spec['taints'], warn);
    return taints.length > 0 ? { taints } : {};
  },
  bindingFields: (t) => ({
    spec: t.gracefulEvictionTasks?.length ? { gracefulEvictionTasks: t.gracefulEvictionTasks } : {},
    // Flotilla's: first-unhealthy times, so a restarted run loop keeps application failover's clock.
    status: t.unhealthySince?.length ? { unhealthySince: t.unhealthySince } : {},
  }),
  readBinding: (spec, status, warn) => {
    const tasks = parseEvictionTasks(spec['gracefulEvictionTasks'], warn);
    const unhealthySince = parseUnhealthySince(status['unhealthySince'], warn);
    return {
      ...(tasks.length > 0 ? { gracefulEvictionTasks: tasks } : {}),
      ...(unhealthySince.length > 0 ? { unhealthySince } : {}),
    };
  },
  placementStatusKey: 'unhealthySince',
  mergeShard: withShardFailover,
  markdown: failoverSection,
  statusLines: failoverStatusLines,
};

/** Whether a map of the view lists anything. */
function hasEntries(map: ReadonlyMap<string, readonly unknown[]>): boolean {
  return [...map.values()].some((list) => list.length > 0);
}

/**
 * Read back into the controller records from the documents' fields (failover-view.ts), so it writes
 * no files of its own. Its record of a pass is its view with the taint policies' taints beside its
 * own (both are a Cluster's `spec.taints`, as Karmada keeps them), from which the status step
 * decorates the cluster and binding documents.
 */
export const failoverRecordSection: ControllerRecordSection<FailoverView> = {
  name: 'failover',
  fields: failoverFields,
  markdownOrder: 'fleet',
  written: (records) => {
    const view = withAddedTaints(records.failover, records['taint-policy']);
    return [view.taints, view.tasks, view.unhealthySince].some(hasEntries) ? view : undefined;
  },
  templateStatus: (view, status) => withTemplateFailover(status, view),
  clusterReport: (view, cluster) => {
    const taints = view.taints.get(cluster) ?? [];
    return taints.length > 0 ? { taints: [...taints] } : {};
  },
  // A template's eviction tasks keep members out that hold it no more, but whose owner writes the task.
  concernedMembers: (view, template) => (view.tasks.get(template) ?? []).map((t) => t.fromCluster),
};
