/**
 * policy.karmada.io/v1alpha1 ClusterTaintPolicy and its admission rules: taints Karmada can act
 * on (NoSchedule, NoExecute; unique by key and effect), conditions over Cluster status values.
 */
import { arr, obj, str, type ObjectSchema } from '../schema.ts';
import { checkTaint, checkTaintsUnique, clusterAffinity } from './common.ts';

const matchCondition = obj(
  {
    conditionType: str(),
    operator: str({ enum: ['In', 'NotIn'] }),
    statusValues: arr(str({ enum: ['True', 'False', 'Unknown'] }), { minItems: 1 }),
  },
  { required: ['conditionType', 'operator', 'statusValues'] },
);

/** ClusterTaintPolicySpec. */
export const clusterTaintPolicySpec: ObjectSchema = obj(
  {
    targetClusters: clusterAffinity,
    addOnConditions: arr(matchCondition),
    removeOnConditions: arr(matchCondition),
    taints: arr(
      obj(
        { key: str(), effect: str({ enum: ['NoSchedule', 'NoExecute'] }), value: str() },
        { required: ['key', 'effect'], check: checkTaint },
      ),
      { minItems: 1, check: checkTaintsUnique },
    ),
  },
  { required: ['taints'] },
);
