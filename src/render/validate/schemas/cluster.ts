/**
 * cluster.karmada.io/v1alpha1 Cluster: spec (semantics §1.7) and the `status` stanza Flotilla
 * reads for offline planning (interfaces.md §1.1), with well-formed resource quantities.
 */
import { arr, bool, int, map, obj, quantity, str, stringMap, strings, type ObjectSchema } from '../schema.ts';
import { taints } from './common.ts';

const secretRef = obj({ namespace: str(), name: str() });

export const clusterSpec: ObjectSchema = obj({
  id: str(),
  syncMode: str({ enum: ['Push', 'Pull'] }),
  apiEndpoint: str(),
  secretRef,
  impersonatorSecretRef: secretRef,
  insecureSkipTLSVerification: bool,
  proxyURL: str(),
  proxyHeader: stringMap,
  provider: str(),
  region: str(),
  zone: str(),
  zones: strings,
  taints,
  resourceModels: arr(
    obj(
      {
        grade: int({ minimum: 0 }),
        ranges: arr(obj({ name: str(), min: quantity, max: quantity }, { required: ['name', 'min', 'max'] })),
      },
      { required: ['grade', 'ranges'] },
    ),
  ),
});

const resourceList = map(quantity);

export const clusterStatus: ObjectSchema = obj({
  kubernetesVersion: str(),
  apiEnablements: arr(
    obj(
      { groupVersion: str(), resources: arr(obj({ name: str(), kind: str() }, { required: ['name', 'kind'] })) },
      { required: ['groupVersion'] },
    ),
  ),
  conditions: arr(
    obj(
      {
        type: str(),
        status: str({ enum: ['True', 'False', 'Unknown'] }),
        reason: str(),
        message: str(),
        lastTransitionTime: str(),
        observedGeneration: int(),
      },
      { required: ['type', 'status'] },
    ),
  ),
  nodeSummary: obj({ totalNum: int({ minimum: 0 }), readyNum: int({ minimum: 0 }) }),
  resourceSummary: obj({
    allocatable: resourceList,
    allocating: resourceList,
    allocated: resourceList,
    allocatableModelings: arr(
      obj({ grade: int({ minimum: 0 }), count: int({ minimum: 0 }) }, { required: ['grade', 'count'] }),
    ),
  }),
  remedyActions: strings,
});
