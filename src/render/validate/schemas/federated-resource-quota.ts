/**
 * policy.karmada.io/v1alpha1 FederatedResourceQuota and its admission rules: each cluster
 * assigned once, only resources the overall quota names, and no resource assigned beyond it.
 */
import { isRecord, quantityAsMilli, type FieldPath } from '../../../model/index.ts';
import { error, invalidMessage, type IssueSink } from '../issues.ts';
import { arr, map, obj, quantity, str, type ObjectSchema } from '../schema.ts';

const resourceList = map(quantity);

function milli(value: unknown): number | undefined {
  return typeof value === 'string' || typeof value === 'number' ? quantityAsMilli(value) : undefined;
}

function checkAssignments(spec: Record<string, unknown>, path: FieldPath, out: IssueSink): void {
  const overall = isRecord(spec['overall']) ? spec['overall'] : {};
  const assignments = Array.isArray(spec['staticAssignments']) ? spec['staticAssignments'] : [];
  const clusters = new Set<unknown>();
  const assigned = new Map<string, number>();
  assignments.forEach((a: unknown, i) => {
    if (!isRecord(a)) return;
    const at = [...path, 'staticAssignments', i];
    if (clusters.has(a['clusterName'])) {
      error(out, [...at, 'clusterName'], invalidMessage(a['clusterName'], 'each cluster may be assigned only once'));
    }
    clusters.add(a['clusterName']);
    if (!isRecord(a['hard'])) return;
    for (const [name, value] of Object.entries(a['hard'])) {
      if (!Object.hasOwn(overall, name)) {
        error(
          out,
          [...at, 'hard', name],
          invalidMessage(name, 'a static assignment may only limit resources spec.overall limits'),
        );
        continue;
      }
      assigned.set(name, (assigned.get(name) ?? 0) + (milli(value) ?? 0));
    }
  });
  for (const [name, total] of assigned) {
    const limit = milli(overall[name]);
    if (limit !== undefined && total > limit) {
      error(
        out,
        [...path, 'overall', name],
        invalidMessage(overall[name], 'must not be less than the sum of the static assignments of this resource'),
      );
    }
  }
}

/** FederatedResourceQuotaSpec. */
export const federatedResourceQuotaSpec: ObjectSchema = obj(
  {
    overall: resourceList,
    staticAssignments: arr(obj({ clusterName: str(), hard: resourceList }, { required: ['clusterName', 'hard'] })),
  },
  { required: ['overall'], check: checkAssignments },
);

/** FederatedResourceQuotaStatus, which a manifest may carry from a Karmada export. */
export const federatedResourceQuotaStatus: ObjectSchema = obj({
  overall: resourceList,
  overallUsed: resourceList,
  aggregatedStatus: arr(
    obj({ clusterName: str(), hard: resourceList, used: resourceList }, { required: ['clusterName'] }),
  ),
});
