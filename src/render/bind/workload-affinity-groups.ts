/**
 * Karmada's WorkloadAffinity feature (docs/karmada-compatibility.md#workload-affinity): the detector names a binding's
 * affinity and anti-affinity groups from its template's label under the policy's `groupByLabelKey`, and the scheduler
 * filters clusters by where the other bindings of the same groups, in the same namespace, are. A git engine sees
 * every binding of the commit at once: the ledger starts from each binding's last result and follows the pass as it
 * schedules them one after another, in the fleet's template order. Pure.
 */
import { refKey } from '../../model/index.ts';
import type {
  BindingSpec,
  ScheduledBinding,
  TargetCluster,
  WorkloadAffinity,
  WorkloadAffinityGroups,
} from '../../model/index.ts';
import type { WorkloadAffinityPeers } from '../../scheduler/index.ts';
import type { PreviousSchedule } from './schedule-claims.ts';

/** `<key>=<value>` when the template carries the label, as Karmada serialises a group. */
function groupOf(labels: Readonly<Record<string, string>>, key: string | undefined): string | undefined {
  if (!key || !Object.hasOwn(labels, key)) return undefined;
  return `${key}=${labels[key]}`;
}

/** The binding's groups, or undefined when the policy sets none the template's labels instantiate. */
export function workloadAffinityGroupsOf(
  labels: Readonly<Record<string, string>> | undefined,
  affinity: WorkloadAffinity | null | undefined,
): WorkloadAffinityGroups | undefined {
  if (!affinity) return undefined;
  const affinityGroup = groupOf(labels ?? {}, affinity.affinity?.groupByLabelKey);
  const antiAffinityGroup = groupOf(labels ?? {}, affinity.antiAffinity?.groupByLabelKey);
  if (affinityGroup === undefined && antiAffinityGroup === undefined) return undefined;
  return { ...(affinityGroup ? { affinityGroup } : {}), ...(antiAffinityGroup ? { antiAffinityGroup } : {}) };
}

type GroupField = keyof WorkloadAffinityGroups;

/** A group's index key: its namespace, whether affinity or anti-affinity, and its name. */
const groupKey = (namespace: string, field: GroupField, group: string): string => `${namespace}\0${field}\0${group}`;

/** Where every grouped binding is, as the pass stands. */
export class WorkloadAffinityLedger {
  /** Group key → the refKeys of its bindings, as Karmada's scheduler indexes bindings by group. */
  readonly #groups = new Map<string, string[]>();
  readonly #clusters = new Map<string, readonly string[]>();

  constructor(
    specs: readonly Pick<BindingSpec, 'resource' | 'workloadAffinityGroups'>[],
    previous: ReadonlyMap<string, PreviousSchedule>,
  ) {
    for (const spec of specs) {
      const groups = spec.workloadAffinityGroups;
      if (!groups) continue;
      const key = refKey(spec.resource);
      for (const field of ['affinityGroup', 'antiAffinityGroup'] as const) {
        const group = groups[field];
        if (group === undefined) continue;
        const at = groupKey(spec.resource.namespace, field, group);
        (this.#groups.get(at) ?? this.#groups.set(at, []).get(at)!).push(key);
      }
      this.#clusters.set(
        key,
        (previous.get(key)?.clusters ?? []).map((c) => c.name),
      );
    }
  }

  /** The clusters of the binding's peers per group; undefined when it has no group. */
  peers(spec: Pick<BindingSpec, 'resource' | 'workloadAffinityGroups'>): WorkloadAffinityPeers | undefined {
    const groups = spec.workloadAffinityGroups;
    if (!groups) return undefined;
    const self = refKey(spec.resource);
    const of = (field: GroupField): (readonly string[])[] => {
      const group = groups[field];
      if (group === undefined) return [];
      const members = this.#groups.get(groupKey(spec.resource.namespace, field, group)) ?? [];
      return members.filter((key) => key !== self).map((key) => this.#clusters.get(key) ?? []);
    };
    return { affinity: of('affinityGroup'), antiAffinity: of('antiAffinityGroup') };
  }

  /** What the pass decided for a grouped binding, which its peers scheduled after it see. */
  record(spec: Pick<BindingSpec, 'resource' | 'workloadAffinityGroups'>, clusters: readonly TargetCluster[]): void {
    if (spec.workloadAffinityGroups)
      this.#clusters.set(
        refKey(spec.resource),
        clusters.map((c) => c.name),
      );
  }
}

/**
 * The peers a binding of a finished pass was scheduled against: the ledger replayed up to it, the bindings before it
 * where the pass put them, those after it where the last pass left them.
 */
export function peersInPass(
  bindings: readonly (ScheduledBinding | null)[],
  target: ScheduledBinding,
  previous: ReadonlyMap<string, PreviousSchedule>,
): WorkloadAffinityPeers | undefined {
  if (!target.workloadAffinityGroups) return undefined;
  const present = bindings.filter((b): b is ScheduledBinding => b !== null);
  const ledger = new WorkloadAffinityLedger(present, previous);
  for (const b of present) {
    if (b === target) break;
    ledger.record(b, b.clusters);
  }
  return ledger.peers(target);
}
