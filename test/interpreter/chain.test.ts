import { describe, expect, it } from 'vitest';
import { createInterpreter, LuaScriptError, type InterpreterOperation, type ResourceInterpreter } from '../../src/interpreter/index.ts';
import type { CustomizationRules, KubeObject, ResourceInterpreterCustomization } from '../../src/model/index.ts';

function ric(
  name: string,
  target: { apiVersion: string; kind: string },
  customizations: ResourceInterpreterCustomization['spec']['customizations'],
): ResourceInterpreterCustomization {
  return { apiVersion: 'config.karmada.io/v1alpha1', kind: 'ResourceInterpreterCustomization', metadata: { name }, spec: { target, customizations } };
}

const DEPLOYMENT = { apiVersion: 'apps/v1', kind: 'Deployment' };
const WIDGET = { apiVersion: 'example.io/v1', kind: 'Widget' };
const deployment: KubeObject = { ...DEPLOYMENT, metadata: { name: 'web', namespace: 'ns' }, spec: { replicas: 3 } };
const widget: KubeObject = { ...WIDGET, metadata: { name: 'w', namespace: 'ns' }, spec: { size: 4 } };
const replicaScript = (n: number) => ({ luaScript: `function GetReplicas(o) return ${n} end` });
const depScript = (name: string) => ({
  luaScript: `function GetDependencies(o) return { { apiVersion = "v1", kind = "Secret", namespace = "ns", name = "${name}" } } end`,
});

describe('precedence chain', () => {
  it.each([
    ['native answers without customizations', [], [], 3],
    ['a repository customization overrides native', [ric('a', DEPLOYMENT, { replicaResource: replicaScript(7) })], [], 7],
    ['a bundled customization overrides native', [], [ric('b', DEPLOYMENT, { replicaResource: replicaScript(8) })], 8],
    [
      'a repository customization overrides a bundled one',
      [ric('a', DEPLOYMENT, { replicaResource: replicaScript(7) })],
      [ric('b', DEPLOYMENT, { replicaResource: replicaScript(8) })],
      7,
    ],
    [
      'a customization for another operation does not hide native replicas',
      [ric('a', DEPLOYMENT, { healthInterpretation: { luaScript: 'function InterpretHealth(o) return false end' } })],
      [],
      3,
    ],
    [
      'the first customization in byte order of names wins',
      [ric('b', DEPLOYMENT, { replicaResource: replicaScript(2) }), ric('B', DEPLOYMENT, { replicaResource: replicaScript(1) })],
      [],
      1,
    ],
    [
      'an empty script does not count',
      [ric('a', DEPLOYMENT, { replicaResource: { luaScript: '  ' } }), ric('b', DEPLOYMENT, { replicaResource: replicaScript(9) })],
      [],
      9,
    ],
  ])('%s', (_name, repo, bundled, replicas) => {
    expect(createInterpreter(repo, { bundled }).getReplicas(deployment)?.replicas).toBe(replicas);
  });

  /** A script per operation whose result names its customization, and a call that reads that name back. */
  const marked: [InterpreterOperation, (who: string) => CustomizationRules, (i: ResourceInterpreter) => unknown][] = [
    [
      'InterpretReplica',
      (w) => ({ replicaResource: { luaScript: `function GetReplicas(o) return ${w === 'repo' ? 1 : 2} end` } }),
      (i) => (i.getReplicas(widget)?.replicas === 1 ? 'repo' : 'bundled'),
    ],
    [
      'InterpretComponent',
      (w) => ({ componentResource: { luaScript: `function GetComponents(o) return { { name = "${w}", replicas = 1 } } end` } }),
      (i) => i.getComponents(widget)[0]?.name,
    ],
    [
      'ReviseReplica',
      (w) => ({ replicaRevision: { luaScript: `function ReviseReplica(o, n) o.spec.by = "${w}" return o end` } }),
      (i) => (i.reviseReplica(widget, 1)['spec'] as { by: string }).by,
    ],
    [
      'Retain',
      (w) => ({ retention: { luaScript: `function Retain(d, o) d.spec.by = "${w}" return d end` } }),
      (i) => (i.retain(widget, widget)['spec'] as { by: string }).by,
    ],
    [
      'InterpretStatus',
      (w) => ({ statusReflection: { luaScript: `function ReflectStatus(o) return { by = "${w}" } end` } }),
      (i) => i.reflectStatus(widget)?.['by'],
    ],
    [
      'AggregateStatus',
      (w) => ({ statusAggregation: { luaScript: `function AggregateStatus(d, items) d.status = { by = "${w}" } return d end` } }),
      (i) => (i.aggregateStatus(widget, [])['status'] as { by: string }).by,
    ],
    [
      'InterpretHealth',
      (w) => ({ healthInterpretation: { luaScript: `function InterpretHealth(o) return ${w === 'repo'} end` } }),
      (i) => (i.interpretHealth(widget) ? 'repo' : 'bundled'),
    ],
    [
      'InterpretDependency',
      (w) => ({ dependencyInterpretation: depScript(w) }),
      (i) =>
        i
          .getDependencies(widget)
          .map((d) => d.name)
          .join(),
    ],
  ];

  it.each(marked)('%s: the repository customization overrides the bundled one for the same kind', (_op, script, call) => {
    expect(call(createInterpreter([ric('z-repo', WIDGET, script('repo'))], { bundled: [ric('a-bundled', WIDGET, script('bundled'))] }))).toBe('repo');
  });

  it.each(marked)('%s: the bundled customization still answers when the repository customizes another operation', (op, script, call) => {
    const other = marked.find(([o]) => o !== op)?.[1] ?? script;
    expect(call(createInterpreter([ric('repo', WIDGET, other('repo'))], { bundled: [ric('bundled', WIDGET, script('bundled'))] }))).toBe('bundled');
  });

  it('a repository customization overrides a shipped bundled one (CloneSet health)', () => {
    const stale: KubeObject = {
      apiVersion: 'apps.kruise.io/v1alpha1',
      kind: 'CloneSet',
      metadata: { name: 'c', namespace: 'ns', generation: 2 },
      spec: { replicas: 2 },
      status: { observedGeneration: 1, updatedReplicas: 2, availableReplicas: 2 },
    };
    const target = { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet' };
    expect(createInterpreter([]).interpretHealth(stale)).toBe(false);
    expect(
      createInterpreter([ric('mine', target, { healthInterpretation: { luaScript: 'function InterpretHealth(o) return true end' } })]).interpretHealth(stale),
    ).toBe(true);
  });

  it('matches the target by exact apiVersion', () => {
    const i = createInterpreter([ric('a', { apiVersion: 'example.io/v2', kind: 'Widget' }, { replicaResource: replicaScript(1) })], { bundled: [] });
    expect(i.getReplicas(widget)).toBeUndefined();
    expect(i.supports(WIDGET, 'InterpretReplica')).toBe(false);
  });

  it('a Lua error does not fall through to native', () => {
    const i = createInterpreter([ric('a', DEPLOYMENT, { replicaResource: { luaScript: 'function GetReplicas(o) error("boom") end' } })], { bundled: [] });
    expect(() => i.getReplicas(deployment)).toThrow(LuaScriptError);
  });

  it('runs the dependency scripts of every customization and merges them', () => {
    const i = createInterpreter(
      [ric('b', WIDGET, { dependencyInterpretation: depScript('two') }), ric('a', WIDGET, { dependencyInterpretation: depScript('one') })],
      {
        bundled: [ric('z', WIDGET, { dependencyInterpretation: depScript('bundled') })],
      },
    );
    expect(i.getDependencies(widget).map((d) => d.name)).toEqual(['one', 'two']);
  });

  it.each([
    ['InterpretStatus is supported for every kind', WIDGET, 'InterpretStatus', true],
    ['InterpretHealth is not supported for a custom kind', WIDGET, 'InterpretHealth', false],
    ['InterpretHealth is supported for Deployment', DEPLOYMENT, 'InterpretHealth', true],
    ['InterpretComponent is not supported natively', DEPLOYMENT, 'InterpretComponent', false],
  ] as const)('%s', (_name, gvk, op, expected) => {
    expect(createInterpreter([], { bundled: [] }).supports(gvk, op)).toBe(expected);
  });

  it.each([
    ['health defaults to healthy', (i: ReturnType<typeof createInterpreter>) => i.interpretHealth(widget), true],
    ['revise returns an equal copy', (i: ReturnType<typeof createInterpreter>) => i.reviseReplica(widget, 2), widget],
    ['dependencies default to none', (i: ReturnType<typeof createInterpreter>) => i.getDependencies(widget), []],
    ['components default to none', (i: ReturnType<typeof createInterpreter>) => i.getComponents(widget), []],
    [
      'aggregation keeps the template',
      (i: ReturnType<typeof createInterpreter>) => i.aggregateStatus(widget, [{ clusterName: 'a', status: { x: 1 } }]),
      widget,
    ],
  ])('without any interpreter, %s', (_name, call, expected) => {
    expect(call(createInterpreter([], { bundled: [] }))).toEqual(expected);
  });

  it('compiles each script once, however many objects it interprets', () => {
    const i = createInterpreter([ric('a', WIDGET, { replicaResource: { luaScript: 'calls = (calls or 0) + 1\nfunction GetReplicas(o) return calls end' } })], {
      bundled: [],
    });
    const counts = Array.from({ length: 5 }, () => i.getReplicas(widget)?.replicas);
    expect(counts).toEqual([1, 1, 1, 1, 1]);
  });

  it('consults the bundled customizations by default', () => {
    const cloneSet: KubeObject = {
      apiVersion: 'apps.kruise.io/v1alpha1',
      kind: 'CloneSet',
      metadata: { name: 'c', namespace: 'ns' },
      spec: { replicas: 4, template: { spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
    };
    const i = createInterpreter([]);
    expect(i.getReplicas(cloneSet)).toEqual({ replicas: 4 });
    expect(i.supports({ apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet' }, 'InterpretHealth')).toBe(true);
    expect(i.supports({ apiVersion: 'helm.toolkit.fluxcd.io/v2', kind: 'HelmRelease' }, 'InterpretDependency')).toBe(true);
  });

  it('names the object when a native interpreter meets an invalid quantity', () => {
    const pod: KubeObject = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p', namespace: 'ns' },
      spec: { containers: [{ resources: { requests: { cpu: 'lots' } } }] },
    };
    expect(() => createInterpreter([], { bundled: [] }).getReplicas(pod)).toThrow(/^Pod\/ns\/p: InterpretReplica: quantities must match/);
  });
});
