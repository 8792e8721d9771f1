// What the search cache tests serve: Deployments as a member's discovery names them, and
// Deployments as the cache keeps them (each naming its member).
import type { ApiResource } from '../../src/apply/kube-client.ts';
import type { CacheEvent } from '../../src/controllers/index.ts';
import { withCluster, type KubeObject } from '../../src/model/index.ts';

export const DEPLOYMENTS: ApiResource = {
  group: 'apps',
  version: 'v1',
  kind: 'Deployment',
  resource: 'deployments',
  namespaced: true,
  verbs: ['list'],
  singular: 'deployment',
  shortNames: ['deploy'],
};

/** A Deployment of `cluster` as the cache holds it. */
export function cachedDeployment(
  cluster: string,
  namespace: string,
  name: string,
  extra: Partial<KubeObject> & { labels?: Record<string, string> } = {},
): KubeObject {
  const { labels, ...rest } = extra;
  return withCluster(
    { apiVersion: 'apps/v1', kind: 'Deployment', ...rest, metadata: { namespace, name, ...(labels ? { labels } : {}), ...rest.metadata } },
    cluster,
  );
}

/** A cache's change feed for a fake view: `subscribe` as the view has it, and `emit` to send a change. */
export function changeFeed(): { subscribe: (listener: (event: CacheEvent) => void) => () => void; emit: (event: CacheEvent) => void; listeners: () => number } {
  const listeners = new Set<(event: CacheEvent) => void>();
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit: (event) => {
      for (const listener of listeners) listener(event);
    },
    listeners: () => listeners.size,
  };
}
