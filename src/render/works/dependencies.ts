import { describeRef, matchLabelSelector, refKey, refOf } from '../../model/index.ts';
import type { Diagnostic, SourceObject } from '../../model/index.ts';
import type { DependentObjectReference, ResourceInterpreter } from '../../interpreter/index.ts';
import { interpreterFailure } from '../interpreter-failure.ts';
import { dependencyPolicyConflict, resolveDependencyPolicy } from './dependency-policy-conflict.ts';
import type { DependencyParent } from './dependency-policy-conflict.ts';
import type { TemplateBinding } from './template-binding.ts';

/** A dependency and the clusters of every binding that needs it (Karmada's requiredBy). */
export interface RequiredDependency {
  template: SourceObject;
  clusters: Set<string>;
  requiredBy: Set<string>;
  /** The bindings that need it, with their conflictResolution and preserveResourcesOnDeletion. */
  parents: DependencyParent[];
  /**
   * Overwrite when any binding that needs it may overwrite unmanaged objects
   * (docs/karmada-compatibility.md#dependencies).
   */
  overwrite: boolean;
  /**
   * Preserved on deletion when any binding that needs it is
   * (docs/karmada-compatibility.md#dependency-policy-conflicts).
   */
  preserve: boolean;
}

function resolve(ref: DependentObjectReference, byKind: Map<string, SourceObject[]>): SourceObject[] {
  const candidates = byKind.get(`${ref.apiVersion}/${ref.kind}/${ref.namespace}`) ?? [];
  if (ref.name) return candidates.filter((t) => t.object.metadata.name === ref.name);
  const selector = ref.labelSelector;
  return selector ? candidates.filter((t) => matchLabelSelector(selector, t.object.metadata.labels)) : [];
}

/**
 * Karmada's dependencies distributor (docs/karmada-compatibility.md#dependencies): for each namespaced binding with
 * propagateDeps, the ConfigMaps, Secrets, ServiceAccounts and PVCs its template uses follow it
 * to its clusters. Dependencies are resolved in the same commit; a missing one is skipped with
 * a warning, as Karmada skips objects absent from its control plane
 * (docs/karmada-compatibility.md#dependencies-from-the-same-commit). When the interpreter fails on a template, only its
 * dependencies are left out (with an error, which also holds back prune): the template itself still renders, as
 * Karmada's distributor is apart from its Work.
 */
export function resolveDependencies(
  bindings: readonly TemplateBinding[],
  interpreter: ResourceInterpreter,
): { required: Map<string, RequiredDependency>; diagnostics: Diagnostic[] } {
  const byKind = new Map<string, SourceObject[]>();
  for (const { template } of bindings) {
    const key = `${template.object.apiVersion}/${template.object.kind}/${template.object.metadata.namespace ?? ''}`;
    (byKind.get(key) ?? byKind.set(key, []).get(key)!).push(template);
  }
  const required = new Map<string, RequiredDependency>();
  const diagnostics: Diagnostic[] = [];
  for (const { template, binding } of bindings) {
    if (!binding?.propagateDeps || binding.clusters.length === 0 || !template.object.metadata.namespace) continue;
    const owner = refKey(binding.resource);
    let refs: DependentObjectReference[];
    try {
      refs = interpreter.getDependencies(template.object);
    } catch (error) {
      diagnostics.push(interpreterFailure(template, error, 'its dependencies are not propagated with it'));
      continue;
    }
    for (const ref of refs) {
      const found = resolve(ref, byKind);
      if (found.length === 0 && ref.name) {
        diagnostics.push({
          ...template.origin,
          severity: 'warning',
          message: `${ref.kind}/${ref.namespace}/${ref.name}, which ${template.object.kind}/${template.object.metadata.namespace}/${template.object.metadata.name} uses, is not in the repository; not propagated with it`,
        });
      }
      for (const dep of found) {
        const key = refKey(refOf(dep.object));
        const entry = required.get(key) ?? {
          template: dep,
          clusters: new Set<string>(),
          requiredBy: new Set<string>(),
          parents: [],
          overwrite: false,
          preserve: false,
        };
        for (const c of binding.clusters) entry.clusters.add(c.name);
        if (!entry.requiredBy.has(owner)) entry.parents.push(parentOf(binding));
        entry.requiredBy.add(owner);
        Object.assign(entry, resolveDependencyPolicy(entry.parents));
        required.set(key, entry);
      }
    }
  }
  for (const entry of required.values()) {
    const conflict = dependencyPolicyConflict(refOf(entry.template.object), entry.parents);
    if (conflict) diagnostics.push(conflictWarning(entry.template, conflict));
  }
  return { required, diagnostics };
}

function parentOf(binding: NonNullable<TemplateBinding['binding']>): DependencyParent {
  return {
    resource: binding.resource,
    policy: describeRef({ apiVersion: '', ...binding.policy }),
    conflictResolution: binding.conflictResolution,
    preserveResourcesOnDeletion: binding.preserveResourcesOnDeletion,
  };
}

/** The DependencyPolicyConflict warning, at the dependency's file and line. */
export function conflictWarning(dependency: SourceObject, message: string): Diagnostic {
  return { ...dependency.origin, severity: 'warning', object: describeRef(refOf(dependency.object)), message };
}
