// The run loop's failover state driven the way the reconcile pass drives it, over a fleet of three
// members and one Deployment `web`, for the failover tests.
import { createInterpreter } from '../../../../src/interpreter/index.ts';
import { refKey } from '../../../../src/model/index.ts';
import type { HealthReport } from '../../../../src/reconcile/run/application-failover.ts';
import { FailoverState } from '../../../../src/reconcile/run/failover-state.ts';
import type { ProbeResult } from '../../../../src/reconcile/run/member-health.ts';
import type { PreviousSchedule } from '../../../../src/render/bind/schedule-claims.ts';
import { loadFleet } from '../../../../src/render/load/load-fleet.ts';
import { parseSources } from '../../../../src/render/parse/parse-sources.ts';
import { renderFleet } from '../../../../src/render/render-fleet.ts';
import type { Rendered } from '../../../../src/render/render-fleet.ts';

export const WEB = 'apps/v1/Deployment/shop/web';
export const MEMBERS = ['member1', 'member2', 'member3'];

/** The three members' Cluster objects. */
export const MEMBER_CLUSTERS = MEMBERS.map((name) => `apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata: {name: ${name}}\nspec: {}\n`).join('---\n');

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

/** One process's loop over `yaml`: its state, and passes rendered through it as the reconcile pass does. */
export function failoverLoop(yaml: string, seed: ReadonlyMap<string, PreviousSchedule> = new Map()) {
  const { fleet } = loadFleet(parseSources([{ path: 'fleet.yaml', blobId: 'b', content: Buffer.from(yaml) }]));
  const interpreter = createInterpreter([]);
  const state = new FailoverState({ graceMs: 30_000 });
  let last: Rendered['bindings'] = [];
  return {
    state,
    fleet,
    /** One pass at `now`; the members web is placed on, sorted. */
    pass(now: number): string[] {
      const inputs = state.inputs(fleet, last, now, seed);
      const rendered = renderFleet(inputs.fleet, interpreter, { sourceCommit: 'c', detect: {}, previousSchedules: inputs.previousSchedules, observedClusters: inputs.observedClusters });
      state.settle(rendered.bindings, now);
      last = rendered.bindings;
      return (last[0]?.binding?.clusters ?? []).map((c) => c.name).sort();
    },
    /** The last pass's replicas per member. */
    replicas(): Record<string, number> {
      return Object.fromEntries((last[0]?.binding?.clusters ?? []).map((c) => [c.name, c.replicas]));
    },
    /** The schedules the status branch would hold after the last pass. */
    schedules: (): Map<string, PreviousSchedule> => new Map(last.flatMap((b) => (b.binding ? [[refKey(b.binding.resource), { clusters: b.binding.clusters }] as const] : []))),
  };
}

/** A probe round: member2 as given, the others ready. */
export const probes = (member2: ProbeResult): Map<string, ProbeResult> => new Map(MEMBERS.map((c) => [c, c === 'member2' ? member2 : 'ready' as const]));

/** member2 as given; the other members' copies not applied yet, so no new placement settles. */
export const reports = (member2: HealthReport['health']): HealthReport[] =>
  MEMBERS.map((cluster) => (cluster === 'member2' ? { key: WEB, cluster, health: member2, applied: true } : { key: WEB, cluster, health: 'Unknown', applied: false }));
