/**
 * Karmada's DependencyPolicyConflict for `validate`, which schedules nothing: the claims with
 * propagateDeps that use one template stand for the bindings that would need it
 * (docs/karmada-compatibility.md#dependency-policy-conflicts). A plan reports it from its bindings.
 */
import { refOf } from '../../model/index.ts';
import type { Diagnostic, PropagationPolicy, SourceObject } from '../../model/index.ts';
import type { ResourceInterpreter } from '../../interpreter/index.ts';
import type { Claim } from '../detect/detect.ts';
import { dependencyPolicyConflict } from '../works/dependency-policy-conflict.ts';
import type { DependencyParent } from '../works/dependency-policy-conflict.ts';
import { conflictWarning } from '../works/dependencies.ts';
import { dependencyParents } from './unpropagated.ts';

function parentOf(template: SourceObject, policy: SourceObject<PropagationPolicy>): DependencyParent {
  const meta = policy.object.metadata;
  const scope = policy.object.kind === 'PropagationPolicy' ? `${meta.namespace ?? 'default'}/` : '';
  return {
    resource: refOf(template.object),
    policy: `${policy.object.kind}/${scope}${meta.name ?? ''}`,
    conflictResolution: policy.object.spec.conflictResolution ?? 'Abort',
    preserveResourcesOnDeletion: policy.object.spec.preserveResourcesOnDeletion ?? false,
  };
}

/** A warning for each dependency whose claiming workloads' policies disagree. */
export function dependencyConflictWarnings(claims: readonly Claim[], interpreter: ResourceInterpreter): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const { dependency, parents } of dependencyParents(claims, interpreter).values()) {
    const conflict = dependencyPolicyConflict(
      refOf(dependency.object),
      parents.flatMap((c) => (c.policy ? [parentOf(c.template, c.policy)] : [])),
    );
    if (conflict) out.push(conflictWarning(dependency, conflict));
  }
  return out;
}
