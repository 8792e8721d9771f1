/**
 * policyv1alpha1.Placement with Karmada's placement validation (pkg/util/validation,
 * docs/karmada-compatibility.md#placement): affinity terms, overflow tiers, spread constraints, replica scheduling.
 */
import { isRecord, type FieldPath } from '../../../model/index.ts';
import { error, invalidMessage, type IssueSink } from '../issues.ts';
import { checkLabelKey } from '../labels.ts';
import { isQualifiedName } from '../names.ts';
import { arr, int, obj, str, type Schema } from '../schema.ts';
import { clusterAffinity, clusterAffinityFields, toleration, weightTargetCluster } from './common.ts';

/** CRD bounds of affinityName (minLength 1, maxLength 32), then IsQualifiedName. */
function checkAffinityName(name: string, path: FieldPath, out: IssueSink): void {
  if (name.length < 1) return error(out, path, invalidMessage(name, 'should be at least 1 chars long'));
  if (name.length > 32) return error(out, path, invalidMessage(name, 'should be at most 32 chars long'));
  for (const msg of isQualifiedName(name)) error(out, path, invalidMessage(name, msg));
}

const affinityName = str({ check: checkAffinityName });

function hasInlineAffinity(term: Record<string, unknown>): boolean {
  return Object.keys(clusterAffinityFields).some((key) => {
    const value = term[key];
    return Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null;
  });
}

/** ValidateOverflowAffinities: tiers need the inline affinity; names unique and not the term's. */
function checkOverflow(term: Record<string, unknown>, path: FieldPath, out: IssueSink): void {
  const tiers = term['overflowAffinities'];
  if (!Array.isArray(tiers) || tiers.length === 0) return;
  if (!hasInlineAffinity(term)) {
    error(
      out,
      [...path, 'overflowAffinities'],
      'overflowAffinities can only be used together with the inline ClusterAffinity',
    );
  }
  const seen = new Set<unknown>([term['affinityName']]);
  tiers.forEach((tier, i) => {
    if (!isRecord(tier) || typeof tier['affinityName'] !== 'string') return;
    if (seen.has(tier['affinityName'])) {
      error(
        out,
        [...path, 'overflowAffinities', i, 'affinityName'],
        "overflow affinity name must be unique and must not duplicate the primary group's affinityName",
      );
    }
    seen.add(tier['affinityName']);
  });
}

/** ValidateClusterAffinities: each term's affinityName is unique within the policy. */
function checkTermNamesUnique(terms: unknown[], path: FieldPath, out: IssueSink): void {
  const seen = new Set<string>();
  terms.forEach((term, i) => {
    if (!isRecord(term) || typeof term['affinityName'] !== 'string') return;
    if (seen.has(term['affinityName'])) {
      error(out, [...path, i, 'affinityName'], 'each affinity term in a policy must have a unique name');
    }
    seen.add(term['affinityName']);
  });
}

const clusterAffinityTerm: Schema = obj(
  {
    affinityName,
    ...clusterAffinityFields,
    overflowAffinities: arr(obj({ affinityName, ...clusterAffinityFields }, { required: ['affinityName'] })),
  },
  { required: ['affinityName'], check: checkOverflow },
);

const SPREAD_FIELDS = ['cluster', 'region', 'zone', 'provider'] as const;

/** ValidateSpreadConstraint, one constraint. */
function checkSpreadConstraint(c: Record<string, unknown>, path: FieldPath, out: IssueSink): void {
  const min = typeof c['minGroups'] === 'number' ? c['minGroups'] : 0;
  const max = typeof c['maxGroups'] === 'number' ? c['maxGroups'] : 0;
  if (c['spreadByField'] && c['spreadByLabel']) {
    error(out, path, 'spreadByLabel should not co-exist with spreadByField');
  }
  if (min < 0) error(out, [...path, 'minGroups'], 'minGroups lower than 0 is not allowed');
  if (max < 0) error(out, [...path, 'maxGroups'], 'maxGroups lower than 0 is not allowed');
  if (max > 0 && max < min) error(out, [...path, 'maxGroups'], 'maxGroups lower than minGroups is not allowed');
  if (typeof c['spreadByLabel'] === 'string' && c['spreadByLabel']) {
    checkLabelKey(c['spreadByLabel'], [...path, 'spreadByLabel'], out);
  }
}

/** ValidateSpreadConstraint, the list: each field once; a `cluster` one whenever any field is used. */
function checkSpreadConstraints(list: unknown[], path: FieldPath, out: IssueSink): void {
  const seen = new Set<unknown>();
  list.forEach((c, i) => {
    const field = isRecord(c) ? c['spreadByField'] : undefined;
    if (!(SPREAD_FIELDS as readonly unknown[]).includes(field)) return;
    if (seen.has(field)) {
      error(out, [...path, i, 'spreadByField'], `multiple ${String(field)} spread constraints are not allowed`);
    }
    seen.add(field);
  });
  if (seen.size > 0 && !seen.has('cluster')) {
    error(
      out,
      path,
      'the cluster spread constraint must be enabled in one of the constraints in case of SpreadByField is enabled',
    );
  }
}

const spreadConstraint: Schema = obj(
  { spreadByField: str({ enum: SPREAD_FIELDS }), spreadByLabel: str(), minGroups: int(), maxGroups: int() },
  { check: checkSpreadConstraint },
);

const replicaScheduling: Schema = obj({
  replicaSchedulingType: str({ enum: ['Duplicated', 'Divided'] }),
  replicaDivisionPreference: str({ enum: ['Aggregated', 'Weighted'] }),
  weightPreference: obj({
    staticWeightList: arr(
      obj(
        { targetCluster: weightTargetCluster, weight: int({ minimum: 1 }) },
        { required: ['targetCluster', 'weight'] },
      ),
    ),
    dynamicWeight: str({ enum: ['AvailableReplicas'] }),
  }),
});

/** ValidateWorkloadAffinity (alpha): affinity and anti-affinity group by different keys. */
function checkWorkloadAffinity(w: Record<string, unknown>, path: FieldPath, out: IssueSink): void {
  const affinity = isRecord(w['affinity']) ? w['affinity']['groupByLabelKey'] : undefined;
  const anti = isRecord(w['antiAffinity']) ? w['antiAffinity']['groupByLabelKey'] : undefined;
  if (typeof affinity === 'string' && affinity === anti) {
    error(out, path, 'affinity and antiAffinity must not use the same groupByLabelKey');
  }
}

const workloadAffinityTerm = obj({ groupByLabelKey: str({ check: checkLabelKey }) }, { required: ['groupByLabelKey'] });

/** Overflow tiers only with Divided + Aggregated, or Divided + Weighted + dynamicWeight. */
function overflowAllowed(placement: Record<string, unknown>): boolean {
  const rs = placement['replicaScheduling'];
  if (!isRecord(rs) || rs['replicaSchedulingType'] !== 'Divided') return false;
  if (rs['replicaDivisionPreference'] === 'Aggregated') return true;
  const wp = rs['weightPreference'];
  return rs['replicaDivisionPreference'] === 'Weighted' && isRecord(wp) && !!wp['dynamicWeight'];
}

/** ValidatePlacement. */
function checkPlacement(p: Record<string, unknown>, path: FieldPath, out: IssueSink): void {
  const terms = p['clusterAffinities'];
  if (p['clusterAffinity'] !== undefined && p['clusterAffinity'] !== null && terms !== undefined && terms !== null) {
    error(out, path, 'clusterAffinities cannot co-exist with clusterAffinity');
  }
  if (!Array.isArray(terms) || overflowAllowed(p)) return;
  terms.forEach((term, i) => {
    if (isRecord(term) && Array.isArray(term['overflowAffinities']) && term['overflowAffinities'].length > 0) {
      error(
        out,
        [...path, 'clusterAffinities', i, 'overflowAffinities'],
        'overflowAffinities can only be used together with dynamic weight or aggregated scheduling',
      );
    }
  });
}

/** policyv1alpha1.Placement. */
export const placement: Schema = obj(
  {
    clusterAffinity,
    clusterAffinities: arr(clusterAffinityTerm, { check: checkTermNamesUnique }),
    clusterTolerations: arr(toleration),
    spreadConstraints: arr(spreadConstraint, { check: checkSpreadConstraints }),
    replicaScheduling,
    workloadAffinity: obj(
      { affinity: workloadAffinityTerm, antiAffinity: workloadAffinityTerm },
      { check: checkWorkloadAffinity },
    ),
  },
  { check: checkPlacement },
);
