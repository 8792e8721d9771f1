// Failover's record section carries what the status step used to read of failover by name: its
// record of a pass (with the taint policies' taints), and the hooks that decorate the cluster and
// binding documents and name the members a template concerns.
import { describe, expect, it } from 'vitest';
import { emptyControllerRecords, emptyFailoverView, RECORD_SECTIONS } from '../../../src/controllers/index.ts';
import type { FailoverView } from '../../../src/controllers/index.ts';
import type { GracefulEvictionTask, Taint } from '../../../src/model/index.ts';
import type { TemplateStatus } from '../../../src/status/index.ts';

const WEB = 'apps/v1/Deployment/shop/web';
const NOT_READY: Taint = { key: 'cluster.karmada.io/not-ready', effect: 'NoExecute', timeAdded: '2026-11-29T17:00:00Z' };
const POLICY: Taint = { key: 'maintenance', effect: 'NoSchedule' };
const TASK: GracefulEvictionTask = {
  fromCluster: 'member2',
  purgeMode: 'Gracefully',
  reason: 'TaintUntolerated',
  producer: 'TaintManager',
  creationTimestamp: '2026-11-29T17:00:00.000Z',
};
const section = RECORD_SECTIONS.find((s) => s.name === 'failover');

function records(failover: FailoverView, policy: ReadonlyMap<string, readonly Taint[]> = new Map()) {
  return { ...emptyControllerRecords(), failover, 'taint-policy': policy };
}

const VIEW: FailoverView = {
  taints: new Map([['member2', [NOT_READY]]]),
  tasks: new Map([[WEB, [TASK]]]),
  unhealthySince: new Map([[WEB, [{ clusterName: 'member1', since: '2026-11-29T16:00:00Z' }]]]),
};

const STATUS = {
  resource: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'shop', name: 'web' },
  policy: null,
  replicas: 2,
  clusters: [],
  conditions: [],
  aggregatedStatus: [],
  health: 'Healthy',
  problems: [],
} as unknown as TemplateStatus;

describe("failover's record section", () => {
  it('writes nothing of a view that lists nothing, even with members listed with no taint', () => {
    expect(section?.written?.(records(emptyFailoverView()), false)).toBeUndefined();
    const empty = { ...emptyFailoverView(), taints: new Map([['member1', []]]) };
    expect(section?.written?.(records(empty), true)).toBeUndefined();
  });

  it("writes its view with the taint policies' taints beside its own", () => {
    const written = section?.written?.(
      records(
        VIEW,
        new Map([
          ['member2', [POLICY, NOT_READY]],
          ['member3', [POLICY]],
        ]),
      ),
      false,
    ) as FailoverView;
    expect([...written.taints]).toEqual([
      ['member2', [NOT_READY, POLICY]],
      ['member3', [POLICY]],
    ]);
    expect(written.tasks).toBe(VIEW.tasks);
    expect(section?.written?.(records(emptyFailoverView(), new Map([['member3', [POLICY]]])), false)).toEqual({
      ...emptyFailoverView(),
      taints: new Map([['member3', [POLICY]]]),
    });
  });

  it("adds a member's taints to its cluster report, and nothing to a member without any", () => {
    expect(section?.clusterReport?.(VIEW, 'member2')).toEqual({ taints: [NOT_READY] });
    expect(section?.clusterReport?.(VIEW, 'member1')).toEqual({});
  });

  it("adds a template's eviction tasks and first-unhealthy times to its status", () => {
    expect(section?.templateStatus?.(VIEW, STATUS)).toEqual({
      ...STATUS,
      gracefulEvictionTasks: [TASK],
      unhealthySince: [{ clusterName: 'member1', since: '2026-11-29T16:00:00Z' }],
    });
    expect(section?.templateStatus?.(emptyFailoverView(), STATUS)).toEqual(STATUS);
  });

  it('names the members its eviction tasks keep out of a template as concerned', () => {
    expect(section?.concernedMembers?.(VIEW, WEB)).toEqual(['member2']);
    expect(section?.concernedMembers?.(VIEW, 'v1/ConfigMap/shop/other')).toEqual([]);
  });
});
