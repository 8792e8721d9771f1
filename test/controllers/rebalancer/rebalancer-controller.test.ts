// The rebalancer controller of `run` driven through its phases: one fresh schedule per rebalancer,
// kept across passes and a restart, its TTL as the controller's timer.
import { describe, expect, it } from 'vitest';
import { RebalancerController } from '../../../src/controllers/rebalancer/rebalancer-controller.ts';
import type { PreviousSchedule } from '../../../src/render/bind/schedule-claims.ts';
import { loadFleet } from '../../../src/render/load/load-fleet.ts';
import { parseSources } from '../../../src/render/parse/parse-sources.ts';
import type { TemplateBinding } from '../../../src/render/works/template-binding.ts';
import { emptyControllerRecords } from '../../../src/controllers/index.ts';
import type { ControllerRecords } from '../../../src/controllers/index.ts';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const WEB = 'apps/v1/Deployment/shop/web';
const REBALANCER = `apiVersion: apps.karmada.io/v1alpha1
kind: WorkloadRebalancer
metadata: {name: r}
spec:
  workloads: [{apiVersion: apps/v1, kind: Deployment, namespace: shop, name: web}]
  ttlSecondsAfterFinished: 60
`;
const { fleet } = loadFleet(parseSources([{ path: 'fleet.yaml', blobId: 'b', content: Buffer.from(REBALANCER) }]));
const previous = (): Map<string, PreviousSchedule> => new Map([[WEB, { clusters: [{ name: 'member1', replicas: 4 }] }]]);
// A rendered binding for web: only its resource counts here.
const bound = [{ binding: { resource: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'shop', name: 'web' } } }] as unknown as TemplateBinding[];

/** One pass at `now`: whether web's previous schedule reached the render, and the records. */
function pass(controller: RebalancerController, now: number, restore?: ControllerRecords) {
  const before = controller.beforeRender({
    now,
    lastBindings: [],
    ...(restore ? { restore } : {}),
    scheduling: { fleet, observedClusters: new Map(), previousSchedules: previous() },
  });
  const rendered = before.next.afterRender({ now, fleet, bindings: bound, complete: true, clusters: ['member1', 'member2'] });
  const records = { ...emptyControllerRecords(), ...rendered.next.afterApply({ now, applied: [], notApplied: [] }).records };
  return { keptPrevious: before.scheduling.previousSchedules.has(WEB), records };
}

describe('RebalancerController', () => {
  it('reschedules web afresh once; the next passes and a restarted process keep its schedule', () => {
    const live = new RebalancerController();
    const first = pass(live, T0);
    expect(first.keptPrevious).toBe(false);
    expect(first.records['workload-rebalancer'].get('r')?.status.observedWorkloads[0]?.result).toBe('Successful');
    expect(pass(live, T0 + 1000).keptPrevious).toBe(true);
    const restarted = pass(new RebalancerController(), T0 + 2000, first.records);
    expect(restarted.keptPrevious).toBe(true);
    expect(restarted.records['workload-rebalancer'].get('r')).toEqual(first.records['workload-rebalancer'].get('r'));
  });

  it('its timer is the TTL; past it the record says it expired and nothing else changes', () => {
    const live = new RebalancerController();
    pass(live, T0);
    expect(live.nextDue()).toBe(T0 + 60_000);
    const expired = pass(live, T0 + 60_000);
    expect(expired.keptPrevious).toBe(true);
    expect(expired.records['workload-rebalancer'].get('r')?.status).toMatchObject({
      finishTime: new Date(T0).toISOString(),
      expiredAt: new Date(T0 + 60_000).toISOString(),
    });
    expect(live.nextDue()).toBeUndefined();
  });
});
