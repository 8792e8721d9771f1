/** search.karmada.io/v1alpha1 ResourceRegistry: which kinds the search cache collects from which clusters. */
import { any, arr, obj, str, type ObjectSchema } from '../schema.ts';
import { clusterAffinity } from './common.ts';

/** BackendStoreConfig: where Karmada's search keeps its cache (OpenSearch, or memory when absent). */
const backendStore = obj({
  openSearch: obj(
    { addresses: arr(str()), secretRef: obj({ namespace: str(), name: str() }) },
    { required: ['addresses'] },
  ),
});

/** ResourceRegistrySpec. */
export const resourceRegistrySpec: ObjectSchema = obj(
  {
    targetCluster: clusterAffinity,
    resourceSelectors: arr(
      obj({ apiVersion: str(), kind: str(), namespace: str() }, { required: ['apiVersion', 'kind'] }),
    ),
    backendStore,
  },
  { required: ['targetCluster', 'resourceSelectors'] },
);

/** ResourceRegistryStatus. */
export const resourceRegistryStatus: ObjectSchema = obj({ conditions: arr(any) });
