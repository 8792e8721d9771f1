import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import Interpret from '../../src/cli/commands/interpret.ts';
import InterpretTest from '../../src/cli/commands/interpret/test.ts';
import { BUNDLED_CUSTOMIZATIONS_DIR } from '../../src/interpreter/index.ts';
import { KARMADA_FIXTURES } from './karmada-vectors.ts';
import { runInProcess } from './run-in-process.ts';

const run = (command: 'interpret' | 'test', argv: string[]) => runInProcess(command === 'interpret' ? Interpret : InterpretTest, argv);

const dir = mkdtempSync(join(tmpdir(), 'flotilla-interpret-'));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  return path;
};
const deployment = file(
  'deployment.yaml',
  'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: shop}\nspec:\n  replicas: 2\n  template:\n    spec:\n      containers: [{name: c, image: nginx, resources: {requests: {cpu: 100m}}}]\n',
);
const widget = file('widget.yaml', 'apiVersion: example.io/v1\nkind: Widget\nmetadata: {name: w, namespace: ns}\nspec: {size: 3}\nstatus: {ready: 3}\n');
const items = file('items.yaml', '- clusterName: b\n  applied: true\n  status: {ready: 2}\n- clusterName: a\n  applied: true\n  status: {ready: 1}\n');
const customization = file(
  'widget/customization.yaml',
  [
    'apiVersion: config.karmada.io/v1alpha1',
    'kind: ResourceInterpreterCustomization',
    'metadata: {name: widget}',
    'spec:',
    '  target: {apiVersion: example.io/v1, kind: Widget}',
    '  customizations:',
    '    replicaRevision:',
    '      luaScript: |',
    '        function ReviseReplica(obj, n) obj.spec.size = n return obj end',
    '    statusAggregation:',
    '      luaScript: |',
    '        function AggregateStatus(obj, items)',
    '          local ready = 0',
    '          for _, item in ipairs(items) do ready = ready + item.status.ready end',
    '          obj.status = { ready = ready, first = items[1].clusterName }',
    '          return obj',
    '        end',
    '    healthInterpretation:',
    '      luaScript: |',
    '        function InterpretHealth(obj) return obj.status.ready == obj.spec.size end',
    '',
  ].join('\n'),
);
const broken = file(
  'broken.yaml',
  [
    'apiVersion: config.karmada.io/v1alpha1',
    'kind: ResourceInterpreterCustomization',
    'metadata: {name: broken}',
    'spec:',
    '  target: {apiVersion: example.io/v1, kind: Widget}',
    '  customizations:',
    '    healthInterpretation:',
    '      luaScript: |',
    '        function InterpretHealth(obj)',
    '          return obj.x ==',
    '        end',
    '',
  ].join('\n'),
);
const seen = file(
  'seen.yaml',
  [
    'apiVersion: config.karmada.io/v1alpha1',
    'kind: ResourceInterpreterCustomization',
    'metadata: {name: seen}',
    'spec:',
    '  target: {apiVersion: example.io/v1, kind: Widget}',
    '  customizations:',
    '    statusAggregation:',
    '      luaScript: |',
    '        function AggregateStatus(obj, items)',
    '          obj.status = { items = items == nil and "nil" or tostring(#items) }',
    '          return obj',
    '        end',
    '    replicaResource:',
    '      luaScript: |',
    '        function GetReplicas(obj) return obj.spec.size, {} end',
    '',
  ].join('\n'),
);
const twoObjects = file('two.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\n');
const seenStatus = async (argv: string[]) => {
  const { code, stdout } = await run('interpret', ['-f', seen, '--operation', 'AggregateStatus', '--desired-file', widget, ...argv]);
  return code === 0 ? (JSON.parse(stdout) as { aggregatedStatus: { status: unknown } }).aggregatedStatus.status : stdout;
};

file(
  'widget/testdata/revisereplica-test.yaml',
  'tests:\n  - name: sets the size\n    operation: ReviseReplica\n    desiredObj: {apiVersion: example.io/v1, kind: Widget, metadata: {name: w}, spec: {size: 1}}\n    inputReplicas: 4\n    output:\n      revised: {apiVersion: example.io/v1, kind: Widget, metadata: {name: w}, spec: {size: 5}}\n',
);

describe('flotilla interpret', () => {
  it.each([
    [
      'the built-in replica interpreter',
      ['--operation', 'interpretreplica', '--desired-file', deployment],
      { replica: 2, requires: { resourceRequest: { cpu: '100m' } } },
    ],
    [
      'a built-in revision',
      ['--operation', 'ReviseReplica', '--desired-file', deployment, '--desired-replica', '5'],
      { revised: expect.objectContaining({ spec: expect.objectContaining({ replicas: 5 }) }) },
    ],
    [
      'a customization revision',
      ['-f', customization, '--operation', 'ReviseReplica', '--desired-file', widget, '--desired-replica', '7'],
      { revised: expect.objectContaining({ spec: { size: 7 } }) },
    ],
    [
      'a customization aggregation over a status file: the whole object, items in file order',
      ['-f', customization, '--operation', 'AggregateStatus', '--desired-file', widget, '--status-file', items],
      {
        aggregatedStatus: {
          apiVersion: 'example.io/v1',
          kind: 'Widget',
          metadata: { name: 'w', namespace: 'ns' },
          spec: { size: 3 },
          status: { first: 'b', ready: 3 },
        },
      },
    ],
    [
      'a customization health check on the observed object',
      ['-f', customization, '--operation', 'InterpretHealth', '--observed-file', widget],
      { healthy: true },
    ],
    ['the whole status of an uninterpreted kind', ['--operation', 'InterpretStatus', '--observed-file', widget], { status: { ready: 3 } }],
    ['the dependencies of a Deployment', ['--operation', 'InterpretDependency', '--desired-file', deployment], { dependencies: [] }],
    [
      'an operation on one object read from --observed-file',
      ['-f', seen, '--operation', 'InterpretReplica', '--observed-file', widget],
      { replica: 3, requires: {} },
    ],
    [
      'a revision without --desired-replica, to 0',
      ['-f', customization, '--operation', 'ReviseReplica', '--desired-file', widget],
      { revised: expect.objectContaining({ spec: { size: 0 } }) },
    ],
  ])('prints JSON for %s', async (_name, argv, expected) => {
    const { code, stdout } = await run('interpret', argv);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(expected);
  });

  it.each([
    ['an unknown operation', ['--operation', 'Explode', '--desired-file', deployment], /unknown operation/],
    ['a missing object', ['--operation', 'InterpretReplica'], /InterpretReplica: desired-file, observed-file options are not set/],
    [
      'both objects for a one-object operation',
      ['--operation', 'InterpretHealth', '--desired-file', widget, '--observed-file', widget],
      /InterpretHealth: you can not specify both desired-file and observed-file options/,
    ],
    ['Retain without the observed object', ['--operation', 'Retain', '--desired-file', widget], /Retain: observed, observed-file options are not set/],
    ['Retain without the desired object', ['--operation', 'Retain', '--observed-file', widget], /Retain: desired, desired-file options are not set/],
    ['a file with two objects', ['--operation', 'InterpretHealth', '--observed-file', twoObjects], /two\.yaml: get 2 objects, expect one/],
    ['a script error, with its line', ['-f', broken, '--operation', 'InterpretHealth', '--observed-file', widget], /broken: InterpretHealth at line 3/],
    [
      'a customization file that is not YAML',
      ['-f', file('bad.yaml', 'a: [1, 2\n'), '--operation', 'InterpretHealth', '--observed-file', widget],
      /bad\.yaml: /,
    ],
  ])('fails with exit 1 for %s', async (_name, argv, message) => {
    const { code, stdout } = await run('interpret', argv);
    expect(code).toBe(1);
    expect(stdout).toMatch(message);
  });

  it.each([
    ['without --status-file the script gets nil items', [], { items: 'nil' }],
    ['a status file holding null gives nil items', ['--status-file', file('null.yaml', 'null\n')], { items: 'nil' }],
    ['an empty list gives an empty table', ['--status-file', file('empty.yaml', '[]\n')], { items: '0' }],
    ['a list gives its items', ['--status-file', items], { items: '2' }],
    [
      'one item per YAML document, as karmadactl reads them',
      ['--status-file', file('docs.yaml', 'clusterName: a\n---\nclusterName: b\n---\nclusterName: c\n')],
      { items: '3' },
    ],
  ])('AggregateStatus: %s', async (_name, argv, status) => {
    expect(await seenStatus(argv)).toEqual(status);
  });

  it.each([
    ['reports a compile error with its line', broken, 1, /broken: InterpretHealth line 3: unexpected symbol near 'end'/],
    ['accepts a customization whose scripts compile', customization, 0, /every script compiles/],
  ])('--check %s', async (_name, path, exit, message) => {
    const { code, stdout } = await run('interpret', ['--check', '-f', path]);
    expect(code).toBe(exit);
    expect(stdout).toMatch(message);
  });
});

describe('flotilla interpret test', () => {
  it('passes every bundled customization case', async () => {
    const { code, stdout } = await run('test', [BUNDLED_CUSTOMIZATIONS_DIR]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/\d+ passed, 0 failed, in 28 customization files/);
  });

  it("runs Karmada's own customizations.yaml and testdata layout", async () => {
    const { code, stdout } = await run('test', [KARMADA_FIXTURES]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/\d+ passed, 0 failed, in \d+ customization files/);
  });

  it('fails a wrong case and shows a diff', async () => {
    const { code, stdout } = await run('test', [join(dir, 'widget')]);
    expect(code).toBe(1);
    expect(stdout).toContain('FAIL');
    expect(stdout).toContain('-    size: 5');
    expect(stdout).toContain('+    size: 4');
    expect(stdout).toMatch(/0 passed, 1 failed/);
  });
});
