/**
 * The cluster taint policy controller's decision for one pass, with Karmada's rules (see
 * docs/karmada-compatibility.md): policies in a fixed order (Karmada's creation order; a
 * repository has no creation times, so by name), so conflicting policies settle the same way every
 * pass; for each cluster a policy targets, its taints are added when all addOnConditions match and
 * removed when all removeOnConditions match; a taint is the same taint by key and effect, and an
 * added one carries the time it was added. Pure, clock injected.
 *
 * Where a git engine must differ: the taints written in the Cluster file are the user's and stay
 * (a policy only removes the taints policies added), and a taint that no policy targeting the
 * cluster lists any more is dropped, since there is no Cluster object to edit it off by hand.
 */
import { compareBytes } from '../../model/index.ts';
import type { Cluster, ClusterStatus, ClusterTaintPolicy, SourceObject, Taint } from '../../model/index.ts';
import { clusterMatches } from '../../scheduler/index.ts';
import { conditionsMatch } from './condition-match.ts';

/** Policy-added taints, by member. */
export type PolicyTaints = ReadonlyMap<string, readonly Taint[]>;

const sameTaint = (a: Pick<Taint, 'key' | 'effect'>, b: Pick<Taint, 'key' | 'effect'>): boolean =>
  a.key === b.key && a.effect === b.effect;

function inCreationOrder(policies: readonly SourceObject<ClusterTaintPolicy>[]): ClusterTaintPolicy[] {
  return policies.map((p) => p.object).sort((a, b) => compareBytes(a.metadata.name, b.metadata.name));
}

const targets = (policy: ClusterTaintPolicy, cluster: Cluster): boolean =>
  policy.spec.targetClusters === undefined || clusterMatches(cluster, policy.spec.targetClusters);

/**
 * The recorded taints that are still the policies': not written in the Cluster file, and listed by
 * a policy that targets the cluster (a member's record also holds the failover's taints).
 */
function keptTaints(cluster: Cluster, applying: readonly ClusterTaintPolicy[], recorded: readonly Taint[]): Taint[] {
  const declared = cluster.spec.taints ?? [];
  const listed = (t: Taint): boolean => applying.some((p) => p.spec.taints.some((pt) => sameTaint(pt, t)));
  return recorded.filter((t) => !declared.some((d) => sameTaint(d, t)) && listed(t));
}

/** One cluster's policy-added taints after this pass: `recorded` are those of the last pass. */
export function clusterPolicyTaints(
  cluster: Cluster,
  status: ClusterStatus | undefined,
  policies: readonly ClusterTaintPolicy[],
  recorded: readonly Taint[],
  now: number,
): Taint[] {
  const declared = cluster.spec.taints ?? [];
  const applying = policies.filter((p) => targets(p, cluster));
  let added = keptTaints(cluster, applying, recorded);
  const conditions = status?.conditions ?? [];
  for (const policy of applying) {
    if (conditionsMatch(conditions, policy.spec.addOnConditions)) {
      for (const taint of policy.spec.taints) {
        if (declared.some((d) => sameTaint(d, taint)) || added.some((a) => sameTaint(a, taint))) continue;
        const value = taint.value !== undefined ? { value: taint.value } : {};
        added = [...added, { key: taint.key, ...value, effect: taint.effect, timeAdded: new Date(now).toISOString() }];
      }
    }
    if (conditionsMatch(conditions, policy.spec.removeOnConditions)) {
      added = added.filter((a) => !policy.spec.taints.some((t) => sameTaint(t, a)));
    }
  }
  return added;
}

/** Every member's policy-added taints after this pass (members without any left out). */
export function policyTaints(
  clusters: readonly SourceObject<Cluster>[],
  observed: ReadonlyMap<string, ClusterStatus>,
  policies: readonly SourceObject<ClusterTaintPolicy>[],
  recorded: PolicyTaints,
  now: number,
): Map<string, Taint[]> {
  const ordered = inCreationOrder(policies);
  const out = new Map<string, Taint[]>();
  for (const { object } of clusters) {
    const name = object.metadata.name;
    const taints = clusterPolicyTaints(
      object,
      observed.get(name) ?? object.status,
      ordered,
      recorded.get(name) ?? [],
      now,
    );
    if (taints.length > 0) out.set(name, taints);
  }
  return out;
}

/** The recorded policy taints replayed without deciding anything (a pass without memory), by member. */
export function recordedPolicyTaints(
  clusters: readonly SourceObject<Cluster>[],
  policies: readonly SourceObject<ClusterTaintPolicy>[],
  recorded: PolicyTaints,
): Map<string, Taint[]> {
  const out = new Map<string, Taint[]>();
  for (const { object } of clusters) {
    const applying = policies.map((p) => p.object).filter((p) => targets(p, object));
    const kept = keptTaints(object, applying, recorded.get(object.metadata.name) ?? []);
    if (kept.length > 0) out.set(object.metadata.name, kept);
  }
  return out;
}

/** The clusters as the scheduler sees them: the Cluster file's taints, then the policies'. */
export function taintedClusters(
  clusters: readonly SourceObject<Cluster>[],
  taints: PolicyTaints,
): SourceObject<Cluster>[] {
  return clusters.map((source) => {
    const added = taints.get(source.object.metadata.name) ?? [];
    if (added.length === 0) return source;
    const all = [...(source.object.spec.taints ?? []), ...added];
    return { ...source, object: { ...source.object, spec: { ...source.object.spec, taints: all } } };
  });
}
