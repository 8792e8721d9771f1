import { describe, expect, it } from 'vitest';
import { createInterpreter, type InterpreterOperation } from '../../../src/interpreter/index.ts';
import { ric, workload } from './helpers.ts';

function interpreterFor(op: InterpreterOperation, script: string) {
  return createInterpreter([ric(op, script)], { bundled: [], now: () => Date.UTC(2026, 0, 2, 3, 4, 5) });
}

describe('operation contract', () => {
  it.each([
    [
      'returns an integer replica count and requirements',
      'return 3, { resourceRequest = { cpu = 0.5, memory = "1Gi" } }',
      { replicas: 3, requirements: { resourceRequest: { cpu: '500m', memory: '1Gi' } } },
    ],
    ['truncates a fractional count toward zero', 'return 2.9', { replicas: 2 }],
    ['deletes an empty node claim, keeping the requirement table as {}', 'return 1, { nodeClaim = {} }', { replicas: 1, requirements: {} }],
    ['returns no requirements for nil', 'return 1, nil', { replicas: 1 }],
    ['reads the replica count from the object', 'return obj.spec.replicas / 2', { replicas: 2 }],
  ])('GetReplicas %s', (_name, ret, expected) => {
    const i = interpreterFor('InterpretReplica', `function GetReplicas(obj)\n  ${ret}\nend`);
    expect(i.getReplicas(workload({ spec: { replicas: 4 } }))).toEqual(expected);
  });

  it('GetReplicas must return a number', () => {
    const i = interpreterFor('InterpretReplica', 'function GetReplicas(obj) return "3" end');
    expect(() => i.getReplicas(workload())).toThrow(/expect the returned replica type is number but got string/);
  });

  it('ReviseReplica returns the whole object with the desired count as a plain integer', () => {
    const i = interpreterFor('ReviseReplica', 'function ReviseReplica(obj, n) obj.spec.replicas = n return obj end');
    const revised = i.reviseReplica(workload({ spec: { replicas: 1, args: [], selector: {} } }), 3);
    expect(revised).toEqual(workload({ spec: { replicas: 3, args: [], selector: {} } }));
    expect(JSON.stringify(revised)).toContain('"replicas":3,');
  });

  it('ReviseReplica repairs new empty tables against the desired object', () => {
    const i = interpreterFor('ReviseReplica', 'function ReviseReplica(obj, n) obj.spec.args = {} obj.spec.selector = {} obj.spec.extra = {} return obj end');
    expect(i.reviseReplica(workload({ spec: { args: [], selector: {} } }), 1)['spec']).toEqual({ args: [], selector: {} });
  });

  it('Retain gets both objects and may copy from the observed one', () => {
    const i = interpreterFor('Retain', 'function Retain(d, o) d.spec.nodeName = o.spec.nodeName return d end');
    expect(i.retain(workload({ spec: { a: 1 } }), workload({ spec: { nodeName: 'n1' } }))['spec']).toEqual({ a: 1, nodeName: 'n1' });
  });

  it('ReflectStatus returns a status table', () => {
    const i = interpreterFor('InterpretStatus', 'function ReflectStatus(o) return { ready = o.status.ready, phase = "Up" } end');
    expect(i.reflectStatus(workload({ status: { ready: 2, other: 1 } }))).toEqual({ phase: 'Up', ready: 2 });
  });

  it('AggregateStatus sees the old status and must reset what it sums (Karmada lua_test.go)', () => {
    const i = interpreterFor(
      'AggregateStatus',
      'function AggregateStatus(d, items) for i = 1, #items do d.status.readyReplicas = d.status.readyReplicas + items[i].status.readyReplicas end return d end',
    );
    const out = i.aggregateStatus(workload({ status: { readyReplicas: 1 } }), [
      { clusterName: 'm1', status: { readyReplicas: 1 }, applied: true },
      { clusterName: 'm2', status: { readyReplicas: 1 }, applied: true },
    ]);
    expect(out['status']).toEqual({ readyReplicas: 3 });
  });

  it('statusItems omit applied when false and status when not collected, in the order given', () => {
    const i = interpreterFor(
      'AggregateStatus',
      'function AggregateStatus(d, items) local s = "" for _, it in ipairs(items) do s = s .. it.clusterName .. ":" .. tostring(it.applied) .. ":" .. tostring(it.status) .. ":" .. tostring(it.health) .. ";" end d.status = { s = s } return d end',
    );
    const out = i.aggregateStatus(workload(), [
      { clusterName: 'b', applied: false, health: 'Unknown' },
      { clusterName: 'a', applied: true, status: {}, health: 'Healthy' },
    ]);
    expect((out['status'] as { s: string }).s).toMatch(/^b:nil:nil:Unknown;a:true:table: .*:Healthy;$/);
  });

  it.each([
    ['true', true],
    ['false', false],
  ])('InterpretHealth returns %s', (ret, expected) => {
    expect(interpreterFor('InterpretHealth', `function InterpretHealth(o) return ${ret} end`).interpretHealth(workload())).toBe(expected);
  });

  it('InterpretHealth returning nil is an error', () => {
    expect(() => interpreterFor('InterpretHealth', 'function InterpretHealth(o) end').interpretHealth(workload())).toThrow(/result type nil is not bool/);
  });

  it('GetDependencies returns validated references, sorted and de-duplicated', () => {
    const i = interpreterFor(
      'InterpretDependency',
      'function GetDependencies(o) return { { apiVersion = "v1", kind = "Secret", namespace = "ns", name = "b" }, { apiVersion = "v1", kind = "ConfigMap", namespace = "ns", name = "a" }, { apiVersion = "v1", kind = "Secret", namespace = "ns", name = "b" } } end',
    );
    expect(i.getDependencies(workload())).toEqual([
      { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'ns', name: 'a' },
      { apiVersion: 'v1', kind: 'Secret', namespace: 'ns', name: 'b' },
    ]);
  });

  it.each([
    ['nil is an error', 'return nil', /expect the returned dependencies type is table but got nil/],
    ['a reference without name or selector is an error', 'return { { apiVersion = "v1", kind = "Secret" } }', /needs a name or a labelSelector/],
  ])('GetDependencies: %s', (_name, ret, message) => {
    expect(() => interpreterFor('InterpretDependency', `function GetDependencies(o) ${ret} end`).getDependencies(workload())).toThrow(message);
  });

  it('GetComponents returns components with canonical quantities', () => {
    const i = interpreterFor(
      'InterpretComponent',
      'function GetComponents(o) return { { name = "jm", replicas = 1, replicaRequirements = { resourceRequest = { cpu = 1 } } }, { name = "tm", replicas = 2 } } end',
    );
    expect(i.getComponents(workload())).toEqual([
      { name: 'jm', replicas: 1, replicaRequirements: { resourceRequest: { cpu: '1' } } },
      { name: 'tm', replicas: 2 },
    ]);
  });
});

describe('value conversion', () => {
  const echo = interpreterFor('InterpretStatus', 'function ReflectStatus(o) return o.status end');
  it.each([
    ['nested arrays', { a: [[1, 2], [3]] }],
    ['strings with unicode', { s: 'héllo ✓' }],
    ['floats and large integers', { f: 0.1, big: 4294967296, neg: -3 }],
    ['booleans', { t: true, f: false }],
  ])('round-trips %s', (_name, status) => {
    expect(echo.reflectStatus(workload({ status }))).toEqual(status);
  });

  it.each([
    ['null members become absent', { a: null, b: 1 }, { b: 1 }],
    ['null array elements are dropped', { a: [1, null, 2] }, { a: [1, 2] }],
  ])('%s', (_name, status, expected) => {
    expect(echo.reflectStatus(workload({ status: status as Record<string, unknown> }))).toEqual(expected);
  });

  it.each([
    ['integral floats print without .0', 'tostring(4 / 2)', '2'],
    ['fractions print in Go shortest form', 'tostring(0.1 + 0.2)', '0.30000000000000004'],
    ['concatenation uses the same rule', '"n=" .. (6 / 3)', 'n=2'],
    ['%d truncates like Go', 'string.format("%d", 2.5)', '2'],
    ['%s of a float prints like tostring', 'string.format("%s", 3.0)', '3'],
    ['a missing argument prints Go MISSING', 'string.format("%d")', '%!d(MISSING)'],
    ['%q quotes like Go', 'string.format("%q", "a\\"b")', '"a\\"b"'],
    ['%5.2f pads', 'string.format("%5.2f", 3.14159)', ' 3.14'],
    ['%g uses Go shortest form', 'string.format("%g", 100000000)', '1e+08'],
    ['math.max reads numeric strings and returns a number', 'type(math.max("2", 1)) .. math.max("2", 1)', 'number2'],
    ['math.min reads numeric strings', 'tostring(math.min(" 3 ", "0x2", 5))', '2'],
    ['math.max keeps the first of equal values', 'tostring(math.max(1, "1.0"))', '1'],
    ['math.max on other text is an error', 'tostring(pcall(math.max, 1, "x"))', 'false'],
    ['%x of a float truncates', 'string.format("%x", 255.9)', 'ff'],
    ['unpack is global', 'tostring(select("#", unpack({ 1, 2, 3 })))', '3'],
    ['table.unpack is hidden', 'tostring(table.unpack)', 'nil'],
    ['math.pow is back', 'tostring(math.pow(2, 10))', '1024'],
    ['math.mod is fmod', 'tostring(math.mod(7, 3))', '1'],
    ['table.getn counts', 'tostring(table.getn({ 1, 2 }))', '2'],
    ['table.maxn finds the largest key', 'tostring(table.maxn({ [1] = 1, [7] = 2 }))', '7'],
    ['string.gfind iterates', 'tostring(string.gfind("a b", "%a")())', 'a'],
    ['method syntax on strings works', '("ABC"):lower()', 'abc'],
    ['_VERSION is Lua 5.1', '_VERSION', 'Lua 5.1'],
    ['os.date formats the injected clock in UTC', 'os.date("!%Y-%m-%dT%H:%M:%SZ")', '2026-01-02T03:04:05Z'],
    [
      "os.date keeps gopher-lua's strftime quirks",
      'os.date("!%c|%x|%X|%p|%y|%a|%A|%b|%B|%d|%H|%I|%m|%M|%S|%Y|%F|%z|%Z|%P|%e", 1700000000)',
      '14 Nov 23 22:13 UTC|22/13/20|22:13:20|PM|23|mon|Tuesday|Nov|November|14|22|10|11|13|20|2023|2023-11-14|+0000|UTC|pm|%e',
    ],
    ['os.date *t counts weekdays from Sunday = 1', 'tostring(os.date("!*t", 1700000000).wday)', '3'],
    ['os.time reads the injected clock', 'tostring(os.time())', String(Date.UTC(2026, 0, 2, 3, 4, 5) / 1000)],
    ['pairs visits object keys in sorted order', '(function() local s = "" for k in pairs(o.spec) do s = s .. k end return s end)()', 'abclist'],
    ['object numbers are floats that compare equal to integers', 'tostring(o.spec.b == 2)', 'true'],
    ['integer literals do not wrap at 32 bits', 'tostring(1024 * 1024 * 1024 * 4)', '4294967296'],
    ['a modulo by zero is NaN, not an error', 'tostring((5 % 0) ~= (5 % 0))', 'true'],
    ['# counts an input array', 'tostring(#o.spec.list)', '3'],
    ['table.sort sorts an input array in place', '(function() table.sort(o.spec.list) return table.concat(o.spec.list, ",") end)()', 'a,b,c'],
    [
      'table.insert and table.remove work on input arrays',
      '(function() table.insert(o.spec.list, 1, "z") table.remove(o.spec.list) return table.concat(o.spec.list, ",") end)()',
      'z,c,a',
    ],
    ['table.concat joins numbers like tostring', 'table.concat({ 1, 2.5, "x", 3 / 1 }, ",")', '1,2.5,x,3'],
    ['table.concat takes a range', 'table.concat({ "a", "b", "c", "d" }, "-", 2, 3)', 'b-c'],
    ['unpack reads an input array', 'select(2, unpack(o.spec.list))', 'a'],
    ['ipairs walks an input array', '(function() local s = "" for i, v in ipairs(o.spec.list) do s = s .. i .. v end return s end)()', '1c2a3b'],
    ['next sees the fields of an input object', 'tostring(next(o.spec) ~= nil)', 'true'],
    ['next sees an empty input object as empty', 'tostring(next(o.metadata.labels) == nil)', 'true'],
    ['a field set to nil stays absent', '(function() o.spec.a = nil return tostring(o.spec.a) end)()', 'nil'],
  ])('%s', (_name, expr, expected) => {
    const i = interpreterFor('InterpretStatus', `function ReflectStatus(o) return { v = ${expr} } end`);
    expect(i.reflectStatus(workload({ metadata: { name: 'w', labels: {} }, spec: { c: 3, a: 1, b: 2, list: ['c', 'a', 'b'] } }))).toEqual({ v: expected });
  });

  it.each([
    ['a sparse array', 'return { [1] = 1, [3] = 3 }', /cannot encode sparse array/],
    ['mixed keys', 'return { 1, a = 2 }', /cannot encode mixed or invalid key types/],
    ['the same table twice', 'local t = { 1 } return { a = t, b = t }', /cannot encode recursively nested tables/],
    ['a function', 'return { f = print }', /cannot encode function/],
    ['NaN', 'return { n = 0 / 0 }', /unsupported value: NaN/],
    ['a non-table result', 'return 1', /expect the returned status type is table but got number/],
  ])('rejects %s in a result', (_name, body, message) => {
    expect(() => interpreterFor('InterpretStatus', `function ReflectStatus(o) ${body} end`).reflectStatus(workload())).toThrow(message);
  });

  it('a modified input object reads back with its untouched fields', () => {
    const i = interpreterFor('Retain', 'function Retain(d, o) d.spec.containers[2].image = o.spec.image d.metadata.labels = nil return d end');
    const desired = workload({
      metadata: { name: 'w', labels: { a: 'b' } },
      spec: {
        containers: [
          { name: 'a', image: 'x', args: [] },
          { name: 'b', image: 'y', env: null },
        ],
        keep: { deep: [1, [2, 3], {}] },
      },
    });
    expect(i.retain(desired, workload({ spec: { image: 'z' } }))).toEqual(
      workload({
        metadata: { name: 'w' },
        spec: {
          containers: [
            { name: 'a', image: 'x', args: [] },
            { name: 'b', image: 'z' },
          ],
          keep: { deep: [1, [2, 3], {}] },
        },
      }),
    );
  });

  it('an empty result table is an empty object', () => {
    expect(interpreterFor('InterpretStatus', 'function ReflectStatus(o) return {} end').reflectStatus(workload())).toEqual({});
  });
});

describe('kube helpers', () => {
  const pod = {
    metadata: { namespace: 'ns' },
    spec: {
      nodeSelector: { zone: 'a' },
      serviceAccountName: 'sa',
      imagePullSecrets: [{ name: 'pull' }],
      containers: [
        { name: 'a', resources: { requests: { cpu: '100m', memory: '1Gi' } }, envFrom: [{ configMapRef: { name: 'cm' } }] },
        { name: 'b', resources: { limits: { cpu: '1.2', 'nvidia.com/gpu': '1' } } },
      ],
      initContainers: [{ name: 'i', resources: { requests: { cpu: '2' } } }],
      volumes: [{ persistentVolumeClaim: { claimName: 'data' } }],
    },
  };

  it.each([
    ['resourceAdd sums cpu', 'kube.resourceAdd("100m", "1.2")', '1300m'],
    ['resourceAdd sums memory', 'kube.resourceAdd("100M", "1.2G")', '1300M'],
    ['resourceAdd keeps binary units', 'kube.resourceAdd("1Gi", "512Mi")', '1536Mi'],
    ['resourceAdd counts nil as zero', 'kube.resourceAdd(nil, "1")', '1'],
    ['resourceAdd without arguments is 0', 'kube.resourceAdd()', '0'],
    ['getResourceQuantity of 100m', 'kube.getResourceQuantity("100m")', 0.1],
    ['getResourceQuantity of 1Gi', 'kube.getResourceQuantity("1Gi")', 1073741824],
    ['getResourceQuantity of nil', 'kube.getResourceQuantity(nil)', 0],
  ])('%s', (_name, expr, expected) => {
    const i = interpreterFor('InterpretStatus', `local kube = require("kube")\nfunction ReflectStatus(o) return { v = ${expr} } end`);
    expect(i.reflectStatus(workload())).toEqual({ v: expected });
  });

  it.each([
    ['resourceAdd rejects numbers', 'kube.resourceAdd(1)', /bad argument #1 to 'resourceAdd' \(string expected, got number\)/],
    ['resourceAdd rejects garbage', 'kube.resourceAdd("abc")', /quantities must match/],
    ['getResourceQuantity rejects negatives', 'kube.getResourceQuantity("-1")', /invalid quantity/],
    ['accuratePodRequirements takes one argument', 'kube.accuratePodRequirements()', /expected 1 argument/],
    ['getPodDependencies takes two arguments', 'kube.getPodDependencies({})', /expected 2 arguments/],
    [
      'accuratePodRequirements rejects invalid quantities',
      'kube.accuratePodRequirements({ spec = { containers = { { resources = { requests = { cpu = "lots" } } } } } })',
      /accuratePodRequirements: quantities must match/,
    ],
  ])('%s', (_name, expr, message) => {
    const i = interpreterFor('InterpretStatus', `local kube = require("kube")\nfunction ReflectStatus(o) return { v = ${expr} } end`);
    expect(() => i.reflectStatus(workload())).toThrow(message);
  });

  it('accuratePodRequirements computes like native GetReplicas', () => {
    const i = interpreterFor(
      'InterpretReplica',
      'local kube = require("kube")\nfunction GetReplicas(o) return 1, kube.accuratePodRequirements(o.spec.template) end',
    );
    expect(i.getReplicas(workload({ spec: { template: pod } }))).toEqual({
      replicas: 1,
      requirements: { nodeClaim: { nodeSelector: { zone: 'a' } }, resourceRequest: { cpu: '2', memory: '1Gi', 'nvidia.com/gpu': '1' } },
    });
  });

  it('getPodDependencies lists ConfigMaps, Secrets, ServiceAccount, PVCs', () => {
    const i = interpreterFor(
      'InterpretDependency',
      'local kube = require("kube")\nfunction GetDependencies(o) return kube.getPodDependencies(o.spec.template, o.metadata.namespace) end',
    );
    expect(i.getDependencies(workload({ spec: { template: pod } }))).toEqual([
      { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'ns', name: 'cm' },
      { apiVersion: 'v1', kind: 'PersistentVolumeClaim', namespace: 'ns', name: 'data' },
      { apiVersion: 'v1', kind: 'Secret', namespace: 'ns', name: 'pull' },
      { apiVersion: 'v1', kind: 'ServiceAccount', namespace: 'ns', name: 'sa' },
    ]);
  });

  it('getPodDependencies returns nil without dependencies, as in Karmada', () => {
    const i = interpreterFor(
      'InterpretStatus',
      'local kube = require("kube")\nfunction ReflectStatus(o) return { none = kube.getPodDependencies({ spec = {} }, nil) == nil } end',
    );
    expect(i.reflectStatus(workload())).toEqual({ none: true });
  });
});
