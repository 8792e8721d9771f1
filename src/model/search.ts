/**
 * Karmada's search API as Flotilla serves it (docs/karmada-compatibility.md#search): the paths
 * under which the search cache and its proxy answer, and the annotation each object it returns
 * carries to name the member it came from.
 */
import type { KubeObject } from './kube.ts';
import { SEARCH_GROUP_VERSION } from './karmada-extensions.ts';

/** The annotation naming the member an object was read from (Karmada's `CacheSourceAnnotationKey`). */
export const CACHED_FROM_CLUSTER_ANNOTATION = 'resource.karmada.io/cached-from-cluster';

/** The cache's path prefix; a member's API path follows it (`…/cache/apis/apps/v1/deployments`). */
export const SEARCH_CACHE_PATH = `/apis/${SEARCH_GROUP_VERSION}/search/cache`;

/**
 * Karmada's global proxy prefix: a kubeconfig whose server ends with it reads every member's
 * objects of the cached kinds as if from one API server (`…/proxy/apis/apps/v1/deployments`).
 */
export const SEARCH_PROXY_PATH = `/apis/${SEARCH_GROUP_VERSION}/proxying/karmada/proxy`;

/** The object with the annotation naming its member, as Karmada's search cache returns objects. */
export function withCluster(object: KubeObject, cluster: string): KubeObject {
  const annotations = { ...object.metadata.annotations, [CACHED_FROM_CLUSTER_ANNOTATION]: cluster };
  return { ...object, metadata: { ...object.metadata, annotations } };
}

/** The member an object returned by the cache came from, or undefined when it does not say. */
export function cachedFrom(object: KubeObject): string | undefined {
  return object.metadata.annotations?.[CACHED_FROM_CLUSTER_ANNOTATION];
}

/**
 * The object without `metadata.managedFields`: most of a small object's size, read by no search,
 * and left out by `kubectl get` and by Karmada's cache alike.
 */
export function withoutManagedFields(object: KubeObject): KubeObject {
  if (object.metadata.managedFields === undefined) return object;
  const { managedFields: _dropped, ...metadata } = object.metadata;
  return { ...object, metadata };
}
