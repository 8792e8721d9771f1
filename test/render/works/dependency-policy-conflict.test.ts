import { describe, expect, it } from 'vitest';
import type { ConflictResolution } from '../../../src/model/index.ts';
import { dependencyPolicyConflict, resolveDependencyPolicy } from '../../../src/render/works/dependency-policy-conflict.ts';

/**
 * Karmada's dependencies distributor over the bindings that need one dependency
 * (pkg/dependenciesdistributor/dependencies_distributor_conflict.go): any Overwrite gives Overwrite,
 * any preserve gives preserve, and a disagreement is a DependencyPolicyConflict warning.
 */
const parent = (name: string, conflictResolution: ConflictResolution, preserveResourcesOnDeletion: boolean) => ({
  resource: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name },
  policy: `PropagationPolicy/default/${name}`,
  conflictResolution,
  preserveResourcesOnDeletion,
});
const config = { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name: 'shared-config' };

describe('dependency policy conflicts (docs/karmada-compatibility.md#dependency-policy-conflicts)', () => {
  it.each([
    ['one parent', [parent('a', 'Overwrite', true)], { overwrite: true, preserve: true }, undefined],
    ['parents that agree on the defaults', [parent('a', 'Abort', false), parent('b', 'Abort', false)], { overwrite: false, preserve: false }, undefined],
    [
      'parents that agree on Overwrite and preserve',
      [parent('a', 'Overwrite', true), parent('b', 'Overwrite', true)],
      { overwrite: true, preserve: true },
      undefined,
    ],
    [
      'conflictResolution disagrees: Overwrite wins',
      [parent('b', 'Abort', false), parent('a', 'Overwrite', false)],
      { overwrite: true, preserve: false },
      'ConfigMap/default/shared-config: DependencyPolicyConflict: Dependency policy conflict detected: ConflictResolution conflicted (Overwrite vs Abort). Needed by Deployment/default/a (PropagationPolicy/default/a: conflictResolution Overwrite, preserveResourcesOnDeletion false) and Deployment/default/b (PropagationPolicy/default/b: conflictResolution Abort, preserveResourcesOnDeletion false); it is propagated with conflictResolution Overwrite and preserveResourcesOnDeletion false',
    ],
    [
      'preserveResourcesOnDeletion disagrees: true wins',
      [parent('a', 'Abort', true), parent('b', 'Abort', false)],
      { overwrite: false, preserve: true },
      'ConfigMap/default/shared-config: DependencyPolicyConflict: Dependency policy conflict detected: PreserveResourcesOnDeletion conflicted (true vs false). Needed by Deployment/default/a (PropagationPolicy/default/a: conflictResolution Abort, preserveResourcesOnDeletion true) and Deployment/default/b (PropagationPolicy/default/b: conflictResolution Abort, preserveResourcesOnDeletion false); it is propagated with conflictResolution Abort and preserveResourcesOnDeletion true',
    ],
    [
      'both disagree: both named, in Karmada order',
      [parent('a', 'Overwrite', false), parent('b', 'Abort', true)],
      { overwrite: true, preserve: true },
      expect.stringContaining(
        'Dependency policy conflict detected: ConflictResolution conflicted (Overwrite vs Abort); PreserveResourcesOnDeletion conflicted (true vs false). ',
      ),
    ],
  ])('%s', (_name, parents, resolved, warning) => {
    expect(resolveDependencyPolicy(parents)).toEqual(resolved);
    expect(dependencyPolicyConflict(config, parents)).toEqual(warning);
  });
});
