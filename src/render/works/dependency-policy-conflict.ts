/**
 * Karmada's dependencies distributor when the bindings that need one dependency disagree
 * (docs/karmada-compatibility.md#dependency-policy-conflicts): the dependency may overwrite when
 * any of them may, and is preserved on deletion when any of them preserves, and a
 * DependencyPolicyConflict warning names the fields they disagree on.
 */
import { compareBytes, describeRef, refKey } from '../../model/index.ts';
import type { ConflictResolution, ObjectRef } from '../../model/index.ts';

/** One binding (or, for `validate`, one claim) that needs the dependency. */
export interface DependencyParent {
  resource: ObjectRef;
  /** The claiming policy, as messages name it: `PropagationPolicy/ns/name`. */
  policy: string;
  conflictResolution: ConflictResolution;
  preserveResourcesOnDeletion: boolean;
}

/** What the dependency's own binding gets: any Overwrite wins, any preserve wins. */
export function resolveDependencyPolicy(parents: readonly DependencyParent[]): {
  overwrite: boolean;
  preserve: boolean;
} {
  return {
    overwrite: parents.some((p) => p.conflictResolution === 'Overwrite'),
    preserve: parents.some((p) => p.preserveResourcesOnDeletion),
  };
}

/** The warning's text for the dependency `dependency`, or undefined when its parents agree. */
export function dependencyPolicyConflict(
  dependency: ObjectRef,
  parents: readonly DependencyParent[],
): string | undefined {
  const resolved = resolveDependencyPolicy(parents);
  const reasons: string[] = [];
  if (resolved.overwrite && parents.some((p) => p.conflictResolution !== 'Overwrite'))
    reasons.push('ConflictResolution conflicted (Overwrite vs Abort)');
  if (resolved.preserve && parents.some((p) => !p.preserveResourcesOnDeletion))
    reasons.push('PreserveResourcesOnDeletion conflicted (true vs false)');
  if (reasons.length === 0) return undefined;
  const by = [...parents]
    .sort((a, b) => compareBytes(refKey(a.resource), refKey(b.resource)))
    .map(
      (p) =>
        `${describeRef(p.resource)} (${p.policy}: conflictResolution ${p.conflictResolution}, preserveResourcesOnDeletion ${p.preserveResourcesOnDeletion})`,
    );
  return (
    `${describeRef(dependency)}: DependencyPolicyConflict: Dependency policy conflict detected: ${reasons.join('; ')}. ` +
    `Needed by ${by.join(' and ')}; it is propagated with conflictResolution ${resolved.overwrite ? 'Overwrite' : 'Abort'} ` +
    `and preserveResourcesOnDeletion ${resolved.preserve}`
  );
}
