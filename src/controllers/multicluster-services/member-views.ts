/**
 * What the endpoints controller needs to know of each member (docs/karmada-compatibility.md#endpoints-across-members):
 * whether it is Ready — after the failover controller, whose failed-over members are Ready=False in the scheduling
 * inputs — and whether it serves discovery.k8s.io/v1 EndpointSlices. Karmada neither collects from nor dispatches to
 * a member that is not both. A member with no status at all is taken as Ready with every API, as the scheduler takes
 * it. A Pull member is neither provider nor consumer: its agent copies no EndpointSlices, and the hub cannot reach it
 * (docs/karmada-compatibility.md#endpoints-without-a-control-plane). Pure.
 */
import { DISCOVERY_GROUP_VERSION, isPullMember } from '../../model/index.ts';
import type { ClusterStatus } from '../../model/index.ts';
import { clusterViews } from '../../render/index.ts';
import type { SchedulingInputs } from '../controller.ts';

/** One member, as the endpoints controller sees it. */
export interface MemberView {
  ready: boolean;
  servesSlices: boolean;
  /** Reached through its agent only (`syncMode: Pull`). */
  pull?: boolean;
}

function servesSlices(status: ClusterStatus | undefined): boolean {
  const enablements = status?.apiEnablements;
  if (enablements === undefined) return true;
  return enablements.some(
    (e) => e.groupVersion === DISCOVERY_GROUP_VERSION && (e.resources ?? []).some((r) => r.kind === 'EndpointSlice'),
  );
}

function ready(status: ClusterStatus | undefined): boolean {
  if (status === undefined) return true;
  return status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;
}

/** Every member of the fleet by name, from the scheduling inputs the render used. */
export function memberViews(scheduling: Pick<SchedulingInputs, 'fleet' | 'observedClusters'>): Map<string, MemberView> {
  return new Map(
    clusterViews(scheduling.fleet.clusters, scheduling.observedClusters).map((c) => [
      c.metadata.name,
      { ready: ready(c.status), servesSlices: servesSlices(c.status), ...(isPullMember(c) ? { pull: true } : {}) },
    ]),
  );
}

/** Whether endpoints may be collected from the member or dispatched to it. */
export function usable(views: ReadonlyMap<string, MemberView>, member: string): boolean {
  const view = views.get(member);
  return view?.ready === true && view.servesSlices && !view.pull;
}
