/**
 * PropagationPolicy / ClusterPropagationPolicy spec (policyv1alpha1.PropagationSpec) with
 * ValidatePropagationSpec's rules (pkg/util/validation, docs/karmada-compatibility.md#propagation-policies).
 */
import { isRecord, type FieldPath } from '../../../model/index.ts';
import { error, invalidMessage, type IssueSink } from '../issues.ts';
import { checkLabelKey } from '../labels.ts';
import { arr, bool, int, obj, str, strings, type ObjectSchema, type Schema } from '../schema.ts';
import { resourceSelector } from './common.ts';
import { placement } from './placement.ts';

const statePreservation: Schema = obj(
  {
    rules: arr(
      obj(
        { aliasLabelName: str({ check: checkLabelKey }), jsonPath: str() },
        { required: ['aliasLabelName', 'jsonPath'] },
      ),
      { minItems: 1 },
    ),
  },
  { required: ['rules'] },
);

/** ValidateApplicationFailover, on the defaulted object (purgeMode and grace period filled in). */
function checkApplicationFailover(app: Record<string, unknown>, path: FieldPath, out: IssueSink): void {
  const conditions = app['decisionConditions'];
  const toleration = isRecord(conditions) ? conditions['tolerationSeconds'] : undefined;
  if (typeof toleration === 'number' && toleration < 0) {
    error(
      out,
      [...path, 'decisionConditions', 'tolerationSeconds'],
      invalidMessage(toleration, 'must be greater than or equal to 0'),
    );
  }
  const grace = app['gracePeriodSeconds'];
  if (typeof grace !== 'number') return;
  if (app['purgeMode'] !== 'Gracefully') {
    error(
      out,
      [...path, 'gracePeriodSeconds'],
      invalidMessage(grace, 'only takes effect when purgeMode is gracefully'),
    );
  } else if (grace <= 0) {
    error(out, [...path, 'gracePeriodSeconds'], invalidMessage(grace, 'must be greater than 0'));
  }
}

const failover: Schema = obj({
  application: obj(
    {
      decisionConditions: obj({ tolerationSeconds: int() }),
      purgeMode: str({ enum: ['Directly', 'Gracefully', 'Never'] }),
      gracePeriodSeconds: int(),
      statePreservation,
    },
    { check: checkApplicationFailover },
  ),
  cluster: obj({ purgeMode: str({ enum: ['Directly', 'Gracefully'] }), statePreservation }),
});

/** validateSuspension. */
function checkSuspension(s: Record<string, unknown>, path: FieldPath, out: IssueSink): void {
  const onClusters = s['dispatchingOnClusters'];
  const names = isRecord(onClusters) ? onClusters['clusterNames'] : undefined;
  if (s['dispatching'] === true && Array.isArray(names) && names.length > 0) {
    error(out, path, 'suspension dispatching cannot co-exist with dispatchingOnClusters.clusterNames');
  }
}

/**
 * Karmada's rule (docs/karmada-compatibility.md#propagation-policies): only Kubernetes PriorityClasses can be a
 * schedule priority source.
 */
function checkPrioritySource(source: string, path: FieldPath, out: IssueSink): void {
  if (source !== 'KubePriorityClass') {
    error(out, path, invalidMessage(source, 'not supported yet, only KubePriorityClass is supported'));
  }
}

/** ValidatePropagationSpec's cross-field rules. */
function checkSpec(spec: Record<string, unknown>, path: FieldPath, out: IssueSink): void {
  const fo = spec['failover'];
  if (isRecord(fo) && isRecord(fo['application']) && spec['propagateDeps'] !== true) {
    error(
      out,
      [...path, 'propagateDeps'],
      invalidMessage(spec['propagateDeps'] ?? false, 'application failover is set, propagateDeps must be true'),
    );
  }
  const selectors = spec['resourceSelectors'];
  if (spec['preemption'] !== 'Always' || !Array.isArray(selectors)) return;
  selectors.forEach((sel, i) => {
    if (isRecord(sel) && !sel['name']) {
      error(
        out,
        [...path, 'resourceSelectors', i, 'name'],
        invalidMessage(
          '',
          'name cannot be empty if preemption is Always, the empty name may cause unexpected resources preemption',
        ),
      );
    }
  });
}

/** policyv1alpha1.PropagationSpec. */
export const propagationSpec: ObjectSchema = obj(
  {
    resourceSelectors: arr(resourceSelector, { minItems: 1 }),
    association: bool,
    propagateDeps: bool,
    placement,
    priority: int(),
    preemption: str({ enum: ['Always', 'Never'] }),
    dependentOverrides: strings,
    schedulerName: str(),
    failover,
    conflictResolution: str({ enum: ['Abort', 'Overwrite'] }),
    activationPreference: str({ enum: ['', 'Lazy'] }),
    suspension: obj(
      { dispatching: bool, dispatchingOnClusters: obj({ clusterNames: strings }) },
      { check: checkSuspension },
    ),
    preserveResourcesOnDeletion: bool,
    schedulePriority: obj(
      {
        priorityClassSource: str({
          enum: ['KubePriorityClass', 'PodPriorityClass', 'FederatedPriorityClass'],
          check: checkPrioritySource,
        }),
        priorityClassName: str(),
      },
      { required: ['priorityClassName'] },
    ),
  },
  { required: ['resourceSelectors'], check: checkSpec },
);
