import type { KubeObject, ObjectRef } from '../../model/index.ts';

/** One manifest of a cluster's Work. Manifests are never mutated after rendering. */
export interface WorkItem {
  manifest: KubeObject;
  template: ObjectRef;
  /** Karmada's suspendDispatching for this cluster: rendered, kept, but not applied. */
  suspended: boolean;
  /** The binding's preserveResourcesOnDeletion: never pruned from members. */
  preserveOnDeletion: boolean;
}

/** Cluster name → the cluster's Work, in apply order. */
export type Works = Map<string, WorkItem[]>;
