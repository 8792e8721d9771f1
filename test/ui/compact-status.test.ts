import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { compactRecord, StringPool } from '../../src/ui/compact-status.ts';

const view = (name: string) =>
  parse(`resource: {apiVersion: v1, kind: ConfigMap, namespace: shop, name: ${name}}
policy: null
replicas: 0
clusters: [{name: member1, replicas: 0}]
conditions: [{type: FullyApplied, status: "True", reason: FullyAppliedSuccess, message: "applied on 1 of 1"}]
aggregatedStatus: [{clusterName: member1, applied: true, health: Healthy, status: {readyReplicas: 2}}]
health: Healthy
problems: []
resourceStatus: {replicas: 2, nested: [[1, "two"], {deep: null}]}
`);

describe('compactRecord', () => {
  it.each([
    ['a parsed binding view', view('cm-0')],
    ['nulls, empty lists and nested arrays', { a: null, b: [], c: [[], [{}]], d: 0, e: false, f: '' }],
    ['a string alone', 'member1'],
  ])('gives the same content for %s', (_, record) => {
    expect(compactRecord(record, new StringPool())).toEqual(record);
  });

  it('shares the pool across records: equal strings stay equal, different ones differ', () => {
    const pool = new StringPool();
    const [a, b] = [compactRecord(view('cm-0'), pool), compactRecord(view('cm-1'), pool)];
    expect(a.aggregatedStatus[0].clusterName).toBe(b.aggregatedStatus[0].clusterName);
    // The second record adds only its one new string (its name) to the pool.
    const first = compactRecord(view('cm-0'), new StringPool());
    const strings = new StringPool();
    compactRecord(first, strings);
    expect(pool.size).toBe(strings.size + 1);
    expect(a.resource.name).toBe('cm-0');
    expect(b.resource.name).toBe('cm-1');
  });
});

describe('StringPool', () => {
  it('answers the first copy of a value for every later equal value', () => {
    const pool = new StringPool();
    expect(pool.intern(['mem', 'ber1'].join(''))).toBe('member1');
    expect(pool.intern('member1')).toBe('member1');
    expect(pool.intern('member2')).toBe('member2');
    expect(pool.size).toBe(2);
  });
});
