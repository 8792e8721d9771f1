import { describe, expect, it } from 'vitest';
import type { HealthReport } from '../../../src/controllers/controller.ts';
import { EMPTY_FAILOVER_MEMORY } from '../../../src/controllers/failover/failover-memory.ts';
import { confirmPurges } from '../../../src/controllers/failover/failover-pass.ts';
import { failoverLoop, MEMBERS, probes, WEB, webFleet } from './failover-loop.ts';

const onNewPlacement = (health: HealthReport['health']): HealthReport[] =>
  MEMBERS.map((cluster) => (cluster === 'member2' ? { key: WEB, cluster, health: 'Unknown', applied: false } : { key: WEB, cluster, health, applied: true }));

describe('failover clean-up: an evicted copy meant to go is released, not held to the mass-prune share', () => {
  it('a Gracefully task that ends releases its old copy until a pass has seen it pruned', () => {
    const run = failoverLoop(webFleet());
    run.pass(0);
    run.report({ health: onNewPlacement('Unknown') }, 1_000);
    run.controller.recordProbes(probes('unreachable'), 0);
    run.controller.recordProbes(probes('unreachable'), 30_000);
    expect(run.pass(30_000)).toEqual(['member1', 'member3']);
    // While the task lasts, the old copy is kept, not released.
    expect(run.holds()?.kept.get('member2')?.has(WEB)).toBe(true);
    expect(run.holds()?.released).toBeUndefined();
    run.report({ health: onNewPlacement('Healthy') }, 31_000);
    run.pass(32_000);
    expect(run.record().tasks.size).toBe(0);
    expect(run.holds()?.kept.get('member2')).toBeUndefined();
    expect(run.holds()?.released).toEqual(new Map([['member2', new Set([WEB])]]));
    // Not pruned yet (the loop applies nothing): still released in the next pass.
    run.pass(33_000);
    expect(run.holds()?.released).toEqual(new Map([['member2', new Set([WEB])]]));
  });

  it.each([
    ['a pass that pruned the member cleanly ends the release', ['member2'], new Map()],
    ['a pass that could not prune it keeps it', ['member1'], new Map([['member2', new Set([WEB])]])],
  ])('%s', (_name, purged, left) => {
    const memory = { ...EMPTY_FAILOVER_MEMORY, released: new Map([['member2', new Set([WEB])]]) };
    expect(confirmPurges(memory, purged, 0).released).toEqual(left);
  });
});
