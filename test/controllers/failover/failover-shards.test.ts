import { describe, expect, it } from 'vitest';
import type { GracefulEvictionTask } from '../../../src/model/index.ts';
import { withShardEvictionTasks } from '../../../src/controllers/failover/failover-shards.ts';
import type { TemplateStatus } from '../../../src/status/index.ts';
import { APPLICATION_FAILOVER, failoverLoop, MEMBERS, probes, reports, WEB, webFleet } from './failover-loop.ts';

const FLEET = webFleet('', APPLICATION_FAILOVER);

const WEB_STATUS: TemplateStatus = {
  resource: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'shop', name: 'web' },
  policy: null,
  replicas: 2,
  clusters: [],
  conditions: [],
  aggregatedStatus: [],
  health: 'Healthy',
  problems: [],
};

/** The status branch's eviction tasks of web, as the replicas' status steps merge them. */
class Branch {
  tasks: GracefulEvictionTask[] = [];
  writes = 0;
}

/** One replica: its failover controller, its passes, and its status step's write and adoption. */
function replica(owned: readonly string[], branch: Branch) {
  const owns = (cluster: string): boolean => owned.includes(cluster);
  const run = failoverLoop(FLEET);
  return {
    ...run,
    /** The last pass's status step: its record merged with the branch's, and what the branch now holds reported back. */
    write(now: number): void {
      const merged =
        withShardEvictionTasks({ ...WEB_STATUS, gracefulEvictionTasks: [...(run.record().tasks.get(WEB) ?? [])] }, owns, branch.tasks).gracefulEvictionTasks ??
        [];
      if (JSON.stringify(merged) !== JSON.stringify(branch.tasks)) branch.writes += 1;
      branch.tasks = merged;
      run.report({ recorded: { taints: new Map(), tasks: new Map([[WEB, merged]]), unhealthySince: new Map([[WEB, []]]) }, owns }, now);
    },
  };
}
const created = (branch: Branch) => branch.tasks.map((t) => [t.fromCluster, t.creationTimestamp]);

describe('The failover controller with shards: the owner of a member decides its failover', () => {
  it("the other replica, 7 s behind, takes the owner's task and its timeout; nobody rewrites the branch", () => {
    const branch = new Branch();
    const owner = replica(['member2'], branch);
    const other = replica(['member1', 'member3'], branch);
    owner.pass(0);
    other.pass(7_000);
    owner.controller.recordProbes(probes('unreachable'), 0);
    owner.controller.recordProbes(probes('unreachable'), 30_000);
    other.controller.recordProbes(probes('unreachable'), 7_000);
    other.controller.recordProbes(probes('unreachable'), 37_000);
    owner.report({ health: reports('Unknown') }, 0);
    other.report({ health: reports('Unknown') }, 7_000);

    expect(owner.pass(30_000)).toEqual(['member1', 'member3']);
    owner.write(30_000);
    expect(created(branch)).toEqual([['member2', '1970-01-01T00:00:30.000Z']]);
    expect(other.pass(37_000)).toEqual(['member1', 'member3']);
    expect(
      other
        .record()
        .tasks.get(WEB)
        ?.map((t) => t.creationTimestamp),
    ).toEqual(['1970-01-01T00:00:37.000Z']);
    other.write(37_000);
    expect(created(branch)).toEqual([['member2', '1970-01-01T00:00:30.000Z']]);
    expect(other.record().tasks.get(WEB)).toEqual(owner.record().tasks.get(WEB));
    // The same members kept out: no pass is asked for.
    expect(other.controller.nextDue()).toBeGreaterThan(37_000);

    for (const at of [60_000, 90_000]) {
      expect(owner.pass(at)).toEqual(other.pass(at + 7_000));
      owner.write(at);
      other.write(at + 7_000);
    }
    expect(branch.writes).toBe(1);
    // The owner times the task out at its creation time + 10 minutes; the other replica does not end it by its own clock, but with the owner.
    expect(other.pass(700_000)).toEqual(['member1', 'member3']);
    expect(other.record().tasks.get(WEB)).toHaveLength(1);
    owner.pass(630_000);
    owner.write(630_000);
    expect(branch.tasks).toEqual([]);
    other.write(700_000);
    expect(other.record().tasks.size).toBe(0);
    expect(other.controller.nextDue()).toBe(700_000);
  });

  it('a task the other replica did not decide is adopted and moves its placement in a pass asked for at once; ended by the owner, it is dropped', () => {
    const branch = new Branch();
    const owner = replica(['member2'], branch);
    const other = replica(['member1', 'member3'], branch);
    owner.pass(0);
    other.pass(0);
    owner.report({ health: reports('Unhealthy') }, 0);
    owner.pass(0);
    expect(owner.pass(60_000)).toEqual(['member1', 'member3']);
    owner.write(60_000);

    other.write(61_000);
    expect(other.controller.nextDue()).toBe(61_000);
    expect(other.record().tasks.get(WEB)).toEqual([
      expect.objectContaining({ fromCluster: 'member2', reason: 'ApplicationFailure', creationTimestamp: '1970-01-01T00:01:00.000Z' }),
    ]);
    expect(other.pass(61_000)).toEqual(['member1', 'member3']);

    // The other replica's members settled: it does not end the owner's task itself.
    other.report({ health: MEMBERS.map((cluster) => ({ key: WEB, cluster, health: 'Healthy' })) }, 65_000);
    expect(other.pass(65_000)).toEqual(['member1', 'member3']);
    expect(other.record().tasks.get(WEB)).toHaveLength(1);
    // The owner's task is gone from the branch (its owner ended it): the other replica drops it too.
    branch.tasks = [];
    other.write(70_000);
    expect(other.record().tasks.size).toBe(0);
    expect(other.controller.nextDue()).toBe(70_000);
  });
});
