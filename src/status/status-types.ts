/**
 * The status step's shared types, a leaf that imports only model: the status documents, the
 * writer, the reader and the shard merge all speak of them, and with them in their modules those
 * modules imported each other in a circle.
 */
import type {
  AggregatedStatusItem,
  Condition,
  GracefulEvictionTask,
  HealthState,
  ObjectRef,
  PolicyRef,
  TargetCluster,
} from '../model/index.ts';

/**
 * Flotilla's extension of the binding document (`status.unhealthySince`): since when application
 * failover has seen the template Unhealthy on a member. Only members Unhealthy now are listed.
 */
export interface UnhealthySince {
  clusterName: string;
  /** RFC 3339. */
  since: string;
}

/** A rendered template's provenance (`Origin` of a render root's object). */
export interface RenderedFrom {
  /** The root's kustomization file. */
  root: string;
  sourceFile?: string;
  generator?: string;
}

/** The binding view of one template: Karmada's ResourceBinding spec.clusters and status, plus health. */
export interface TemplateStatus {
  resource: ObjectRef;
  policy: PolicyRef | null;
  /** The template's desired replica count (0 for kinds without replicas). */
  replicas: number;
  /** The scheduling result (Karmada's spec.clusters). */
  clusters: TargetCluster[];
  affinityName?: string;
  /** The placement JSON the clusters were scheduled with (ScheduledBinding.appliedPlacement). */
  appliedPlacement?: string;
  /** Karmada's conditions: Scheduled (when claimed) and FullyApplied. */
  conditions: Condition[];
  /** One item per member cluster, sorted by cluster name. */
  aggregatedStatus: AggregatedStatusItem[];
  /** The template's status as AggregateStatus computes it; absent when no interpreter aggregates the kind. */
  resourceStatus?: Record<string, unknown>;
  /** The worst member health; Unhealthy when the template cannot be placed. */
  health: HealthState;
  /** One readable line per problem, for STATUS.md and `flotilla status`. */
  problems: string[];
  /** The run loop's graceful eviction tasks of the binding (Karmada's spec.gracefulEvictionTasks); absent when none. */
  gracefulEvictionTasks?: GracefulEvictionTask[];
  /** Members application failover has seen Unhealthy, and since when (controllers/failover/failover-view.ts); absent when none. */
  unhealthySince?: UnhealthySince[];
  /** Where a template a render root made came from; absent for one written in git as it is. */
  renderedFrom?: RenderedFrom;
}
