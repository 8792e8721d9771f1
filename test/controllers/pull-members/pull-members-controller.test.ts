// The pull-members controller driven through the phases with the failover controller after it,
// as the registry orders them: a silent agent makes its member NotReady, then failed over.
import { describe, expect, it, vi } from 'vitest';
import type { Controller, ControllerContext } from '../../../src/controllers/controller.ts';
import { FailoverController } from '../../../src/controllers/failover/failover-controller.ts';
import { inOrder } from '../../../src/controllers/in-order.ts';
import { PullMembersController } from '../../../src/controllers/pull-members/pull-members-controller.ts';
import type { AgentReport, Cluster, ClusterStatus } from '../../../src/model/index.ts';
import { loadFleet } from '../../../src/render/load/load-fleet.ts';
import { parseSources } from '../../../src/render/parse/parse-sources.ts';
import type { AgentReports } from '../../../src/status/index.ts';
import { pullLoop, READY } from './pull-loop.ts';
import { waitFor } from '../../helpers/wait.ts';
import { MEMBERS, webFleet } from '../failover/failover-loop.ts';

const T0 = Date.parse('2026-01-01T00:00:00Z');

/** The three-member web fleet with member3 in Pull mode, silent after 3 s. */
const FLEET = webFleet().replace(
  'metadata: {name: member3}\nspec: {}',
  'metadata: {name: member3, annotations: {flotilla.io/heartbeat-grace: 3s}}\nspec: {syncMode: Pull}',
);

const report = (at: number, status: ClusterStatus = READY): AgentReport => ({
  cluster: 'member3',
  heartbeat: new Date(at).toISOString(),
  heartbeatSeconds: 1,
  holder: 'h',
  clusterStatus: status,
  objects: [],
  pruned: [],
});

function loop(controller: Controller) {
  const pass = pullLoop(controller);
  return (now: number, reports: AgentReports | undefined) => pass(FLEET, now, reports);
}

const heard = (at: number): AgentReports => new Map([['member3', { report: report(at) }]]);

describe('the pull-members controller', () => {
  it("a silent agent's member is NotReady after its grace, failed over after the failover grace, back when it reports again", () => {
    const pull = new PullMembersController({ failoverGraceMs: 2_000, monitorIntervalMs: 1_000 });
    const pass = loop(inOrder([pull, new FailoverController({ graceMs: 2_000, taintOnFailure: true })]));
    expect(pass(T0, heard(T0))).toMatchObject({ placed: MEMBERS, ready: 'ClusterReady' });
    expect(pull.nextDue()).toBeUndefined();
    // Silent past the grace: Unknown, so the scheduler's unreachable NoSchedule taint; still placed (NoSchedule does not evict).
    expect(pass(T0 + 3_000, heard(T0))).toMatchObject({ placed: MEMBERS, ready: 'ClusterStatusUnknown' });
    expect(pull.nextDue()).toBe(T0 + 5_000);
    // Failed over: Karmada's NoExecute taint evicts web from member3 (the failover controller's condition, as for a Push member).
    expect(pass(T0 + 5_000, heard(T0))).toMatchObject({ placed: ['member1', 'member2'], ready: 'ClusterNotReachable' });
    expect(pull.nextDue()).toBeUndefined();
    expect(pass(T0 + 6_000, heard(T0 + 6_000))).toMatchObject({ ready: 'ClusterReady' });
  });

  it('leaves a pass that reads no reports (plan) as it is, and a fleet without Pull members', () => {
    expect(loop(new PullMembersController())(T0, undefined)).toMatchObject({ placed: MEMBERS, ready: 'ClusterReady' });
    expect(loop(new PullMembersController())(T0, new Map())).toMatchObject({ ready: 'ClusterStatusNeverUpdated' });
  });

  it.each([
    ['whose agent never reported', new Map(), ['member3 is a Pull member whose agent has not reported yet']],
    ['whose agent reported', heard(T0), []],
    ['in a pass that reads no reports (offline plan)', undefined, []],
  ] as const)('names a member %s as such, not only by its taint', (_what, reports, messages) => {
    const diagnostics = loop(new PullMembersController())(T0, reports).diagnostics;
    expect(diagnostics.map((d) => d.message.split(':')[0])).toEqual(messages);
    for (const d of diagnostics) {
      expect(d).toMatchObject({ severity: 'warning', object: 'Cluster/member3', file: 'fleet.yaml' });
      expect(d.message).toContain('nothing is scheduled to it until it does');
    }
  });

  it('the recorded form (apply) decides readiness the same way but arms no timer', () => {
    const recorded = new PullMembersController();
    expect(loop(recorded)(T0 + 10_000, heard(T0)).ready).toBe('ClusterStatusUnknown');
    expect(recorded.nextDue()).toBeUndefined();
  });

  it('between passes, reads the reports at the probe interval and asks for a pass when a member goes silent or reports something new', async () => {
    const pull = new PullMembersController({ failoverGraceMs: 2_000, monitorIntervalMs: 10 });
    let now = T0;
    let reports: AgentReports = heard(T0);
    loop(pull)(now, reports);
    const requests: string[] = [];
    const probed: [string, boolean][] = [];
    const { fleet } = loadFleet(parseSources([{ path: 'fleet.yaml', blobId: 'b', content: Buffer.from(FLEET) }]));
    const clusters: Cluster[] = fleet.clusters.map((c) => c.object);
    const context: ControllerContext = {
      access: { kubeconfig: {}, client: {} },
      clusters: () => clusters,
      now: () => now,
      requestPass: (detail) => requests.push(detail),
      memberProbed: (cluster, ready) => probed.push([cluster, ready]),
      agentReports: async (names) => {
        expect(names).toEqual(['member3']);
        return reports;
      },
      warn: () => undefined,
    };
    const watching = pull.start(context);
    now = T0 + 500;
    reports = heard(T0 + 500);
    await new Promise((r) => setTimeout(r, 50));
    expect(requests).toEqual([]);
    now = T0 + 4_000;
    await waitFor('a pass asked for a silent member', async () => requests[0], { timeoutMs: 2_000, intervalMs: 10 });
    expect(requests[0]).toBe('Pull members: member3 stale');
    expect(probed).toContainEqual(['member3', false]);
    await watching.close();
  });

  it('between passes, starts no round while the last one still reads (a slow git host): no backlog of rounds builds up', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const pull = new PullMembersController({ failoverGraceMs: 2_000, monitorIntervalMs: 10 });
      loop(pull)(T0, heard(T0));
      const { fleet } = loadFleet(parseSources([{ path: 'fleet.yaml', blobId: 'b', content: Buffer.from(FLEET) }]));
      let reads = 0;
      let release: () => void = () => undefined;
      const hanging = new Promise<void>((resolve) => {
        release = resolve;
      });
      const watching = pull.start({
        access: { kubeconfig: {}, client: {} },
        clusters: () => fleet.clusters.map((c) => c.object),
        now: () => T0,
        requestPass: () => undefined,
        memberProbed: () => undefined,
        agentReports: async () => {
          reads++;
          if (reads === 1) await hanging;
          return heard(T0);
        },
        warn: () => undefined,
      });
      // A hundred intervals while the first read hangs, then it ends: no interval's round was left waiting to run.
      vi.advanceTimersByTime(1_000);
      release();
      for (let i = 0; i < 20; i++) await Promise.resolve();
      expect(reads).toBe(1);
      vi.advanceTimersByTime(10);
      for (let i = 0; i < 20; i++) await Promise.resolve();
      expect(reads).toBe(2);
      await watching.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
