// A member switched from Push to Pull while `run` is up: its agent gets the heartbeat grace, from the switch, to
// publish a first report before the member is judged; nothing is evicted in between.
import { describe, expect, it } from 'vitest';
import type { Controller } from '../../../src/controllers/controller.ts';
import { FailoverController } from '../../../src/controllers/failover/failover-controller.ts';
import { inOrder } from '../../../src/controllers/in-order.ts';
import { awaitingFirstReport, nextModes } from '../../../src/controllers/pull-members/mode-switch.ts';
import { PullMembersController } from '../../../src/controllers/pull-members/pull-members-controller.ts';
import type { AgentReport } from '../../../src/model/index.ts';
import type { AgentReports } from '../../../src/status/index.ts';
import { pullLoop, READY } from './pull-loop.ts';
import { MEMBERS, webFleet } from '../failover/failover-loop.ts';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const PUSH = webFleet();
const PULL = webFleet().replace(
  'metadata: {name: member3}\nspec: {}',
  'metadata: {name: member3, annotations: {flotilla.io/heartbeat-grace: 3s}}\nspec: {syncMode: Pull}',
);
const heard = (at: number): AgentReports => {
  const report: AgentReport = {
    cluster: 'member3',
    heartbeat: new Date(at).toISOString(),
    heartbeatSeconds: 1,
    holder: 'h',
    clusterStatus: READY,
    objects: [],
    pruned: [],
  };
  return new Map([['member3', { report }]]);
};

/** Passes of one process over the fleet each call names; the members web is placed on. */
function loop(controller: Controller) {
  const pass = pullLoop(controller);
  return (yaml: string, now: number, reports: AgentReports): string[] => pass(yaml, now, reports).placed;
}

describe('a member switched from Push to Pull with run up', () => {
  const pass = () =>
    loop(
      inOrder([
        new PullMembersController({ failoverGraceMs: 2_000, monitorIntervalMs: 1_000 }),
        new FailoverController({ graceMs: 2_000, taintOnFailure: true }),
      ]),
    );

  it('is not judged before its agent could report: nothing evicted, and its first report makes it Ready', () => {
    const run = pass();
    expect(run(PUSH, T0, new Map())).toEqual(MEMBERS);
    expect(run(PULL, T0 + 1_000, new Map())).toEqual(MEMBERS);
    expect(run(PULL, T0 + 3_500, new Map())).toEqual(MEMBERS);
    expect(run(PULL, T0 + 3_900, heard(T0 + 3_800))).toEqual(MEMBERS);
    expect(run(PULL, T0 + 9_000, heard(T0 + 8_000))).toEqual(MEMBERS);
  });

  it('is judged once the grace from the switch is over and its agent never spoke', () => {
    const run = pass();
    run(PUSH, T0, new Map());
    run(PULL, T0 + 1_000, new Map());
    expect(run(PULL, T0 + 4_000, new Map())).toEqual(MEMBERS);
    expect(run(PULL, T0 + 6_000, new Map())).toEqual(['member1', 'member2']);
  });

  it.each([
    ['a member first seen in Pull mode has not switched', new Map(), true, T0, false],
    ['a member seen in Push mode and now in Pull has, from now', new Map([['m', { pull: false, since: Number.NEGATIVE_INFINITY }]]), true, T0, true],
    ['a Pull member seen in Pull mode keeps its time', new Map([['m', { pull: true, since: T0 - 5_000 }]]), true, T0, true],
  ])('%s', (_name, before, pull, now, waiting) => {
    expect(awaitingFirstReport(nextModes(before, new Map([['m', pull]]), now), 'm', 10_000, now)).toBe(waiting);
  });
});
