import type { ClusterPreferences, TargetCluster } from '../../model/index.ts';
import type { Candidate } from '../candidate.ts';
import { clusterMatches } from '../cluster-affinity.ts';
import { dispense, type Weight } from './webster.ts';

/**
 * Static weights per selected cluster (assignment.go getStaticWeightInfoList,
 * docs/karmada-compatibility.md#assigning-replicas): the largest weight among matching entries; clusters no entry
 * matches are dropped; when none matches at all (or there is no list), every cluster weighs 1.
 */
export function staticWeights(selected: readonly Candidate[], preference: ClusterPreferences | undefined): Weight[] {
  const list = preference?.staticWeightList ?? [];
  const weights: Weight[] = [];
  for (const c of selected) {
    let weight = 0;
    for (const entry of list) {
      if (entry.weight > weight && clusterMatches(c.view.cluster, entry.targetCluster)) weight = entry.weight;
    }
    if (weight > 0) weights.push({ name: c.name, weight });
  }
  return weights.length > 0 ? weights : selected.map((c) => ({ name: c.name, weight: 1 }));
}

/**
 * Static-weight division: a pure function of weights, replicas and the seed; neither the
 * previous result nor capacity is consulted (docs/karmada-compatibility.md#assigning-replicas).
 */
export function assignByStaticWeight(
  selected: readonly Candidate[],
  preference: ClusterPreferences | undefined,
  replicas: number,
  descending: boolean,
): TargetCluster[] {
  return dispense(replicas, staticWeights(selected, preference), descending);
}
