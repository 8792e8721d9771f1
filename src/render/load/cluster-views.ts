import type { Cluster, ClusterStatus, SourceObject } from '../../model/index.ts';

/**
 * What the scheduler knows of each cluster (README.md#flotilla-plan): the status observed live or
 * from the status branch when there is one, else the `status` written in the Cluster file, else
 * nothing (taken as Ready, every API enabled, no capacity figures).
 */
export function clusterViews(
  declared: readonly SourceObject<Cluster>[],
  observed: ReadonlyMap<string, ClusterStatus> = new Map(),
): Cluster[] {
  return declared.map(({ object }) => {
    const status = observed.get(object.metadata.name) ?? object.status;
    const { status: _declared, ...rest } = object;
    return status ? { ...rest, status } : rest;
  });
}
