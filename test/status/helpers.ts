import { createInterpreter } from '../../src/interpreter/index.ts';
import type { KubeObject, ScheduledBinding, TargetCluster } from '../../src/model/index.ts';

/** The interpreter with native behaviour only and a fixed clock. */
export const nativeInterpreter = createInterpreter([], { bundled: [], now: () => Date.UTC(2026, 0, 1) });

/** A Deployment template or member object. */
export function deployment(name: string, replicas: number, extra: Partial<KubeObject> = {}, metadata: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: 'default', ...metadata },
    spec: { replicas, template: { spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
    ...extra,
  };
}

/** A member Deployment as its controller reports it. */
export function memberDeployment(
  name: string,
  replicas: number,
  counts: { updated: number; available: number; ready?: number; observed?: number; generation?: number },
): KubeObject {
  const generation = counts.generation ?? 1;
  return deployment(
    name,
    replicas,
    {
      status: {
        observedGeneration: counts.observed ?? generation,
        replicas,
        updatedReplicas: counts.updated,
        readyReplicas: counts.ready ?? counts.available,
        availableReplicas: counts.available,
        ...(replicas - counts.available > 0 ? { unavailableReplicas: replicas - counts.available } : {}),
      },
    },
    { generation },
  );
}

/** A scheduled binding for a template, Divided over `clusters`. */
export function bindingFor(template: KubeObject, clusters: TargetCluster[], error: string | null = null): ScheduledBinding {
  return {
    resource: { apiVersion: template.apiVersion, kind: template.kind, namespace: template.metadata.namespace ?? '', name: template.metadata.name ?? '' },
    policy: { kind: 'PropagationPolicy', namespace: 'default', name: 'spread' },
    replicas: clusters.reduce((n, c) => n + c.replicas, 0),
    placement: {},
    propagateDeps: false,
    conflictResolution: 'Abort',
    preserveResourcesOnDeletion: false,
    schedulerName: 'default-scheduler',
    clusters,
    error,
  };
}
