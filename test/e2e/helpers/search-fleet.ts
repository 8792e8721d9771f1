// The fleet repository of the search e2e tests: a Deployment `web` in member1 and member2 and
// `api` in member3 only (every member has something, and not the same), each labelled with the
// test's id and its own name, and a ResourceRegistry caching the namespace's Deployments; and
// their removal.
import { CoordinationV1Api, CoreV1Api } from '@kubernetes/client-node';
import { apiFor, isNotFound, memberNames } from './fleet.ts';

/** A Deployment of the test's namespace, as the repository holds it (JSON). */
export function searchDeployment(namespace: string, id: string, name: string): string {
  return JSON.stringify({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace, labels: { 'search-e2e': id, app: name } },
    spec: {
      replicas: 1,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'registry.k8s.io/pause:3.10' }] } },
    },
  });
}

/** The Deployments and the policies placing them. */
export function searchFleetFiles(namespace: string, id: string): Record<string, string> {
  return {
    'apps.yaml': [searchDeployment(namespace, id, 'web'), searchDeployment(namespace, id, 'api')].join('\n---\n'),
    'policies.yaml': `apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: web, namespace: ${namespace}}
spec:
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}]
  placement: {clusterAffinity: {clusterNames: [member1, member2]}}
---
apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: api, namespace: ${namespace}}
spec:
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: api}]
  placement: {clusterAffinity: {clusterNames: [member3]}}
`,
  };
}

/** A ResourceRegistry caching the namespace's Deployments in every member. */
export function searchRegistry(namespace: string, name: string): string {
  return `apiVersion: search.karmada.io/v1alpha1
kind: ResourceRegistry
metadata: {name: ${name}}
spec:
  targetCluster: {clusterNames: [member1, member2, member3]}
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, namespace: ${namespace}}]
`;
}

/** Deletes what the test left in the members: its namespace, and its inventory and Lease. */
export async function removeSearchFleet(namespace: string, inventoryName: string): Promise<void> {
  await Promise.all(
    memberNames
      .flatMap((m) => [
        apiFor(m, CoreV1Api).deleteNamespace({ name: namespace }),
        apiFor(m, CoreV1Api).deleteNamespacedConfigMap({ name: inventoryName, namespace: 'flotilla-system' }),
        apiFor(m, CoordinationV1Api).deleteNamespacedLease({ name: inventoryName, namespace: 'flotilla-system' }),
      ])
      .map((p) => p.catch((error: unknown) => (isNotFound(error) ? undefined : Promise.reject(error)))),
  );
}
