/**
 * Karmada's FederatedQuotaEnforcement (docs/karmada-compatibility.md#federated-resource-quotas):
 * a ResourceBinding's usage is its scheduled replicas times its per-replica resource request, and
 * a scheduling change is admitted only when, for every FederatedResourceQuota of its namespace
 * with a `spec.overall`, the namespace's used plus the change stays within the overall limit. A
 * refused change leaves the binding as it was (its previous clusters, or none) with the reason.
 * Pure; the bindings are taken in the fleet's template order.
 */
import { compareBytes, refKey } from '../../model/index.ts';
import type { FederatedResourceQuota, ResourceList, ScheduledBinding, TargetCluster } from '../../model/index.ts';
import { addQuantities, formatQuantity, quantityMilliValue, toQuantity } from '../../model/index.ts';
import type { Quantity } from '../../model/index.ts';
import type { PreviousSchedule } from './schedule-claims.ts';
import { keptSchedule } from './kept-schedule.ts';

type Usage = Map<string, Quantity>;

/** Replicas × per-replica request, each non-zero request (Karmada's calculateResourceUsage). */
function bindingUsage(binding: ScheduledBinding, clusters: readonly TargetCluster[]): Usage {
  const usage: Usage = new Map();
  const replicas = clusters.reduce((n, c) => n + (c.replicas ?? 0), 0);
  const request = binding.replicaRequirements?.resourceRequest ?? {};
  if (replicas <= 0) return usage;
  for (const [name, text] of Object.entries(request)) {
    const q = toQuantity(text);
    if (q.mantissa !== 0n) usage.set(name, { ...q, mantissa: q.mantissa * BigInt(replicas) });
  }
  return usage;
}

const negate = (q: Quantity): Quantity => ({ ...q, mantissa: -q.mantissa });

function add(a: Usage, b: Usage, sign: 1 | -1 = 1): Usage {
  const out: Usage = new Map(a);
  for (const [name, q] of b) {
    const term = sign === 1 ? q : negate(q);
    const have = out.get(name);
    out.set(name, have ? addQuantities(have, term) : term);
  }
  return out;
}

/** Why `used` breaks `overall` of `quota`, or undefined (Karmada's isAllowed, resources in name order). */
function exceeded(quota: FederatedResourceQuota, overall: ResourceList, used: Usage): string | undefined {
  for (const name of [...used.keys()].sort(compareBytes)) {
    const requested = used.get(name)!;
    const limit = overall[name];
    if (limit === undefined || requested.mantissa === 0n) continue;
    if (quantityMilliValue(requested) > quantityMilliValue(toQuantity(limit))) {
      const subject = `${quota.metadata.namespace ?? 'default'}/${quota.metadata.name ?? ''}`;
      return `FederatedResourceQuota(${subject}) exceeded for resource ${name}: requested sum ${formatQuantity(requested)}, limit ${formatQuantity(toQuantity(limit))}.`;
    }
  }
  return undefined;
}

/** A refused scheduling change: the binding as the last pass left it, with the reason. */
function refused(b: ScheduledBinding, last: PreviousSchedule | undefined, reason: string): ScheduledBinding {
  const { clusters: _c, error: _e, affinityName: _a, appliedPlacement: _p, ...spec } = b;
  return keptSchedule(spec, last, reason);
}

const totalReplicas = (clusters: readonly TargetCluster[]): number =>
  clusters.reduce((n, c) => n + (c.replicas ?? 0), 0);

interface Quota {
  quota: FederatedResourceQuota;
  overall: ResourceList;
  used: Usage;
}

/**
 * The bindings after admission: each whose total replicas changed from its previous schedule is
 * admitted against the quotas of its namespace, whose used starts from every binding's previous
 * usage there, or refused and left as it was.
 */
export function enforceOverallQuotas(
  bindings: readonly (ScheduledBinding | null)[],
  quotas: readonly FederatedResourceQuota[],
  previous: ReadonlyMap<string, PreviousSchedule>,
): (ScheduledBinding | null)[] {
  const byNamespace = new Map<string, Quota[]>();
  for (const quota of quotas) {
    const overall = quota.spec.overall ?? {};
    if (Object.keys(overall).length === 0) continue;
    const ns = quota.metadata.namespace ?? 'default';
    (byNamespace.get(ns) ?? byNamespace.set(ns, []).get(ns)!).push({ quota, overall, used: new Map() });
  }
  if (byNamespace.size === 0) return [...bindings];
  const before = (b: ScheduledBinding): TargetCluster[] => previous.get(refKey(b.resource))?.clusters ?? [];
  for (const b of bindings) {
    if (!b) continue;
    for (const q of byNamespace.get(b.resource.namespace) ?? []) q.used = add(q.used, bindingUsage(b, before(b)));
  }
  return bindings.map((b) => {
    const scope = b ? byNamespace.get(b.resource.namespace) : undefined;
    if (!b || !scope || totalReplicas(b.clusters) === totalReplicas(before(b))) return b;
    const delta = add(bindingUsage(b, b.clusters), bindingUsage(b, before(b)), -1);
    for (const [name, q] of delta) if (q.mantissa === 0n) delta.delete(name);
    const next = scope.map((q) => {
      const relevant = new Map([...delta].filter(([name]) => Object.hasOwn(q.overall, name)));
      return relevant.size === 0 ? q.used : add(q.used, relevant);
    });
    for (const [i, q] of scope.entries()) {
      const reason = next[i] === q.used ? undefined : exceeded(q.quota, q.overall, next[i]!);
      if (reason) return refused(b, previous.get(refKey(b.resource)), reason);
    }
    for (const [i, q] of scope.entries()) q.used = next[i]!;
    return b;
  });
}
