import { isRecord, type PropagationPolicy } from '../../model/index.ts';
import { defaultSelectorNamespaces, policyNamespace } from './selectors.ts';

type Json = Record<string, unknown>;

/** Whether a value is unset the way CRD defaulting sees it (absent or null). */
function unset(value: unknown): boolean {
  return value === undefined || value === null;
}

/** helper.SetDefaultSpreadConstraints: field `cluster` when no field or label; minGroups ≥ 1. */
function defaultSpreadConstraint(c: unknown): unknown {
  if (!isRecord(c)) return c;
  const out: Json = { ...c };
  if (!out['spreadByField'] && !out['spreadByLabel']) out['spreadByField'] = 'cluster';
  if (unset(out['minGroups']) || out['minGroups'] === 0) out['minGroups'] = 1;
  return out;
}

/** CRD default `Divided` when replicaScheduling exists; webhook default `Weighted` for Divided. */
function defaultReplicaScheduling(rs: Json): Json {
  const out: Json = { ...rs };
  if (unset(out['replicaSchedulingType'])) out['replicaSchedulingType'] = 'Divided';
  if (out['replicaSchedulingType'] === 'Divided' && !out['replicaDivisionPreference']) {
    out['replicaDivisionPreference'] = 'Weighted';
  }
  return out;
}

function defaultPlacement(placement: Json): Json {
  const out: Json = { ...placement };
  if (Array.isArray(out['spreadConstraints']))
    out['spreadConstraints'] = out['spreadConstraints'].map(defaultSpreadConstraint);
  if (isRecord(out['replicaScheduling'])) out['replicaScheduling'] = defaultReplicaScheduling(out['replicaScheduling']);
  return out;
}

/** CRD defaults purgeMode Gracefully and tolerationSeconds 300; webhook default grace 600. */
function defaultFailover(failover: Json): Json {
  const out: Json = { ...failover };
  if (isRecord(out['application'])) {
    const app: Json = { ...out['application'] };
    const conditions: Json = isRecord(app['decisionConditions']) ? { ...app['decisionConditions'] } : {};
    if (unset(conditions['tolerationSeconds'])) conditions['tolerationSeconds'] = 300;
    app['decisionConditions'] = conditions;
    if (unset(app['purgeMode'])) app['purgeMode'] = 'Gracefully';
    if (app['purgeMode'] === 'Gracefully' && unset(app['gracePeriodSeconds'])) app['gracePeriodSeconds'] = 600;
    out['application'] = app;
  }
  if (isRecord(out['cluster']) && unset(out['cluster']['purgeMode'])) {
    out['cluster'] = { ...out['cluster'], purgeMode: 'Gracefully' };
  }
  return out;
}

const SPEC_DEFAULTS: Readonly<Json> = {
  priority: 0,
  preemption: 'Never',
  conflictResolution: 'Abort',
  schedulerName: 'default-scheduler',
};

/**
 * The webhook forces propagateDeps for ServiceImport selectors (docs/karmada-compatibility.md#propagation-policies).
 */
function selectsServiceImport(selectors: unknown): boolean {
  return (
    Array.isArray(selectors) &&
    selectors.some(
      (s: unknown) =>
        isRecord(s) && s['apiVersion'] === 'multicluster.x-k8s.io/v1alpha1' && s['kind'] === 'ServiceImport',
    )
  );
}

/**
 * Karmada's admission-webhook and CRD defaults for a PropagationPolicy or
 * ClusterPropagationPolicy (docs/karmada-compatibility.md#propagation-policies, #defaults-and-admission). Permanent-id
 * labels and finalizers are Karmada's bookkeeping and are not added. Returns a new object; the input is not changed,
 * and parts it does not default are shared with it.
 */
export function defaultPropagationPolicy(p: PropagationPolicy): PropagationPolicy {
  if (!isRecord(p.spec)) return { ...p };
  const spec: Json = { ...p.spec };
  for (const [key, value] of Object.entries(SPEC_DEFAULTS)) if (unset(spec[key])) spec[key] = value;
  if (p.kind === 'PropagationPolicy') {
    spec['resourceSelectors'] = defaultSelectorNamespaces(spec['resourceSelectors'], policyNamespace(p.metadata));
  }
  if (selectsServiceImport(spec['resourceSelectors'])) spec['propagateDeps'] = true;
  if (isRecord(spec['placement'])) spec['placement'] = defaultPlacement(spec['placement']);
  if (isRecord(spec['failover'])) spec['failover'] = defaultFailover(spec['failover']);
  return { ...p, spec: spec as unknown as PropagationPolicy['spec'] };
}
