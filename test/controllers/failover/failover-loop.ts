// The failover controller driven through the phases of the controller seam, as a pass drives it,
// over a fleet of three members and one Deployment `web`, for the failover tests.
import { createInterpreter } from '../../../src/interpreter/index.ts';
import type { ApplyHolds, AwaitingStatus, HealthReport, SchedulingInputs } from '../../../src/controllers/controller.ts';
import { FailoverController } from '../../../src/controllers/failover/failover-controller.ts';
import type { ProbeResult } from '../../../src/controllers/failover/member-health.ts';
import { schedulesOf } from '../../../src/reconcile/pass/pass.ts';
import type { PreviousSchedule } from '../../../src/render/bind/schedule-claims.ts';
import { loadFleet } from '../../../src/render/load/load-fleet.ts';
import { parseSources } from '../../../src/render/parse/parse-sources.ts';
import { renderFleet } from '../../../src/render/render-fleet.ts';
import type { Rendered } from '../../../src/render/render-fleet.ts';
import { emptyControllerRecords } from '../../../src/controllers/index.ts';
import type { ControllerRecords } from '../../../src/controllers/index.ts';
import type { FailoverView } from '../../../src/controllers/index.ts';

export const WEB = 'apps/v1/Deployment/shop/web';
export const MEMBERS = ['member1', 'member2', 'member3'];

/** The three members' Cluster objects. */
export const MEMBER_CLUSTERS = MEMBERS.map((name) => `apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata: {name: ${name}}\nspec: {}\n`).join(
  '---\n',
);

/** Application failover after 60 s Unhealthy, gracefully: a fragment of the policy's spec. */
export const APPLICATION_FAILOVER = `  propagateDeps: true
  failover:
    application:
      decisionConditions: {tolerationSeconds: 60}
      purgeMode: Gracefully`;

/** `web` (2 replicas) Duplicated to the three members; `placement` lines go under placement, `spec` lines under the policy's spec. */
export function webFleet(placement = '', spec = ''): string {
  return `${MEMBER_CLUSTERS}---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template: {metadata: {labels: {app: web}}, spec: {containers: [{name: web, image: nginx}]}}
---
apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: web, namespace: shop}
spec:
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}]
  placement:
    clusterAffinity: {clusterNames: [member1, member2, member3]}
    replicaScheduling: {replicaSchedulingType: Duplicated}
${placement}
${spec}
`;
}

/** What the status step of the last pass reports to the controller. */
export interface Reported {
  health?: readonly HealthReport[];
  recorded?: FailoverView;
  owns?: (cluster: string) => boolean;
}

/**
 * One process's controller over `yaml`, its passes driven through the phases: before render
 * (`restore` on the first one when given), render, after render, after apply (nothing applied),
 * and `report` for the last pass's status step. `seed` is the status branch's schedules.
 */
export function failoverLoop(yaml: string, seed: ReadonlyMap<string, PreviousSchedule> = new Map(), restore?: FailoverView, taintOnFailure = true) {
  const { fleet } = loadFleet(parseSources([{ path: 'fleet.yaml', blobId: 'b', content: Buffer.from(yaml) }]));
  const interpreter = createInterpreter([]);
  const controller = new FailoverController({ graceMs: 30_000, taintOnFailure });
  let last: Rendered['bindings'] = [];
  let rendered = false;
  let status: AwaitingStatus | undefined;
  let records: ControllerRecords = emptyControllerRecords();
  let scheduling: SchedulingInputs | undefined;
  let holds: ApplyHolds | undefined;
  return {
    controller,
    fleet,
    /** One pass at `now`; the members web is placed on, sorted. `complete`: the source rendered without errors. */
    pass(now: number, complete = false): string[] {
      const before = controller.beforeRender({
        now,
        lastBindings: last,
        ...(!rendered && restore ? { restore: { ...emptyControllerRecords(), failover: restore } } : {}),
        scheduling: { fleet, observedClusters: new Map(), previousSchedules: rendered ? schedulesOf(last) : new Map(seed) },
      });
      scheduling = before.scheduling;
      const out = renderFleet(before.scheduling.fleet, interpreter, {
        sourceCommit: 'c',
        detect: {},
        previousSchedules: before.scheduling.previousSchedules,
        observedClusters: before.scheduling.observedClusters,
      });
      rendered = true;
      last = out.bindings;
      const afterRender = before.next.afterRender({ now, fleet, bindings: out.bindings, complete, clusters: MEMBERS });
      holds = afterRender.holds;
      const afterApply = afterRender.next.afterApply({ now, applied: [], notApplied: [] });
      records = { ...emptyControllerRecords(), ...afterApply.records };
      status = afterApply.next;
      return (last[0]?.binding?.clusters ?? []).map((c) => c.name).sort();
    },
    /** The last pass's status step reports `reported` at `now`. */
    report(reported: Reported, now: number): void {
      if (!status) throw new Error('report before a pass');
      status.afterStatus({
        now,
        renderedClusters: [],
        observedClusters: new Map(),
        owns: reported.owns ?? (() => true),
        ...(reported.health ? { health: reported.health } : {}),
        ...(reported.recorded ? { recorded: { ...emptyControllerRecords(), failover: reported.recorded } } : {}),
      });
    },
    /** The failover the last pass handed its status step. */
    recorded: (): FailoverView => records.failover,
    /** The failover as it stands now (after what the status step reported). */
    record: (): FailoverView => controller.record(),
    /** What the last pass held back. */
    holds: (): ApplyHolds | undefined => holds,
    /** The scheduling inputs of the last pass. */
    scheduling: (): SchedulingInputs | undefined => scheduling,
    /** The last pass's replicas per member. */
    replicas(): Record<string, number> {
      return Object.fromEntries((last[0]?.binding?.clusters ?? []).map((c) => [c.name, c.replicas]));
    },
    /** The schedules the status branch would hold after the last pass. */
    schedules: (): Map<string, PreviousSchedule> => new Map([...schedulesOf(last)].map(([key, s]) => [key, { clusters: s.clusters }])),
  };
}

/** A probe round: member2 as given, the others ready. */
export const probes = (member2: ProbeResult): Map<string, ProbeResult> => new Map(MEMBERS.map((c) => [c, c === 'member2' ? member2 : ('ready' as const)]));

/** member2 as given; the other members' copies not applied yet, so no new placement settles. */
export const reports = (member2: HealthReport['health']): HealthReport[] =>
  MEMBERS.map((cluster) =>
    cluster === 'member2' ? { key: WEB, cluster, health: member2, applied: true } : { key: WEB, cluster, health: 'Unknown', applied: false },
  );
