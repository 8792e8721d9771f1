/**
 * Types shared by several Karmada kinds: ResourceSelector, ClusterAffinity (with Karmada's
 * fieldSelector rules), core/v1 Toleration and Taint (docs/karmada-compatibility.md#resource-selectors, #placement,
 * #clusters).
 */
import { parseRfc3339 } from '../../../model/index.ts';
import type { FieldPath } from '../../../model/index.ts';
import { error, invalidMessage, unsupportedMessage, warning, type IssueSink } from '../issues.ts';
import { checkLabelKey, checkLabelValue, clusterLabelSelector, labelSelector, type Report } from '../labels.ts';
import { isValidLabelValue } from '../names.ts';
import { arr, int, obj, str, strings, type ObjectSchema, type Schema } from '../schema.ts';

const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] as const;
const CLUSTER_TAINT_EFFECTS = ['NoSchedule', 'NoExecute'] as const;

/** policyv1alpha1.ResourceSelector. */
export const resourceSelector: Schema = obj(
  { apiVersion: str(), kind: str(), namespace: str(), name: str(), labelSelector },
  { required: ['apiVersion', 'kind'] },
);

const FIELD_SELECTOR_KEYS = ['provider', 'region', 'zone'];

/** ValidatePolicyFieldSelector (pkg/util/validation): keys provider/region/zone, In or NotIn. */
function fieldRequirementCheck(
  report: Report,
): (req: Record<string, unknown>, path: FieldPath, out: IssueSink) => void {
  return (req, path, out) => {
    const { key, operator } = req;
    if (typeof key === 'string' && !FIELD_SELECTOR_KEYS.includes(key)) {
      report(out, [...path, 'key'], `unsupported key ${JSON.stringify(key)}, must be provider, region, or zone`);
    }
    if (typeof operator === 'string' && operator !== 'In' && operator !== 'NotIn') {
      report(out, [...path, 'operator'], `unsupported operator ${JSON.stringify(operator)}, must be In or NotIn`);
    }
    checkFieldValues(req, path, out);
  };
}

/**
 * Karmada accepts any values, but cannot build a requirement from an empty In/NotIn list or an
 * invalid label value: such an expression matches no cluster (scheduler/cluster-affinity.ts).
 * Zone expressions are never built into a selector (Karmada compares them with the zones
 * itself), so any values work there.
 */
function checkFieldValues(req: Record<string, unknown>, path: FieldPath, out: IssueSink): void {
  if (req['key'] === 'zone') return;
  const values = Array.isArray(req['values']) ? req['values'] : [];
  const noMatch = '; this field selector matches no cluster';
  if ((req['operator'] === 'In' || req['operator'] === 'NotIn') && values.length === 0) {
    warning(
      out,
      [...path, 'values'],
      `Required value: must be specified when \`operator\` is 'In' or 'NotIn'${noMatch}`,
    );
  }
  values.forEach((value: unknown, i) => {
    if (typeof value !== 'string') return;
    for (const msg of isValidLabelValue(value))
      warning(out, [...path, 'values', i], invalidMessage(value, msg) + noMatch);
  });
}

const affinityOf = (report: Report): ObjectSchema =>
  obj({
    labelSelector: clusterLabelSelector,
    fieldSelector: obj({
      matchExpressions: arr(
        obj(
          { key: str(), operator: str(), values: strings },
          { required: ['key', 'operator'], check: fieldRequirementCheck(report) },
        ),
      ),
    }),
    clusterNames: strings,
    exclude: strings,
  });

/** policyv1alpha1.ClusterAffinity where Karmada validates it (placement, terms, override targets). */
export const clusterAffinity = affinityOf(error);

/** The fields of a validated ClusterAffinity, to be inlined into terms and tiers. */
export const clusterAffinityFields = clusterAffinity.fields;

/**
 * A static weight's targetCluster: Karmada does not validate its fieldSelector, so what it would
 * reject elsewhere is only a warning here (such an expression matches no cluster, or every one).
 */
export const weightTargetCluster = affinityOf(warning);

/**
 * Karmada validates clusterTolerations only by refusing the Lt and Gt operators; everything else
 * is stored and read the way core/v1 ToleratesTaint reads it (an empty operator means Equal, an
 * empty key with Equal tolerates any taint whose value equals the toleration's). What can then never tolerate
 * a taint is a warning.
 */
function checkToleration(t: Record<string, unknown>, path: FieldPath, out: IssueSink): void {
  const operator = t['operator'] ?? '';
  const effect = typeof t['effect'] === 'string' ? t['effect'] : '';
  if (operator === 'Lt' || operator === 'Gt') {
    error(out, [...path, 'operator'], unsupportedMessage(operator, ['Equal', 'Exists']));
  } else if (typeof operator === 'string' && !['', 'Equal', 'Exists'].includes(operator)) {
    warning(
      out,
      [...path, 'operator'],
      invalidMessage(operator, 'not Equal or Exists: this toleration tolerates no taint'),
    );
  }
  if (effect && !(TAINT_EFFECTS as readonly string[]).includes(effect)) {
    warning(
      out,
      [...path, 'effect'],
      `${unsupportedMessage(effect, TAINT_EFFECTS)}: this toleration tolerates no taint`,
    );
  }
}

/** core/v1 Toleration as a placement's clusterTolerations holds it. */
export const toleration: Schema = obj(
  { key: str(), operator: str(), value: str(), effect: str(), tolerationSeconds: int() },
  { check: checkToleration },
);

/** A taint's key and value follow the label rules. */
export function checkTaint(t: Record<string, unknown>, path: FieldPath, out: IssueSink): void {
  if (typeof t['key'] === 'string') checkLabelKey(t['key'], [...path, 'key'], out);
  if (typeof t['value'] === 'string') checkLabelValue(t['value'], [...path, 'value'], out);
}

/** corevalidation.validateNodeTaints: key + effect unique. */
export function checkTaintsUnique(taints: unknown[], path: FieldPath, out: IssueSink): void {
  const seen = new Set<string>();
  taints.forEach((t, i) => {
    if (typeof t !== 'object' || t === null) return;
    const { key, effect } = t as Record<string, unknown>;
    const id = `${String(key)}\u0000${String(effect)}`;
    if (seen.has(id)) {
      error(
        out,
        [...path, i],
        invalidMessage(`${String(key)}:${String(effect)}`, 'taints must be unique by key and effect pair'),
      );
    }
    seen.add(id);
  });
}

/** metav1.Time: RFC 3339 (a taint's timeAdded starts its tolerationSeconds). */
function checkTime(value: string, path: FieldPath, out: IssueSink): void {
  if (parseRfc3339(value) === undefined)
    error(out, path, invalidMessage(value, 'must be an RFC 3339 date-time, e.g. 2026-01-02T15:04:05Z'));
}

/** A Cluster's taints; Karmada refuses PreferNoSchedule there, which its scheduler would ignore. */
export const taints: Schema = arr(
  obj(
    { key: str(), value: str(), effect: str({ enum: CLUSTER_TAINT_EFFECTS }), timeAdded: str({ check: checkTime }) },
    { required: ['key', 'effect'], check: checkTaint },
  ),
  { check: checkTaintsUnique },
);
