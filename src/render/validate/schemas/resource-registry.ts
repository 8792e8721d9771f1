/**
 * search.karmada.io/v1alpha1 ResourceRegistry: which kinds the search cache collects from which
 * clusters. Karmada's search API server enforces no required field: an absent `spec` is empty,
 * an absent `targetCluster` selects every cluster, absent `resourceSelectors` cache nothing, and
 * a selector without its apiVersion or kind is skipped by the cache controller, so here it is a
 * warning (docs/karmada-compatibility.md#search).
 */
import type { FieldPath } from '../../../model/index.ts';
import { error, invalidMessage, warning, type IssueSink } from '../issues.ts';
import { isDNS1123Label } from '../names.ts';
import { any, arr, obj, str, type ObjectSchema } from '../schema.ts';
import { clusterAffinity } from './common.ts';

/** schema.ParseGroupVersion: `version` or `group/version`; more slashes do not parse. */
function checkApiVersion(apiVersion: string, path: FieldPath, out: IssueSink): void {
  if (apiVersion.split('/').length > 2)
    error(out, path, invalidMessage(apiVersion, `unexpected GroupVersion string: ${apiVersion}`));
}

/** ValidateNamespaceName: a DNS-1123 label. */
function checkNamespace(namespace: string, path: FieldPath, out: IssueSink): void {
  if (namespace === '') return;
  for (const message of isDNS1123Label(namespace)) error(out, path, invalidMessage(namespace, message));
}

function checkSelector(selector: Record<string, unknown>, path: FieldPath, out: IssueSink): void {
  for (const field of ['apiVersion', 'kind'])
    if (selector[field] === undefined || selector[field] === '')
      warning(out, [...path, field], 'Required value: the search cache skips this selector');
}

/** An OpenSearch address: an http or https URL with a host. */
function checkAddress(address: string, path: FieldPath, out: IssueSink): void {
  const url = URL.parse(address);
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.host === '')
    error(out, path, invalidMessage(address, 'must be a valid http or https URL with non-empty scheme and host'));
}

/** BackendStoreConfig: where Karmada's search keeps its cache (OpenSearch, or memory when absent). */
const backendStore = obj({
  openSearch: obj({
    addresses: arr(str({ check: checkAddress })),
    secretRef: obj({ namespace: str(), name: str() }),
  }),
});

/** ResourceRegistrySpec. */
export const resourceRegistrySpec: ObjectSchema = obj({
  targetCluster: clusterAffinity,
  resourceSelectors: arr(
    obj(
      { apiVersion: str({ check: checkApiVersion }), kind: str(), namespace: str({ check: checkNamespace }) },
      { check: checkSelector },
    ),
  ),
  backendStore,
});

/** Karmada's search API server stores a registry without a spec as an empty one. */
export function defaultResourceRegistry(registry: Record<string, unknown>): Record<string, unknown> {
  return registry['spec'] === undefined || registry['spec'] === null ? { ...registry, spec: {} } : registry;
}

/** ResourceRegistryStatus. */
export const resourceRegistryStatus: ObjectSchema = obj({ conditions: arr(any) });
