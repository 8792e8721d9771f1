/** search.karmada.io/v1alpha1 ResourceRegistry: which kinds the search cache collects from which clusters. */
import { any, arr, obj, str, type ObjectSchema } from '../schema.ts';
import { clusterAffinity } from './common.ts';

/** ResourceRegistrySpec. */
export const resourceRegistrySpec: ObjectSchema = obj(
  {
    targetCluster: clusterAffinity,
    resourceSelectors: arr(
      obj({ apiVersion: str(), kind: str(), namespace: str() }, { required: ['apiVersion', 'kind'] }),
    ),
  },
  { required: ['targetCluster', 'resourceSelectors'] },
);

/** ResourceRegistryStatus. */
export const resourceRegistryStatus: ObjectSchema = obj({ conditions: arr(any) });
