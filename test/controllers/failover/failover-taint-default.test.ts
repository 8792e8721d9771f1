// Karmada v1.14+ adds no NoExecute taint to a failed member on its own: it is NotReady, so nothing new is placed
// there, and its workloads stay. `run --failover-taint` is the behaviour before v1.14.
import { describe, expect, it } from 'vitest';
import { failoverLoop, MEMBERS, probes, webFleet } from './failover-loop.ts';

describe('a member failed past the grace, by default (Karmada v1.14+)', () => {
  it('is NotReady and keeps its workloads: no taint, no eviction task', () => {
    const run = failoverLoop(webFleet(), undefined, undefined, false);
    run.pass(0);
    run.controller.recordProbes(probes('unreachable'), 0);
    run.controller.recordProbes(probes('unreachable'), 30_000);
    expect(run.pass(30_000)).toEqual(MEMBERS);
    expect(run.controller.failedMembers(30_000)).toEqual(['member2']);
    expect(run.record().taints.size).toBe(0);
    expect(run.record().tasks.size).toBe(0);
    const ready = run
      .scheduling()
      ?.observedClusters.get('member2')
      ?.conditions?.find((c) => c.type === 'Ready');
    expect(ready?.status).toBe('Unknown');
    expect(run.scheduling()?.fleet.clusters.find((c) => c.object.metadata.name === 'member2')?.object.spec.taints).toBeUndefined();
  });

  it('with --failover-taint, gets the NoExecute taint and is evicted from', () => {
    const run = failoverLoop(webFleet(), undefined, undefined, true);
    run.pass(0);
    run.controller.recordProbes(probes('unreachable'), 0);
    run.controller.recordProbes(probes('unreachable'), 30_000);
    expect(run.pass(30_000)).toEqual(['member1', 'member3']);
    expect([...run.record().taints.keys()]).toEqual(['member2']);
  });
});
