/**
 * Templates nothing propagates: no PropagationPolicy or ClusterPropagationPolicy selects them, no
 * propagated workload takes them along as a dependency, and they are not Namespaces Karmada syncs
 * to every cluster. Karmada leaves such a template alone without a word; a warning says so.
 */
import { matchLabelSelector, refKey, refOf } from '../../model/index.ts';
import type { Diagnostic, SourceObject } from '../../model/index.ts';
import type { ResourceInterpreter } from '../../interpreter/index.ts';
import type { Claim } from '../detect/detect.ts';
import { compileNamespacePatterns, DEFAULT_SKIPPED_NAMESPACES, skipReason } from '../detect/skip-rules.ts';
import { autoPropagates } from '../works/namespaces.ts';
import type { FleetLocator } from './locate.ts';

/**
 * refKeys of the templates a claimed workload with propagateDeps uses (ConfigMaps, Secrets, ...),
 * asked of the interpreter: for `validate`, which renders nothing. A plan passes what its Works hold.
 */
export function dependenciesOf(interpreter: ResourceInterpreter): (claims: readonly Claim[]) => ReadonlySet<string> {
  return (claims) => dependencyKeys(claims, interpreter);
}

/** refKeys of the templates a claimed workload with propagateDeps uses (ConfigMaps, Secrets, ...). */
function dependencyKeys(claims: readonly Claim[], interpreter: ResourceInterpreter): Set<string> {
  return new Set(dependencyParents(claims, interpreter).keys());
}

/** Each template a claimed workload with propagateDeps uses, by refKey, with the claims that use it. */
export function dependencyParents(
  claims: readonly Claim[],
  interpreter: ResourceInterpreter,
): Map<string, { dependency: SourceObject; parents: Claim[] }> {
  const byScope = new Map<string, SourceObject[]>();
  for (const { template } of claims) {
    const o = template.object;
    const key = `${o.apiVersion}/${o.kind}/${o.metadata.namespace ?? ''}`;
    (byScope.get(key) ?? byScope.set(key, []).get(key)!).push(template);
  }
  const out = new Map<string, { dependency: SourceObject; parents: Claim[] }>();
  for (const claim of claims) {
    const { template, policy } = claim;
    if (!policy?.object.spec.propagateDeps || !template.object.metadata.namespace) continue;
    for (const ref of interpreter.getDependencies(template.object)) {
      const candidates = byScope.get(`${ref.apiVersion}/${ref.kind}/${ref.namespace}`) ?? [];
      for (const dep of candidates) {
        const selector = ref.labelSelector;
        const hit = ref.name
          ? dep.object.metadata.name === ref.name
          : selector !== undefined && matchLabelSelector(selector, dep.object.metadata.labels);
        if (!hit) continue;
        const key = refKey(refOf(dep.object));
        const entry = out.get(key) ?? out.set(key, { dependency: dep, parents: [] }).get(key)!;
        if (!entry.parents.includes(claim)) entry.parents.push(claim);
      }
    }
  }
  return out;
}

/**
 * A warning for each template no policy claims and nothing else propagates (`propagated` gives the
 * refKeys of the templates that reach some cluster). Templates the detector
 * skips on purpose (reserved or skipped namespaces, claimed by another controller) are left out.
 */
export function unpropagatedTemplates(
  claims: readonly Claim[],
  propagated: (claims: readonly Claim[]) => ReadonlySet<string>,
  at: FleetLocator,
  skippedNamespaces: readonly string[] = DEFAULT_SKIPPED_NAMESPACES,
): Diagnostic[] {
  const skipped = compileNamespacePatterns(skippedNamespaces);
  const unclaimed = claims.filter((c) => c.policy === null && skipReason(c.template.object, skipped) === undefined);
  if (unclaimed.length === 0) return [];
  const reached = propagated(claims);
  const out: Diagnostic[] = [];
  for (const { template } of unclaimed) {
    const o = template.object;
    if (o.apiVersion === 'v1' && o.kind === 'Namespace' && autoPropagates(o, skipped)) continue;
    if (reached.has(refKey(refOf(o)))) continue;
    out.push(
      at(template, [], 'no PropagationPolicy or ClusterPropagationPolicy selects it, so it is propagated nowhere'),
    );
  }
  return out;
}
