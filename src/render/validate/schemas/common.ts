/**
 * Types shared by several Karmada kinds: ResourceSelector, ClusterAffinity (with Karmada's
 * fieldSelector rules), core/v1 Toleration and Taint (semantics §1.2, §1.4, §1.7).
 */
import { parseRfc3339 } from '../../../model/index.ts';
import type { FieldPath } from '../../../model/index.ts';
import { error, invalidMessage, unsupportedMessage, warning, type IssueSink } from '../issues.ts';
import { checkLabelKey, checkLabelValue, labelSelector } from '../labels.ts';
import { arr, int, obj, str, strings, type ObjectSchema, type Schema } from '../schema.ts';

const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] as const;

/** policyv1alpha1.ResourceSelector. */
export const resourceSelector: Schema = obj(
  { apiVersion: str(), kind: str(), namespace: str(), name: str(), labelSelector },
  { required: ['apiVersion', 'kind'] },
);

const FIELD_SELECTOR_KEYS = ['provider', 'region', 'zone'];

type Report = (out: IssueSink, path: FieldPath, message: string) => void;

/** ValidatePolicyFieldSelector (pkg/util/validation): keys provider/region/zone, In or NotIn. */
function fieldRequirementCheck(report: Report): (req: Record<string, unknown>, path: FieldPath, out: IssueSink) => void {
  return (req, path, out) => {
    const { key, operator } = req;
    if (typeof key === 'string' && !FIELD_SELECTOR_KEYS.includes(key)) {
      report(out, [...path, 'key'], `unsupported key ${JSON.stringify(key)}, must be provider, region, or zone`);
    }
    if (typeof operator === 'string' && operator !== 'In' && operator !== 'NotIn') {
      report(out, [...path, 'operator'], `unsupported operator ${JSON.stringify(operator)}, must be In or NotIn`);
    }
  };
}

const affinityOf = (report: Report): ObjectSchema =>
  obj({
    labelSelector,
    fieldSelector: obj({
      matchExpressions: arr(
        obj({ key: str(), operator: str(), values: strings }, { required: ['key', 'operator'], check: fieldRequirementCheck(report) }),
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

/** corevalidation.ValidateTolerations, plus Karmada's rejection of Lt/Gt (operator enum). */
function checkToleration(t: Record<string, unknown>, path: FieldPath, out: IssueSink): void {
  const key = typeof t['key'] === 'string' ? t['key'] : '';
  const operator = t['operator'] ?? '';
  const value = typeof t['value'] === 'string' ? t['value'] : '';
  const effect = typeof t['effect'] === 'string' ? t['effect'] : '';
  if (key) checkLabelKey(key, [...path, 'key'], out);
  if (!key && operator !== 'Exists') {
    error(
      out,
      [...path, 'operator'],
      invalidMessage(operator, 'operator must be Exists when `key` is empty, which means "match all values and all keys"'),
    );
  }
  if (t['tolerationSeconds'] !== undefined && t['tolerationSeconds'] !== null && effect !== 'NoExecute') {
    error(out, [...path, 'effect'], invalidMessage(effect, "effect must be 'NoExecute' when `tolerationSeconds` is set"));
  }
  if (operator === 'Equal' || operator === '') checkLabelValue(value, [...path, 'value'], out);
  if (operator === 'Exists' && value) {
    error(out, [...path, 'value'], invalidMessage(value, "value must be empty when `operator` is 'Exists'"));
  }
  if (effect && !(TAINT_EFFECTS as readonly string[]).includes(effect)) {
    error(out, [...path, 'effect'], unsupportedMessage(effect, TAINT_EFFECTS));
  }
}

/** core/v1 Toleration; Karmada's validation supports only the Equal and Exists operators. */
export const toleration: Schema = obj(
  { key: str(), operator: str({ enum: ['Equal', 'Exists'] }), value: str(), effect: str(), tolerationSeconds: int() },
  { check: checkToleration },
);

function checkTaint(t: Record<string, unknown>, path: FieldPath, out: IssueSink): void {
  if (typeof t['key'] === 'string') checkLabelKey(t['key'], [...path, 'key'], out);
  if (typeof t['value'] === 'string') checkLabelValue(t['value'], [...path, 'value'], out);
}

/** corevalidation.validateNodeTaints: key + effect unique. */
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

/** metav1.Time: RFC 3339 (a taint's timeAdded starts its tolerationSeconds). */
function checkTime(value: string, path: FieldPath, out: IssueSink): void {
  if (parseRfc3339(value) === undefined) error(out, path, invalidMessage(value, 'must be an RFC 3339 date-time, e.g. 2026-01-02T15:04:05Z'));
}

/** core/v1 Taint list. */
export const taints: Schema = arr(
  obj(
    { key: str(), value: str(), effect: str({ enum: TAINT_EFFECTS }), timeAdded: str({ check: checkTime }) },
    { required: ['key', 'effect'], check: checkTaint },
  ),
  { check: checkTaintsUnique },
);
