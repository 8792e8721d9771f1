import { describe, expect, it } from 'vitest';
import { createInterpreter, type InterpreterOperation } from '../../../src/interpreter/index.ts';
import type { KubeObject } from '../../../src/model/index.ts';
import { ric, workload } from './helpers.ts';

/** Karmada's host rules for results (docs/karmada-compatibility.md, "Lua results"), one table per rule. */
function interpreterFor(op: InterpreterOperation, script: string) {
  return createInterpreter([ric(op, script)], { bundled: [] });
}

describe('empty-table repair without reference objects', () => {
  const reflect = (body: string, status: Record<string, unknown> = {}) =>
    interpreterFor('InterpretStatus', `function ReflectStatus(o) ${body} end`).reflectStatus(workload({ status }));

  it.each([
    ['an empty list passed through is deleted', 'return { savepointHistory = o.status.savepointHistory, n = 1 }', { savepointHistory: [] }, { n: 1 }],
    ['an empty object passed through is deleted', 'return { autogen = o.status.autogen, ready = true }', { autogen: {} }, { ready: true }],
    ['a parent emptied by the deletion stays as {}', 'return { exclude = o.status.exclude }', { exclude: { resources: {} } }, { exclude: {} }],
    [
      'a whole input subtree is repaired the same way',
      'return o.status',
      { a: [], b: {}, c: { d: [] }, e: [{}, { f: 1 }], g: [null] },
      { c: {}, e: [{ f: 1 }] },
    ],
    ['a new empty table is deleted', 'return { conditions = {}, n = 0 }', {}, { n: 0 }],
    ['one pass only: a table emptied by deletions stays', 'return { taskStatusCount = { t = { phase = {} } } }', {}, { taskStatusCount: { t: {} } }],
    ['an empty element leaves its list, which shrinks', 'return { list = { {}, { a = 1 }, {} } }', {}, { list: [{ a: 1 }] }],
    ['a list whose only element goes stays as []', 'return { list = { {} } }', {}, { list: [] }],
    ['an empty whole result is {}', 'return {}', {}, {}],
  ])('InterpretStatus: %s', (_name, body, status, expected) => {
    expect(reflect(body, status)).toEqual(expected);
  });

  it('AggregateStatus deletes empty values anywhere in the object, metadata and spec included', () => {
    const i = interpreterFor('AggregateStatus', 'function AggregateStatus(d, items) d.status = { conditions = {} } return d end');
    const template = workload({
      metadata: { name: 'w', namespace: 'ns', annotations: {} },
      spec: { template: { metadata: {}, spec: { containers: [{ name: 'c', args: [], resources: {} }] } } },
    });
    expect(i.aggregateStatus(template, [])).toEqual(
      workload({ metadata: { name: 'w', namespace: 'ns' }, spec: { template: { spec: { containers: [{ name: 'c' }] } } }, status: {} }),
    );
  });

  it.each([
    ['an empty node claim', 'return 1, { nodeClaim = {}, resourceRequest = { cpu = "1" } }', { replicas: 1, requirements: { resourceRequest: { cpu: '1' } } }],
    ['an empty requirement table', 'return 1, {}', { replicas: 1, requirements: {} }],
  ])('InterpretReplica deletes %s', (_name, body, expected) => {
    expect(interpreterFor('InterpretReplica', `function GetReplicas(o) ${body} end`).getReplicas(workload())).toEqual(expected);
  });

  it.each([
    ['an empty list result stays a list', 'return {}', []],
    [
      'an empty element is removed',
      'return { {}, { apiVersion = "v1", kind = "Secret", name = "s" } }',
      [{ apiVersion: 'v1', kind: 'Secret', namespace: '', name: 's' }],
    ],
  ])('InterpretDependency: %s', (_name, body, expected) => {
    expect(interpreterFor('InterpretDependency', `function GetDependencies(o) ${body} end`).getDependencies(workload())).toEqual(expected);
  });

  it.each([
    ['an empty list result stays a list', 'return {}', []],
    ['empty requirements are deleted', 'return { { name = "a", replicas = 1, replicaRequirements = {} } }', [{ name: 'a', replicas: 1 }]],
  ])('InterpretComponent: %s', (_name, body, expected) => {
    expect(interpreterFor('InterpretComponent', `function GetComponents(o) ${body} end`).getComponents(workload())).toEqual(expected);
  });
});

describe('empty-table repair against reference objects', () => {
  const retain = (body: string, desired: KubeObject, observed: KubeObject) =>
    interpreterFor('Retain', `function Retain(d, o) ${body} return d end`).retain(desired, observed);

  it.each([
    ['an empty object of the desired object stays {}', '', workload({ spec: { selector: {} } }), workload(), { selector: {} }],
    ['an empty list of the observed object stays []', 'd.spec.args = {}', workload({ spec: { a: 1 } }), workload({ spec: { args: [] } }), { a: 1, args: [] }],
    ['an object in one reference wins over a list in the other', 'd.spec.x = {}', workload({ spec: { x: [] } }), workload({ spec: { x: {} } }), { x: {} }],
    ['a path found in no reference is deleted', 'd.spec.extra = {}', workload({ spec: { a: 1 } }), workload(), { a: 1 }],
    [
      'paths ignore list indexes',
      'd.spec.c[2].args = {}',
      workload({ spec: { c: [{ args: [] }, { n: 1 }] } }),
      workload(),
      { c: [{ args: [] }, { args: [], n: 1 }] },
    ],
  ])('Retain: %s', (_name, body, desired, observed, spec) => {
    expect(retain(body, desired, observed)['spec']).toEqual(spec);
  });

  it('Retain keeps an empty metadata map only where a reference has one', () => {
    expect(retain('d.metadata.labels = {}', workload(), workload())['metadata']).toEqual({ name: 'w', namespace: 'ns' });
    expect(retain('d.metadata.labels = {}', workload({ metadata: { name: 'w', labels: {} } }), workload())['metadata']).toEqual({ name: 'w', labels: {} });
  });

  it('ReviseReplica repairs against the desired object only', () => {
    const i = interpreterFor('ReviseReplica', 'function ReviseReplica(o, n) o.spec.replicas = n o.spec.args = {} o.spec.selector = {} return o end');
    expect(i.reviseReplica(workload({ spec: { args: [] } }), 2)['spec']).toEqual({ replicas: 2, args: [] });
  });
});

describe('typing of results', () => {
  it.each([
    ['truncates toward zero', 'return -2.9', -2],
    ['reads a whole number', 'return 4', 4],
  ])('replica %s', (_name, body, replicas) => {
    expect(interpreterFor('InterpretReplica', `function GetReplicas(o) ${body} end`).getReplicas(workload())?.replicas).toBe(replicas);
  });

  it.each([
    ['nil replica', 'InterpretReplica', 'function GetReplicas(o) end', /replica type is number but got nil/],
    ['a requirement that is not a table', 'InterpretReplica', 'function GetReplicas(o) return 1, "x" end', /requires type is table but got string/],
    [
      'a wrongly typed known requirement field',
      'InterpretReplica',
      'function GetReplicas(o) return 1, { namespace = 5 } end',
      /cannot unmarshal number into Go value of type string \(field requires.namespace\)/,
    ],
    ['nil health', 'InterpretHealth', 'function InterpretHealth(o) end', /result type nil is not bool/],
    ['a number for health', 'InterpretHealth', 'function InterpretHealth(o) return 1 end', /result type number is not bool/],
    ['a string for health', 'InterpretHealth', 'function InterpretHealth(o) return "true" end', /result type string is not bool/],
    ['nil dependencies', 'InterpretDependency', 'function GetDependencies(o) end', /dependencies type is table but got nil/],
    ['an object for dependencies', 'InterpretDependency', 'function GetDependencies(o) return { a = 1 } end', /cannot unmarshal object/],
    [
      'a fractional component count',
      'InterpretComponent',
      'function GetComponents(o) return { { name = "a", replicas = 1.5 } } end',
      /cannot unmarshal number 1.5 into Go value of type int32/,
    ],
    ['a whole object without kind', 'Retain', 'function Retain(d, o) d.kind = nil return d end', /Object 'Kind' is missing/],
    ['an empty whole object', 'Retain', 'function Retain(d, o) return {} end', /Object 'Kind' is missing/],
  ] as const)('%s is an error', (_name, op, script, message) => {
    const i = interpreterFor(op, script);
    const run = {
      InterpretReplica: () => i.getReplicas(workload()),
      InterpretHealth: () => i.interpretHealth(workload()),
      InterpretDependency: () => i.getDependencies(workload()),
      InterpretComponent: () => i.getComponents(workload()),
      Retain: () => i.retain(workload(), workload()),
    }[op];
    expect(run).toThrow(message);
  });

  it('requirements keep only the fields Karmada types, quantities canonical', () => {
    const i = interpreterFor(
      'InterpretReplica',
      `function GetReplicas(o)
        return 1, { foo = 1, priorityClassName = "high", namespace = "",
          resourceRequest = { cpu = 0.5, memory = "1024Mi" },
          nodeClaim = { nodeSelector = { zone = "a" }, other = 1,
            tolerations = { { key = "k", operation = "Equal", effect = "NoSchedule", tolerationSeconds = 30 } } } }
      end`,
    );
    expect(i.getReplicas(workload())?.requirements).toEqual({
      nodeClaim: { nodeSelector: { zone: 'a' }, tolerations: [{ key: 'k', effect: 'NoSchedule', tolerationSeconds: 30 }] },
      resourceRequest: { cpu: '500m', memory: '1Gi' },
      priorityClassName: 'high',
    });
  });

  it('components keep name, replicas and requirements without namespace; a missing name is empty', () => {
    const i = interpreterFor(
      'InterpretComponent',
      'function GetComponents(o) return { { replicas = 2, extra = 1, replicaRequirements = { namespace = "n", priorityClassName = "p" } } } end',
    );
    expect(i.getComponents(workload())).toEqual([{ name: '', replicas: 2, replicaRequirements: { priorityClassName: 'p' } }]);
  });

  it('dependencies keep only the reference fields', () => {
    const i = interpreterFor(
      'InterpretDependency',
      'function GetDependencies(o) return { { apiVersion = "v1", kind = "ConfigMap", name = "c", namespace = "ns", extra = true } } end',
    );
    expect(i.getDependencies(workload())).toEqual([{ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'ns', name: 'c' }]);
  });

  // Karmada decodes a whole object into an Unstructured, which asks for a kind and nothing else
  // (pkg/resourceinterpreter/customized/declarative/luavm/lua.go, ConvertLuaResultInto).
  it.each([
    [
      'Retain without apiVersion',
      'Retain',
      'function Retain(d, o) d.apiVersion = nil return d end',
      { kind: 'Workload', metadata: { name: 'w', namespace: 'ns' } },
    ],
    ['Retain without metadata', 'Retain', 'function Retain(d, o) return { kind = d.kind, spec = o.spec } end', { kind: 'Workload', spec: { x: 1 } }],
    [
      'ReviseReplica without metadata',
      'ReviseReplica',
      'function ReviseReplica(d, n) return { apiVersion = d.apiVersion, kind = d.kind } end',
      { apiVersion: 'example.io/v1', kind: 'Workload' },
    ],
    [
      'AggregateStatus without metadata',
      'AggregateStatus',
      'function AggregateStatus(d, items) d.metadata = nil return d end',
      { apiVersion: 'example.io/v1', kind: 'Workload', spec: { x: 1 } },
    ],
  ] as const)('a whole object needs only its kind: %s', (_name, op, script, expected) => {
    const i = interpreterFor(op, script);
    const observed = workload({ spec: { x: 1 } });
    const run = {
      Retain: () => i.retain(workload(), observed),
      ReviseReplica: () => i.reviseReplica(workload(), 2),
      AggregateStatus: () => i.aggregateStatus(observed, undefined),
    }[op];
    expect(run()).toEqual(expected);
  });

  it.each([
    ['integral values print as integers', 'd.status = { a = 6 / 3, b = -0 }', '"a":2,"b":0'],
    ['fractions print in the shortest round-trip form', 'd.status = { c = 0.1 + 0.2 }', '"c":0.30000000000000004'],
    ['large and small values use exponents', 'd.status = { d = 1e21, e = 1e-7, f = 123456789012 }', '"d":1e+21,"e":1e-7,"f":123456789012'],
    ['keys are sorted bytewise', 'd.status = { b = 1, B = 2, a = 3 }', '"B":2,"a":3,"b":1'],
  ])('numbers and keys: %s', (_name, body, text) => {
    const i = interpreterFor('AggregateStatus', `function AggregateStatus(d, items) ${body} return d end`);
    expect(JSON.stringify(i.aggregateStatus(workload(), []))).toContain(`"status":{${text}}`);
  });
});

describe('status items', () => {
  const i = interpreterFor(
    'AggregateStatus',
    'function AggregateStatus(d, items) d.status = { seen = items == nil and "nil" or tostring(#items) } return d end',
  );

  it.each([
    ['no items reach Lua as nil', undefined, 'nil'],
    ['an empty list reaches Lua as an empty table', [], '0'],
    ['items reach Lua as a list', [{ clusterName: 'a' }], '1'],
  ])('%s', (_name, items, seen) => {
    expect(i.aggregateStatus(workload(), items)['status']).toEqual({ seen });
  });

  // Karmada's vectors for nil items (resourcecustomizations/kubeflow.org/v1/TFJob and
  // flink.apache.org/v1beta1/FlinkDeployment, testdata/aggregatestatus-test.yaml): new empty
  // tables under a new status leave `status: {}`, and a desired object without status stays without.
  it.each([
    [
      'a new status with new empty sub-tables comes back as {}',
      'if d.status == nil then d.status = {} end if items == nil then d.status.replicaStatuses = {} d.status.conditions = {} end return d',
      { status: {} },
    ],
    ['the desired object returned untouched has no status', 'if items == nil then return d end d.status = { n = #items } return d', {}],
  ])('nil items: %s', (_name, body, expected) => {
    const aggregate = interpreterFor('AggregateStatus', `function AggregateStatus(d, items) ${body} end`);
    expect(aggregate.aggregateStatus(workload({ spec: { x: 1 } }), undefined)).toEqual(workload({ spec: { x: 1 }, ...expected }));
  });
});
