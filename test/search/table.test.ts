import { describe, expect, it } from 'vitest';
import { answerShape, objectsTable, wantsTable } from '../../src/search/table.ts';
import { cachedDeployment, DEPLOYMENTS } from './cache-fixture.ts';

const KUBECTL = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json';
const NOW = Date.parse('2026-12-05T00:00:00Z');

describe('which answers are Tables', () => {
  it.each<[string | undefined, boolean]>([
    [KUBECTL, true],
    ['application/json; as=Table; g=meta.k8s.io; v=v1', true],
    ['application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json', false],
    ['application/json', false],
    [undefined, false],
  ])('%j', (accept, want) => expect(wantsTable(accept)).toBe(want));

  it.each<[string, unknown]>([
    ['', { table: true, include: 'Metadata', now: NOW }],
    ['includeObject=Object', { table: true, include: 'Object', now: NOW }],
    ['includeObject=None', { table: true, include: 'None', now: NOW }],
    ['includeObject=All', 'includeObject: must be None, Metadata or Object, not All'],
  ])('includeObject from %j', (query, want) => expect(answerShape(KUBECTL, new URLSearchParams(query), NOW)).toEqual(want));

  it('answers objects when no Table is asked for, whatever includeObject says', () => {
    expect(answerShape('application/json', new URLSearchParams('includeObject=All'), NOW)).toEqual({ table: false });
  });
});

describe('objectsTable', () => {
  const web = cachedDeployment('member2', 'shop', 'web', {
    metadata: { namespace: 'shop', name: 'web', creationTimestamp: '2026-12-04T23:00:00Z' },
    spec: { replicas: 3 },
    status: { readyReplicas: 2, updatedReplicas: 3, availableReplicas: 2 },
  } as never);

  it('has the kind’s columns with CLUSTER after NAME, and a row per object naming its member', () => {
    const table = objectsTable(DEPLOYMENTS, [web], { table: true, include: 'Metadata', now: NOW }, { resourceVersion: 'rv' }) as {
      columnDefinitions: { name: string; priority: number; format: string }[];
      rows: { cells: unknown[]; object: { kind: string; metadata: { name: string } } }[];
      metadata: unknown;
    };
    expect(table.columnDefinitions.filter((c) => c.priority === 0).map((c) => c.name)).toEqual(['Name', 'Cluster', 'Ready', 'Up-to-date', 'Available', 'Age']);
    expect(table.columnDefinitions[0]?.format).toBe('name');
    expect(table.rows.map((r) => r.cells.slice(0, 6))).toEqual([['web', 'member2', '2/3', 3, 2, '60m']]);
    expect(table.rows[0]?.object).toMatchObject({ kind: 'PartialObjectMetadata', metadata: { name: 'web' } });
    expect(table.metadata).toEqual({ resourceVersion: 'rv' });
  });

  it.each([
    ['Object', { kind: 'Deployment' }],
    ['None', undefined],
  ] as const)('includeObject=%s', (include, object) => {
    const table = objectsTable(DEPLOYMENTS, [web], { table: true, include, now: NOW }) as { rows: { object?: unknown }[] };
    if (object === undefined) expect(table.rows[0]).not.toHaveProperty('object');
    else expect(table.rows[0]?.object).toMatchObject(object);
  });
});
