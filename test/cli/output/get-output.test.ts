import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { ApiResource } from '../../../src/apply/kube-client.ts';
import { getText, nothingFound } from '../../../src/cli/output/get-output.ts';
import type { GetOutcome } from '../../../src/get/get-outcome.ts';

const DEPLOYMENTS: ApiResource = { group: 'apps', version: 'v1', kind: 'Deployment', resource: 'deployments', namespaced: true, verbs: ['list'] };
const NOW = Date.parse('2026-12-01T10:00:00Z');
const meta = (name: string, namespace: string) => ({ name, namespace, creationTimestamp: '2026-12-01T09:55:00Z' });

const rows: GetOutcome = {
  resource: DEPLOYMENTS,
  columns: [
    { name: 'Name', type: 'string', priority: 0 },
    { name: 'Ready', type: 'string', priority: 0 },
    { name: 'Age', type: 'string', priority: 0 },
    { name: 'Images', type: 'string', priority: 1 },
  ],
  items: [
    { cluster: 'member2', object: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: meta('web', 'shop') }, cells: ['web', '2/2', '5m', 'nginx:1'] },
    { cluster: 'member1', object: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: meta('web', 'shop') }, cells: ['web', '1/1', '5m', 'nginx:1\nmore'] },
    { cluster: 'member1', object: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: meta('api', 'shop') }, cells: ['api', '0/1', '5m', null] },
  ],
  failures: [],
};

describe('flotilla get output', () => {
  it('prints kubectl’s table with CLUSTER after NAME, rows by namespace, name and cluster', () => {
    expect(getText(rows, { format: 'table', allNamespaces: false, now: NOW }).split('\n')).toEqual([
      'NAME   CLUSTER   READY   AGE',
      'api    member1   0/1     5m',
      'web    member1   1/1     5m',
      'web    member2   2/2     5m',
    ]);
  });

  it('adds NAMESPACE first with -A and the wide columns with -o wide (a cell cut at its line break)', () => {
    expect(getText(rows, { format: 'wide', allNamespaces: true, now: NOW }).split('\n')).toEqual([
      'NAMESPACE   NAME   CLUSTER   READY   AGE   IMAGES',
      'shop        api    member1   0/1     5m    ',
      'shop        web    member1   1/1     5m    nginx:1...',
      'shop        web    member2   2/2     5m    nginx:1',
    ]);
  });

  it('computes kubectl’s columns itself for whole objects (the search cache)', () => {
    const objects: GetOutcome = {
      resource: DEPLOYMENTS,
      items: [
        {
          cluster: 'member1',
          object: {
            apiVersion: 'apps/v1',
            kind: 'Deployment',
            metadata: meta('web', 'shop'),
            spec: { replicas: 3, selector: { matchLabels: { app: 'web' } }, template: { spec: { containers: [{ name: 'web', image: 'nginx:1' }] } } },
            status: { readyReplicas: 2, updatedReplicas: 3, availableReplicas: 2 },
          },
        },
      ],
      failures: [],
    };
    expect(getText(objects, { format: 'wide', allNamespaces: false, now: NOW }).split('\n')).toEqual([
      'NAME   CLUSTER   READY   UP-TO-DATE   AVAILABLE   AGE   CONTAINERS   IMAGES    SELECTOR',
      'web    member1   2/3     3            2           5m    web          nginx:1   app=web',
    ]);
  });

  it('prints a v1 List whose items name their member in Karmada’s annotation (json and yaml alike)', () => {
    const json = JSON.parse(getText(rows, { format: 'json', allNamespaces: true, now: NOW }));
    expect(json).toMatchObject({ apiVersion: 'v1', kind: 'List' });
    expect(
      json.items.map((i: { metadata: { name: string; annotations: Record<string, string> } }) => [
        i.metadata.name,
        i.metadata.annotations['resource.karmada.io/cached-from-cluster'],
      ]),
    ).toEqual([
      ['api', 'member1'],
      ['web', 'member1'],
      ['web', 'member2'],
    ]);
    expect(parse(getText(rows, { format: 'yaml', allNamespaces: true, now: NOW }))).toEqual(json);
  });

  it('prints one CLUSTER/kind.group/name per object with -o name', () => {
    expect(getText(rows, { format: 'name', allNamespaces: false, now: NOW }).split('\n')).toEqual([
      'member1/deployment.apps/api',
      'member1/deployment.apps/web',
      'member2/deployment.apps/web',
    ]);
  });

  it('prints nothing when nothing was found, and kubectl’s words for it', () => {
    expect(getText({ ...rows, items: [] }, { format: 'table', allNamespaces: false, now: NOW })).toBe('');
    expect(nothingFound('shop', true)).toBe('No resources found in shop namespace.');
    expect(nothingFound(undefined, true)).toBe('No resources found');
    expect(nothingFound('shop', false)).toBe('No resources found');
  });
});
