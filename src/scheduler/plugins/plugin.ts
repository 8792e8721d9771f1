import type { ClusterAffinity, ObjectRef, Placement } from '../../model/index.ts';
import type { ClusterView } from '../cluster-view.ts';
import type { WorkloadAffinityPeers } from '../types.ts';

/** What every plugin may read about the binding being scheduled (one affinity attempt). */
export interface PluginContext {
  readonly resource: ObjectRef;
  readonly placement: Placement;
  /** placement.clusterAffinity, or the clusterAffinities term being tried; undefined = none. */
  readonly affinity: ClusterAffinity | undefined;
  /**
   * The term's overflow tiers, for replica workloads only (docs/karmada-compatibility.md#filter-and-score-plugins,
   * #overflow-tiers).
   */
  readonly overflow: readonly ClusterAffinity[];
  /** Clusters in the previous result (Karmada's spec.clusters). */
  readonly previous: ReadonlySet<string>;
  /** Clusters the binding is being gracefully evicted from. */
  readonly evicted: ReadonlySet<string>;
  /** The peers of the binding's workload affinity groups; undefined when it has none. */
  readonly workloadAffinity: WorkloadAffinityPeers | undefined;
}

/**
 * A filter or score plugin (Karmada's framework.FilterPlugin / ScorePlugin).
 * `filter` returns null when the cluster fits, else Karmada's reason ("cluster(s) had ...");
 * `score` returns 0..100 and scores are summed.
 */
export interface SchedulerPlugin {
  readonly name: string;
  filter?(ctx: PluginContext, cluster: ClusterView): string | null;
  score?(ctx: PluginContext, cluster: ClusterView): number;
}
