import { describe, expect, it } from 'vitest';
import type { ResourceInterpreter } from '../../../src/interpreter/index.ts';
import type { KubeObject } from '../../../src/model/index.ts';
import { bound, build, cfg, interpreter, names, web } from './build-works-fixtures.ts';

describe('buildWorks: Job completions (docs/karmada-compatibility.md#rendering-order)', () => {
  const job: KubeObject = {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: 'j', namespace: 'shop' },
    spec: { parallelism: 10, completions: 10, template: { spec: { containers: [] } } },
  };
  const divided = {
    placement: { replicaScheduling: { replicaSchedulingType: 'Divided' as const, replicaDivisionPreference: 'Weighted' as const } },
    replicas: 10,
  };
  const spec = (c: string, out: ReturnType<typeof build>) =>
    out.works.get(c)!.find((i) => i.manifest.kind === 'Job')!.manifest['spec'] as { parallelism: number; completions: number };

  it("splits completions by each cluster's replicas when Divided", () => {
    const out = build([
      bound(
        job,
        [
          ['a', 5],
          ['b', 5],
        ],
        divided,
      ),
    ]);
    expect([spec('a', out), spec('b', out)].map((s) => [s.parallelism, s.completions])).toEqual([
      [5, 5],
      [5, 5],
    ]);
  });

  it('keeps the full completions when Duplicated', () => {
    const out = build([
      bound(
        job,
        [
          ['a', 10],
          ['b', 10],
        ],
        { replicas: 10 },
      ),
    ]);
    expect(spec('a', out).completions).toBe(10);
  });

  it('leaves completions absent when the template has none', () => {
    const noCompletions = { ...job, spec: { parallelism: 4, template: { spec: { containers: [] } } } };
    const out = build([
      bound(
        noCompletions,
        [
          ['a', 2],
          ['b', 2],
        ],
        divided,
      ),
    ]);
    expect(spec('a', out).completions).toBeUndefined();
  });

  it.each<[string, Partial<ResourceInterpreter>, string[], string]>([
    [
      'a throwing ReviseReplica leaves that template out of every cluster, the rest renders',
      {
        reviseReplica: (obj, replicas) => {
          if (obj.metadata.name === 'web') throw new Error('boom');
          return interpreter.reviseReplica(obj, replicas);
        },
      },
      ['Namespace/shop', 'ConfigMap/cfg', 'Deployment/api'],
      'Deployment/shop/web: the resource interpreter failed: boom; not rendered for any cluster',
    ],
    [
      'a ReviseReplica result without metadata (Karmada takes it, then cannot send it) fails that template',
      {
        reviseReplica: (obj, replicas) => {
          if (obj.metadata.name !== 'web') return interpreter.reviseReplica(obj, replicas);
          return { apiVersion: obj.apiVersion, kind: obj.kind, spec: obj['spec'] };
        },
      },
      ['Namespace/shop', 'ConfigMap/cfg', 'Deployment/api'],
      'Deployment/shop/web: the resource interpreter failed: Deployment/shop/web: ReviseReplica: the returned object has no metadata; not rendered for any cluster',
    ],
    [
      "a throwing GetDependencies leaves out only that template's dependencies",
      {
        getDependencies: (obj) => {
          if (obj.metadata.name === 'web') throw new Error('no deps');
          return interpreter.getDependencies(obj);
        },
      },
      ['Namespace/shop', 'Deployment/api', 'Deployment/web'],
      'Deployment/shop/web: the resource interpreter failed: no deps; its dependencies are not propagated with it',
    ],
  ])('%s', (_name, failing, want, message) => {
    const api: KubeObject = {
      ...web,
      metadata: { name: 'api', namespace: 'shop' },
      spec: { replicas: 2, template: { spec: { containers: [{ name: 'api', image: 'api:1' }] } } },
    };
    const out = build([bound(web, [['a', 6]]), bound(api, [['a', 2]]), bound(cfg, [])], { interpreter: { ...interpreter, ...failing } });
    expect(names(out.works.get('a'))).toEqual(want);
    expect(out.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([message]);
  });
});
