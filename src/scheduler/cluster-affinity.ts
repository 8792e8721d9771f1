import type { Cluster, ClusterAffinity, NodeSelectorRequirement } from '../model/index.ts';
import { isLabelValue, matchLabelSelector } from '../model/index.ts';

/**
 * Whether Kubernetes can build a requirement from the expression: In and NotIn need values, every
 * value must be a label value. Karmada matches no cluster with a field selector it cannot build.
 */
function buildable(req: NodeSelectorRequirement): boolean {
  const values = req.values ?? [];
  if ((req.operator === 'In' || req.operator === 'NotIn') && values.length === 0) return false;
  if ((req.operator === 'Exists' || req.operator === 'DoesNotExist') && values.length > 0) return false;
  return values.every(isLabelValue);
}

function zoneMatches(req: NodeSelectorRequirement, zones: readonly string[]): boolean {
  const values = req.values ?? [];
  switch (req.operator) {
    case 'In':
      return zones.some((z) => values.includes(z));
    case 'NotIn':
      return !zones.some((z) => values.includes(z));
    case 'Exists':
      return zones.length > 0;
    case 'DoesNotExist':
      return zones.length === 0;
    default:
      return false;
  }
}

/** A node-selector requirement over a label set, as k8s.io/apimachinery's labels.Requirement. */
function nodeRequirementMatches(req: NodeSelectorRequirement, labels: Record<string, string>): boolean {
  const has = Object.hasOwn(labels, req.key);
  const value = labels[req.key];
  const values = req.values ?? [];
  switch (req.operator) {
    case 'In':
      return has && values.includes(value as string);
    case 'NotIn':
      return !has || !values.includes(value as string);
    case 'Exists':
      return has;
    case 'DoesNotExist':
      return !has;
    case 'Gt':
    case 'Lt': {
      if (!has || values.length !== 1) return false;
      const have = Number.parseInt(value as string, 10);
      const want = Number.parseInt(values[0] as string, 10);
      if (Number.isNaN(have) || Number.isNaN(want)) return false;
      return req.operator === 'Gt' ? have > want : have < want;
    }
    default:
      return false;
  }
}

/**
 * Karmada's ClusterMatches (docs/karmada-compatibility.md#placement): exclude, labelSelector, fieldSelector over
 * provider / region / zones, then clusterNames, all AND-ed. The deprecated singular `spec.zone`
 * was moved into `spec.zones` when the Cluster was loaded, as Karmada's registry does.
 */
export function clusterMatches(cluster: Cluster, affinity: ClusterAffinity): boolean {
  const name = cluster.metadata.name;
  if (affinity.exclude?.includes(name)) return false;
  if (affinity.labelSelector && !matchLabelSelector(affinity.labelSelector, cluster.metadata.labels)) {
    return false;
  }
  if (affinity.fieldSelector) {
    const fields: Record<string, string> = {};
    if (cluster.spec.provider) fields['provider'] = cluster.spec.provider;
    if (cluster.spec.region) fields['region'] = cluster.spec.region;
    for (const req of affinity.fieldSelector.matchExpressions ?? []) {
      // Karmada matches zone expressions itself and builds a selector only from the others.
      if (req.key !== 'zone' && !buildable(req)) return false;
      const ok = req.key === 'zone' ? zoneMatches(req, cluster.spec.zones ?? []) : nodeRequirementMatches(req, fields);
      if (!ok) return false;
    }
  }
  const names = affinity.clusterNames ?? [];
  return names.length === 0 || names.includes(name);
}
