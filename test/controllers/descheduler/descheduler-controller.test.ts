// The descheduler of `run` driven through its phases: every interval it lowers the members whose
// replicas stay unschedulable, records it, and the record reads back from the status branch.
import { describe, expect, it } from 'vitest';
import { emptyControllerRecords } from '../../../src/controllers/index.ts';
import type { ControllerRecords } from '../../../src/controllers/index.ts';
import { DeschedulerController } from '../../../src/controllers/descheduler/descheduler-controller.ts';
import { deschedulerRecordSection } from '../../../src/controllers/descheduler/record-section.ts';
import type { NodeObservation } from '../../../src/model/index.ts';
import type { Fleet, PreviousSchedule, TemplateBinding } from '../../../src/render/index.ts';

const T0 = Date.parse('2026-01-01T00:10:00Z');
const WEB = 'apps/v1/Deployment/shop/web';
const web = { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'shop', name: 'web' };
const placement = {
  replicaScheduling: { replicaSchedulingType: 'Divided', replicaDivisionPreference: 'Weighted', weightPreference: { dynamicWeight: 'AvailableReplicas' } },
};
const clusters = [
  { name: 'member1', replicas: 3 },
  { name: 'member2', replicas: 1 },
];
const bindings = [
  {
    template: { object: { ...web, metadata: { name: 'web', namespace: 'shop' }, spec: { selector: { matchLabels: { app: 'web' } } } } },
    binding: { resource: web, placement, clusters, replicas: 4, error: null },
  },
] as unknown as TemplateBinding[];
const stuck = (minutes: number) => ({
  namespace: 'shop',
  labels: { app: 'web' },
  ready: false,
  unschedulableSince: new Date(T0 - minutes * 60_000).toISOString(),
});
const observedNodes = (minutes: number): Map<string, NodeObservation> =>
  new Map([['member1', { nodes: [], pods: [{ namespace: 'shop', labels: { app: 'web' }, ready: true }, stuck(minutes), stuck(minutes)] }]]);

function pass(controller: DeschedulerController, now: number, minutes: number, restore?: ControllerRecords) {
  const previousSchedules = new Map<string, PreviousSchedule>([[WEB, { clusters }]]);
  const before = controller.beforeRender({
    now,
    lastBindings: bindings,
    ...(restore ? { restore } : {}),
    scheduling: { fleet: {} as Fleet, observedClusters: new Map(), previousSchedules, observedNodes: observedNodes(minutes) },
  });
  const rendered = before.next.afterRender({ now, fleet: {} as Fleet, bindings, complete: true, clusters: ['member1', 'member2'] });
  const records = { ...emptyControllerRecords(), ...rendered.next.afterApply({ now, applied: [], notApplied: [] }).records };
  return { member1: before.scheduling.previousSchedules.get(WEB)?.clusters[0]?.replicas, records };
}

describe('DeschedulerController', () => {
  it('moves the replicas unschedulable past the threshold, then waits an interval', () => {
    const live = new DeschedulerController({ intervalMs: 60_000, thresholdMs: 300_000 });
    const first = pass(live, T0, 6);
    expect(first.member1).toBe(1);
    expect(first.records.descheduler.get(WEB)?.clusters).toEqual([{ name: 'member1', spec: 3, ready: 1, unschedulable: 2, target: 1 }]);
    expect(live.nextDue()).toBe(T0 + 60_000);
    expect(pass(live, T0 + 30_000, 6).member1).toBe(3);
    expect(pass(live, T0 + 60_000, 6).member1).toBe(1);
  });

  it('leaves replicas unschedulable for less than the threshold', () => {
    expect(pass(new DeschedulerController({ thresholdMs: 300_000 }), T0, 4).member1).toBe(3);
  });

  it('is off with an interval of 0, and in its recorded form, which replays the records only', () => {
    expect(pass(new DeschedulerController({ intervalMs: 0 }), T0, 9).member1).toBe(3);
    const { records } = pass(new DeschedulerController(), T0, 9);
    const replayed = pass(new DeschedulerController({}, false), T0 + 1000, 9, records);
    expect(replayed.member1).toBe(3);
    expect(replayed.records.descheduler).toEqual(records.descheduler);
  });

  it('its record goes to descheduled/ on the status branch and reads back', () => {
    const { records } = pass(new DeschedulerController(), T0, 9);
    const written = deschedulerRecordSection.written?.(records, false);
    const files = deschedulerRecordSection.files?.(written ?? []) ?? [];
    expect(files.map((f) => f.path)).toEqual(['descheduled/apps/Deployment/shop/web.yaml']);
    const read = files.reduce(
      (list, f) => deschedulerRecordSection.read?.(list, f.path, JSON.parse(JSON.stringify(f.document)), () => undefined),
      undefined as Parameters<NonNullable<typeof deschedulerRecordSection.read>>[0],
    );
    expect(deschedulerRecordSection.restored?.(read)).toEqual({ descheduler: records.descheduler });
    const warnings: string[] = [];
    expect(deschedulerRecordSection.read?.(undefined, 'x', { kind: 'Descheduling' }, (w) => warnings.push(w))).toBeUndefined();
    expect(warnings).toHaveLength(1);
  });
});
