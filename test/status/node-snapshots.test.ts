import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../src/model/index.ts';
import { nodeSnapshots, podSnapshots } from '../../src/status/index.ts';

const node = (name: string, spec: Record<string, unknown> = {}, labels: Record<string, string> = {}): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name, labels },
  spec,
  status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } },
});
const pod = (name: string, nodeName: string | undefined, cpu: string, status: Record<string, unknown> = {}): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'shop', labels: { app: 'web' } },
  spec: { ...(nodeName ? { nodeName } : {}), containers: [{ name: 'c', resources: { requests: { cpu } } }] },
  status: { phase: 'Running', ...status },
});

describe('nodeSnapshots: NodeInfo.AssignedPodRequest (docs/karmada-compatibility.md#accurate-estimator)', () => {
  it.each<[string, KubeObject[], { milliCpu: number; pods: number } | undefined]>([
    [
      'subtracts the requests of the pods bound to the node, each taking a pod slot',
      [pod('p1', 'n1', '1'), pod('p2', 'n1', '500m')],
      { milliCpu: 2500, pods: 108 },
    ],
    ['leaves out pods bound elsewhere and pods not bound', [pod('p1', 'n2', '1'), pod('p2', undefined, '1')], { milliCpu: 4000, pods: 110 }],
    [
      'leaves out Succeeded and Failed pods',
      [pod('p1', 'n1', '1', { phase: 'Succeeded' }), pod('p2', 'n1', '1', { phase: 'Failed' })],
      { milliCpu: 4000, pods: 110 },
    ],
    ['gives no idle resources when the pods ask more than the node has', [pod('p1', 'n1', '3'), pod('p2', 'n1', '2')], undefined],
  ])('%s', (_name, pods, want) => {
    const [snapshot] = nodeSnapshots([node('n1')], pods);
    expect(snapshot?.idle && { milliCpu: snapshot.idle.milliCpu, pods: snapshot.idle.pods }).toEqual(want);
  });

  it('keeps the labels, taints and cordon the node claim is matched against', () => {
    const taints = [{ key: 'gpu', effect: 'NoSchedule' }];
    const [snapshot] = nodeSnapshots([node('n1', { taints, unschedulable: true }, { zone: 'z1' })], []);
    expect(snapshot).toMatchObject({ name: 'n1', labels: { zone: 'z1' }, taints, unschedulable: true });
  });
});

describe('podSnapshots: the pods the descheduler counts', () => {
  const unschedulable = {
    phase: 'Pending',
    conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', lastTransitionTime: '2026-01-01T00:00:00Z' }],
  };
  it.each<[string, Record<string, unknown>, object[]]>([
    ['keeps a Pending pod the scheduler found no node for, with since when', unschedulable, [{ ready: false, unschedulableSince: '2026-01-01T00:00:00Z' }]],
    ['keeps a Ready pod', { conditions: [{ type: 'Ready', status: 'True' }] }, [{ ready: true }]],
    [
      'drops a Pending pod waiting for another reason',
      { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }] },
      [],
    ],
    ['drops a Running pod that is not Ready', { conditions: [{ type: 'Ready', status: 'False' }] }, []],
  ])('%s', (_name, status, want) => {
    expect(podSnapshots([pod('p', undefined, '1', status)])).toEqual(want.map((w) => ({ namespace: 'shop', labels: { app: 'web' }, ...w })));
  });
});
