/**
 * Mistakes across objects that no single object's schema can catch, reported as warnings before
 * anything is planned: a cluster name that no Cluster of the repository has, and a policy's
 * resource selector that selects no template of the repository. Karmada accepts both silently
 * (the policy simply places nothing there), which is how a typo ships unnoticed.
 */
import { isRecord } from '../../model/index.ts';
import type { Diagnostic, FieldPath, OverridePolicy, PropagationPolicy, SourceObject } from '../../model/index.ts';
import type { Fleet } from '../load/fleet.ts';
import { detectedApiVersionOf } from '../match/preferred-version.ts';
import { matchResourceSelector } from '../match/resource-selector.ts';
import { closestName } from '../validate/suggest.ts';
import type { FleetLocator } from './locate.ts';
import { multiClusterIngressReferences } from './multicluster-ingress-references.ts';
import { multiClusterServiceReferences } from './multicluster-service-references.ts';
import { convertedTemplates, unseenSelectorVersion } from './preferred-versions.ts';
import { otherSchedulerWarnings } from './scheduler-names.ts';

/** Keys whose string lists name clusters, wherever they appear in a policy's spec. */
const CLUSTER_NAME_LISTS = new Set(['clusterNames', 'exclude']);

function clusterNameLists(
  value: unknown,
  path: (string | number)[],
  out: { path: FieldPath; names: unknown[] }[],
): void {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) clusterNameLists(item, [...path, i], out);
    return;
  }
  if (!isRecord(value)) return;
  for (const [key, child] of Object.entries(value)) {
    if (CLUSTER_NAME_LISTS.has(key) && Array.isArray(child)) out.push({ path: [...path, key], names: child });
    else clusterNameLists(child, [...path, key], out);
  }
}

type Policy = SourceObject<PropagationPolicy> | SourceObject<OverridePolicy>;

function policiesOf(fleet: Fleet): Policy[] {
  return [
    ...fleet.propagationPolicies,
    ...fleet.clusterPropagationPolicies,
    ...fleet.overridePolicies,
    ...fleet.clusterOverridePolicies,
  ];
}

/** `no Cluster prodution; did you mean production?` for every unknown name in a policy. */
function unknownClusterNames(fleet: Fleet, at: FleetLocator): Diagnostic[] {
  // A repository without Clusters declares its policies only; there is nothing to check against.
  if (fleet.clusters.length === 0) return [];
  const known = new Set(fleet.clusters.map((c) => c.object.metadata.name ?? ''));
  const out: Diagnostic[] = [];
  for (const policy of policiesOf(fleet)) {
    const lists: { path: FieldPath; names: unknown[] }[] = [];
    clusterNameLists(policy.object.spec, ['spec'], lists);
    for (const { path, names } of lists) {
      names.forEach((name, i) => {
        if (typeof name !== 'string' || known.has(name)) return;
        const guess = closestName(name, known);
        const hint = guess === undefined ? '' : `; did you mean ${guess}?`;
        out.push(at(policy, [...path, i], `no Cluster ${name} in the repository${hint}`));
      });
    }
  }
  return out;
}

/** Templates by `apiVersion/kind` as the detector sees them, so a selector is matched against its own kind only. */
function templatesByKind(fleet: Fleet): Map<string, SourceObject[]> {
  const byKind = new Map<string, SourceObject[]>();
  for (const t of fleet.templates) {
    const key = `${detectedApiVersionOf(t.object)}/${t.object.kind}`;
    (byKind.get(key) ?? byKind.set(key, []).get(key)!).push(t);
  }
  return byKind;
}

/** A selector of a (cluster) propagation or override policy that matches no template. */
function emptySelectors(fleet: Fleet, at: FleetLocator): Diagnostic[] {
  const byKind = templatesByKind(fleet);
  const out: Diagnostic[] = [];
  for (const policy of policiesOf(fleet)) {
    (policy.object.spec.resourceSelectors ?? []).forEach((selector, i) => {
      const unseen = unseenSelectorVersion(selector);
      if (unseen) {
        out.push(at(policy, ['spec', 'resourceSelectors', i, 'apiVersion'], unseen));
        return;
      }
      const candidates = byKind.get(`${selector.apiVersion}/${selector.kind}`) ?? [];
      if (candidates.some((t) => matchResourceSelector(selector, t.object) > 0)) return;
      out.push(at(policy, ['spec', 'resourceSelectors', i], 'selects no template in the repository'));
    });
  }
  return out;
}

/** Every cross-object warning of a loaded fleet. Pure. */
export function checkFleetReferences(fleet: Fleet, at: FleetLocator): Diagnostic[] {
  return [
    ...unknownClusterNames(fleet, at),
    ...emptySelectors(fleet, at),
    ...multiClusterServiceReferences(fleet, at),
    ...multiClusterIngressReferences(fleet, at),
    ...convertedTemplates(fleet, at),
    ...otherSchedulerWarnings(fleet, at),
  ];
}
