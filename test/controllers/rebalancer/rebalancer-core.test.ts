import { describe, expect, it } from 'vitest';
import { expiredRecord, pendingKeys, settledRecord, specDigest, syncedRecord } from '../../../src/controllers/rebalancer/rebalancer-core.ts';
import type { ObservedWorkload, RebalancerWorkload, RecordedRebalancer, WorkloadRebalancer } from '../../../src/model/index.ts';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const at = (ms: number): string => new Date(ms).toISOString();
const deploy = (name: string): RebalancerWorkload => ({ apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'shop', name });
const key = (name: string): string => `apps/v1/Deployment/shop/${name}`;
const rebalancer = (workloads: RebalancerWorkload[], ttl?: number): WorkloadRebalancer => ({
  apiVersion: 'apps.karmada.io/v1alpha1',
  kind: 'WorkloadRebalancer',
  metadata: { name: 'r' },
  spec: { workloads, ...(ttl !== undefined ? { ttlSecondsAfterFinished: ttl } : {}) },
});
const record = (r: WorkloadRebalancer, observedWorkloads: ObservedWorkload[], extra: Partial<RecordedRebalancer['status']> = {}): RecordedRebalancer => ({
  name: 'r',
  specDigest: specDigest(r),
  status: { observedWorkloads, observedGeneration: 1, ...extra },
});

describe('syncedRecord (generation = spec digest)', () => {
  const one = rebalancer([deploy('web')]);
  const done = record(one, [{ workload: deploy('web'), result: 'Successful' }], { finishTime: at(T0) });

  it('a new rebalancer has every workload pending, generation 1', () => {
    const r = syncedRecord(rebalancer([deploy('web'), deploy('api')]), undefined);
    expect(r.status).toEqual({ observedWorkloads: [{ workload: deploy('api') }, { workload: deploy('web') }], observedGeneration: 1 });
    expect(pendingKeys(r)).toEqual([key('api'), key('web')]);
  });

  it('a finished rebalancer with the same spec is never run again', () => {
    expect(syncedRecord(one, done)).toBe(done);
    expect(pendingKeys(syncedRecord(one, done))).toEqual([]);
  });

  it.each<{ name: string; spec: RebalancerWorkload[]; previous: ObservedWorkload[]; want: ObservedWorkload[] }>([
    {
      name: 'a workload added runs, the finished one keeps its result',
      spec: [deploy('web'), deploy('api')],
      previous: [{ workload: deploy('web'), result: 'Successful' }],
      want: [{ workload: deploy('api') }, { workload: deploy('web'), result: 'Successful' }],
    },
    {
      name: 'a Successful workload removed from the spec stays listed',
      spec: [deploy('api')],
      previous: [{ workload: deploy('web'), result: 'Successful' }],
      want: [{ workload: deploy('api') }, { workload: deploy('web'), result: 'Successful' }],
    },
    {
      name: 'a Failed workload removed from the spec goes',
      spec: [deploy('api')],
      previous: [{ workload: deploy('web'), result: 'Failed', reason: 'ReferencedBindingNotFound' }],
      want: [{ workload: deploy('api') }],
    },
    {
      name: 'a Failed workload still listed keeps its result',
      spec: [deploy('web'), deploy('api')],
      previous: [{ workload: deploy('web'), result: 'Failed', reason: 'ReferencedBindingNotFound' }],
      want: [{ workload: deploy('api') }, { workload: deploy('web'), result: 'Failed', reason: 'ReferencedBindingNotFound' }],
    },
  ])('a changed spec: $name, generation 2', ({ spec, previous, want }) => {
    const synced = syncedRecord(rebalancer(spec), record(one, previous, { finishTime: at(T0) }));
    expect(synced.status.observedWorkloads).toEqual(want);
    expect(synced.status.observedGeneration).toBe(2);
    expect(synced.specDigest).toBe(specDigest(rebalancer(spec)));
  });

  it('a changed TTL alone is a new generation with nothing to run', () => {
    const synced = syncedRecord(rebalancer([deploy('web')], 60), done);
    expect([synced.status.observedGeneration, pendingKeys(synced)]).toEqual([2, []]);
  });
});

describe('settledRecord (results, finishTime)', () => {
  const two = rebalancer([deploy('web'), deploy('gone')]);
  const fresh = syncedRecord(two, undefined);

  it.each<{ name: string; bound: string[]; complete: boolean; want: ObservedWorkload[]; finished: boolean }>([
    {
      name: 'bound: Successful; no binding in a complete render: Failed ReferencedBindingNotFound',
      bound: [key('web')],
      complete: true,
      want: [
        { workload: deploy('gone'), result: 'Failed', reason: 'ReferencedBindingNotFound' },
        { workload: deploy('web'), result: 'Successful' },
      ],
      finished: true,
    },
    {
      name: 'no binding in a render with errors: waits for a complete one, not finished',
      bound: [key('web')],
      complete: false,
      want: [{ workload: deploy('gone') }, { workload: deploy('web'), result: 'Successful' }],
      finished: false,
    },
  ])('$name', ({ bound, complete, want, finished }) => {
    const settled = settledRecord(fresh, undefined, new Set(bound), complete, T0);
    expect(settled.status.observedWorkloads).toEqual(want);
    expect(settled.status.finishTime).toBe(finished ? at(T0) : undefined);
  });

  it('an unchanged finished status keeps its finishTime (idempotent)', () => {
    const done = settledRecord(fresh, undefined, new Set([key('web'), key('gone')]), true, T0);
    expect(settledRecord(done, done.status, new Set(), true, T0 + 60_000)).toEqual(done);
  });
});

describe('expiredRecord (ttlSecondsAfterFinished)', () => {
  const r = rebalancer([deploy('web')], 30);
  const done = record(r, [{ workload: deploy('web'), result: 'Successful' }], { finishTime: at(T0) });
  it.each<{ name: string; rebalancer: WorkloadRebalancer; now: number; want: string | undefined }>([
    { name: 'before the TTL: not expired', rebalancer: r, now: T0 + 29_999, want: undefined },
    { name: 'at the TTL: expired at finishTime + TTL', rebalancer: r, now: T0 + 30_000, want: at(T0 + 30_000) },
    { name: 'long after: still the time it expired', rebalancer: r, now: T0 + 3_600_000, want: at(T0 + 30_000) },
    { name: 'no TTL: never', rebalancer: rebalancer([deploy('web')]), now: T0 + 3_600_000, want: undefined },
  ])('$name', ({ rebalancer: rb, now, want }) => {
    expect(expiredRecord(rb, done, now).status.expiredAt).toBe(want);
  });

  it('a rebalancer not finished does not expire', () => {
    expect(expiredRecord(r, record(r, [{ workload: deploy('web') }]), T0 + 3_600_000).status.expiredAt).toBeUndefined();
  });
});
