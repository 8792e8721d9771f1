import { describe, expect, it } from 'vitest';
import type { Cluster } from '../../../src/model/index.ts';
import type { KubeClient } from '../../../src/apply/index.ts';
import { chartsVersionToRerender, membersLiveVersion } from '../../../src/reconcile/pass/live-kube-version.ts';
import type { FleetSource } from '../../../src/reconcile/pass/read-fleet.ts';
import { FakeKubeClient } from '../../fakes/kube-client.ts';

/** A member answering `/version` with `gitVersion`, or not answering it (`undefined`). */
function member(name: string, gitVersion: string | undefined): FakeKubeClient {
  const client = new FakeKubeClient(name);
  if (gitVersion !== undefined) client.rawAnswers.set('/version', { status: 200, body: JSON.stringify({ gitVersion }) });
  else client.rawAnswers.set('/version', { status: 503, body: 'unavailable' });
  return client;
}

function cluster(name: string, syncMode: 'Push' | 'Pull' = 'Push'): { object: Cluster } {
  return { object: { apiVersion: 'cluster.karmada.io/v1alpha1', kind: 'Cluster', metadata: { name }, spec: { syncMode } } as Cluster };
}

/** Only the parts the decision reads: the charts' rendered version and the Cluster objects. */
function source(charts: { kubeVersion?: string } | undefined, clusters: { object: Cluster }[]): FleetSource {
  return { snapshot: { ...(charts ? { charts } : {}) }, fleet: { clusters } } as unknown as FleetSource;
}

describe('membersLiveVersion', () => {
  const cases: [string, Map<string, KubeClient | Error>, string | undefined][] = [
    [
      'the oldest answer, build suffix dropped',
      new Map<string, KubeClient | Error>([
        ['a', member('a', 'v1.33.2')],
        ['b', member('b', 'v1.31.9+k3s1')],
      ]),
      'v1.31.9',
    ],
    [
      'a member without a client is left out',
      new Map<string, KubeClient | Error>([
        ['a', new Error('no context')],
        ['b', member('b', 'v1.34.0')],
      ]),
      'v1.34.0',
    ],
    [
      'a member that does not answer is left out',
      new Map<string, KubeClient | Error>([
        ['a', member('a', undefined)],
        ['b', member('b', 'v1.34.0')],
      ]),
      'v1.34.0',
    ],
    ['none answers', new Map<string, KubeClient | Error>([['a', member('a', undefined)]]), undefined],
  ];
  it.each(cases)('%s', async (_name, clients, expected) => {
    expect(await membersLiveVersion(clients)).toBe(expected);
  });

  it('leaves out a member that does not answer in time', async () => {
    const hung = member('a', 'v1.29.0');
    hung.hangWhen('raw', (path) => path === '/version');
    const clients = new Map<string, KubeClient | Error>([
      ['a', hung],
      ['b', member('b', 'v1.34.0')],
    ]);
    expect(await membersLiveVersion(clients, 20)).toBe('v1.34.0');
  });
});

describe('chartsVersionToRerender', () => {
  const cases: [string, { kubeVersion?: string } | undefined, string | undefined, string | undefined, number][] = [
    ['no chart rendered: no member is asked', undefined, 'v1.30.1', undefined, 0],
    ['the members answer an older version than the record', { kubeVersion: 'v1.36.3' }, 'v1.30.1', 'v1.30.1', 1],
    ['no record (helm default): the answer', {}, 'v1.30.1', 'v1.30.1', 1],
    ['the members answer the recorded version: the read stands', { kubeVersion: 'v1.30.1' }, 'v1.30.1', undefined, 1],
    ['no member answers: the record stands', { kubeVersion: 'v1.36.3' }, undefined, undefined, 1],
  ];
  it.each(cases)('%s', async (_name, charts, answer, expected, connects) => {
    const asked: string[][] = [];
    const connect = async (clusters: readonly Cluster[]) => {
      asked.push(clusters.map((c) => c.metadata.name));
      return new Map<string, KubeClient | Error>(clusters.map((c) => [c.metadata.name, member(c.metadata.name, answer)]));
    };
    const fleet = source(charts, [cluster('hub'), cluster('edge', 'Pull')]);
    expect(await chartsVersionToRerender(fleet, connect)).toBe(expected);
    expect(asked).toEqual(Array.from({ length: connects }, () => ['hub']));
  });

  it('asks nobody when every member is a Pull member', async () => {
    let connects = 0;
    const connect = async () => {
      connects++;
      return new Map<string, KubeClient | Error>();
    };
    expect(await chartsVersionToRerender(source({ kubeVersion: 'v1.36.3' }, [cluster('edge', 'Pull')]), connect)).toBeUndefined();
    expect(connects).toBe(0);
  });
});
