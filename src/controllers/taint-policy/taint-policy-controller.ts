/**
 * The cluster taint policy controller of `run` (Karmada's cluster-taint-policy-controller): before
 * each render it taints the members whose observed conditions match a ClusterTaintPolicy, so the
 * scheduler filters (NoSchedule) and the failover controller after it evicts (NoExecute) exactly
 * as for a taint written in the Cluster file. The thin adapter around taint-policy-core.ts: it
 * keeps the policy-added taints between passes and records them on the status branch; when the
 * status step observes conditions that change them, it asks for a pass at once.
 */
import { isDeepStrictEqual } from 'node:util';
import type { AfterStatus, BeforeRender, Controller, PassStart, ReportedPass } from '../controller.ts';
import type { Fleet } from '../../render/index.ts';
import { policyTaints, recordedPolicyTaints, taintedClusters } from './taint-policy-core.ts';
import type { PolicyTaints } from './taint-policy-core.ts';
import { afterRenderPhases } from '../phases.ts';

/** A pass's phases with the scheduling inputs tainted and the record returned after the apply. */
function phases(
  start: PassStart,
  taints: PolicyTaints,
  afterStatus: (reported: ReportedPass) => AfterStatus,
): BeforeRender {
  const { scheduling } = start;
  const fleet: Fleet = { ...scheduling.fleet, clusters: taintedClusters(scheduling.fleet.clusters, taints) };
  return {
    scheduling: { ...scheduling, fleet },
    next: {
      afterRender: () => afterRenderPhases({ records: () => ({ 'taint-policy': taints }), afterStatus }),
    },
  };
}

/** See the module comment. */
export class TaintPolicyController implements Controller {
  readonly name = 'taint-policy';
  private taints: PolicyTaints = new Map();
  private fleet: Fleet | undefined;

  nextDue(): number | undefined {
    return undefined;
  }

  beforeRender(start: PassStart): BeforeRender {
    if (start.restore) this.taints = start.restore['taint-policy'];
    const { fleet, observedClusters } = start.scheduling;
    this.fleet = fleet;
    this.taints = policyTaints(fleet.clusters, observedClusters, fleet.clusterTaintPolicies, this.taints, start.now);
    return phases(start, this.taints, (reported) => this.afterStatus(reported));
  }

  /** The conditions the status step just observed would change the taints: the next pass applies them. */
  private afterStatus(reported: ReportedPass): AfterStatus {
    if (!this.fleet) return {};
    const next = policyTaints(
      this.fleet.clusters,
      reported.observedClusters,
      this.fleet.clusterTaintPolicies,
      this.taints,
      reported.now,
    );
    const changed = [...new Set([...next.keys(), ...this.taints.keys()])].filter(
      (c) => !isDeepStrictEqual((next.get(c) ?? []).map(keyOf), (this.taints.get(c) ?? []).map(keyOf)),
    );
    return changed.length > 0
      ? { requestPass: `cluster taint policies changed the taints of ${changed.sort().join(', ')}` }
      : {};
  }
}

const keyOf = (t: { key: string; effect: string }): string => `${t.key}:${t.effect}`;

/**
 * The recorded form for a pass without memory (`plan`, `apply`): the taints the loop recorded, as
 * far as the policies still list them, and nothing decided; the record handed back as it is.
 */
export function recordedTaintPolicy(): Controller {
  return {
    name: 'taint-policy',
    nextDue: () => undefined,
    beforeRender: (start) => {
      const { fleet } = start.scheduling;
      const taints = recordedPolicyTaints(
        fleet.clusters,
        fleet.clusterTaintPolicies,
        start.restore?.['taint-policy'] ?? new Map(),
      );
      return phases(start, taints, () => ({}));
    },
  };
}
