/**
 * policy.karmada.io/v1alpha1 ClusterTaintPolicy and its admission rules: taints Karmada can act
 * on (NoSchedule, NoExecute; unique by key and effect), conditions over Cluster status values.
 */
import type { FieldPath } from '../../../model/index.ts';
import { error, invalidMessage, type IssueSink } from '../issues.ts';
import { checkLabelKey, checkLabelValue } from '../labels.ts';
import { arr, obj, str, type ObjectSchema } from '../schema.ts';
import { clusterAffinity } from './common.ts';

const matchCondition = obj(
  {
    conditionType: str(),
    operator: str({ enum: ['In', 'NotIn'] }),
    statusValues: arr(str({ enum: ['True', 'False', 'Unknown'] }), { minItems: 1 }),
  },
  { required: ['conditionType', 'operator', 'statusValues'] },
);

function checkTaint(t: Record<string, unknown>, path: FieldPath, out: IssueSink): void {
  if (typeof t['key'] === 'string') checkLabelKey(t['key'], [...path, 'key'], out);
  if (typeof t['value'] === 'string') checkLabelValue(t['value'], [...path, 'value'], out);
}

function checkTaintsUnique(taints: unknown[], path: FieldPath, out: IssueSink): void {
  const seen = new Set<string>();
  taints.forEach((t, i) => {
    if (typeof t !== 'object' || t === null) return;
    const { key, effect } = t as Record<string, unknown>;
    const id = `${String(key)}\u0000${String(effect)}`;
    if (seen.has(id)) {
      error(out, [...path, i], invalidMessage(`${String(key)}:${String(effect)}`, 'taints must be unique by key and effect pair'));
    }
    seen.add(id);
  });
}

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
