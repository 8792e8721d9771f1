import { apiEnablement } from './api-enablement.ts';
import { clusterAffinity } from './cluster-affinity.ts';
import { clusterEviction } from './cluster-eviction.ts';
import { clusterLocality } from './cluster-locality.ts';
import type { SchedulerPlugin } from './plugin.ts';
import { spreadConstraint } from './spread-constraint.ts';
import { taintToleration } from './taint-toleration.ts';
import { workloadAffinity } from './workload-affinity.ts';
import { workloadAntiAffinity } from './workload-anti-affinity.ts';

export type { PluginContext, SchedulerPlugin } from './plugin.ts';

/**
 * Every plugin, listed once. Filters run in this order and a cluster reports the first
 * failing one, as Karmada's framework stops at the first failure; Karmada builds its list from
 * a Go map, so its order (and thus which reason a multiply-failing cluster reports) is random.
 */
export const PLUGINS: readonly SchedulerPlugin[] = [
  apiEnablement,
  taintToleration,
  clusterAffinity,
  spreadConstraint,
  clusterEviction,
  workloadAffinity,
  workloadAntiAffinity,
  clusterLocality,
];
