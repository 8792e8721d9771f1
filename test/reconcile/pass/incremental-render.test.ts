import { describe, expect, it } from 'vitest';
import { createInterpreter } from '../../../src/interpreter/index.ts';
import { refKey, refOf, SOURCE_COMMIT_ANNOTATION } from '../../../src/model/index.ts';
import type { FeatureGates, KubeObject } from '../../../src/model/index.ts';
import { schedulesOf } from '../../../src/reconcile/pass/pass.ts';
import { renderIncremental } from '../../../src/reconcile/pass/incremental-render.ts';
import type { RenderMemo } from '../../../src/reconcile/pass/incremental-render.ts';
import { indexWorks } from '../../../src/reconcile/pass/work-index.ts';
import { loadFleet } from '../../../src/render/load/load-fleet.ts';
import { parseSources } from '../../../src/render/parse/parse-sources.ts';
import type { ParseCache } from '../../../src/render/parse/parse-sources.ts';
import type { Rendered, RenderOptions } from '../../../src/render/render-fleet.ts';

const CLUSTERS = ['member1', 'member2', 'member3']
  .map(
    (name, i) => `apiVersion: cluster.karmada.io/v1alpha1
kind: Cluster
metadata: {name: ${name}, labels: {tier: t${i % 2}}}
spec: {region: r${i}}
`,
  )
  .join('---\n');

const POLICIES = `apiVersion: policy.karmada.io/v1alpha1
kind: ClusterPropagationPolicy
metadata: {name: apps}
spec:
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}, {apiVersion: v1, kind: ConfigMap}]
  placement:
    clusterAffinity: {clusterNames: [member1, member2, member3]}
    replicaScheduling: {replicaSchedulingType: Divided, replicaDivisionPreference: Weighted, weightPreference: {staticWeightList: [{targetCluster: {clusterNames: [member1]}, weight: 2}, {targetCluster: {clusterNames: [member2, member3]}, weight: 1}]}}
---
apiVersion: policy.karmada.io/v1alpha1
kind: ClusterOverridePolicy
metadata: {name: mirror}
spec:
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]
  overrideRules:
    - targetCluster: {labelSelector: {matchLabels: {tier: t0}}}
      overriders: {imageOverrider: [{component: Registry, operator: replace, value: mirror.example.com}]}
`;

function app(i: number, replicas: number, ns = `team-${i % 3}`): string {
  return `apiVersion: apps/v1
kind: Deployment
metadata: {name: app-${i}, namespace: ${ns}}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: app-${i}}}
  template: {metadata: {labels: {app: app-${i}}}, spec: {containers: [{name: c, image: registry.example.com/app-${i}:1}]}}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: app-${i}, namespace: ${ns}}
data: {id: "${i}"}
`;
}

type Files = Record<string, string>;
const base = (): Files => ({
  'clusters.yaml': CLUSTERS,
  'policies.yaml': POLICIES,
  ...Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`apps/app-${i}.yaml`, app(i, 1 + i)])),
});

function load(files: Files, cache: ParseCache) {
  const parsed = parseSources(
    Object.entries(files)
      .sort()
      .map(([path, text]) => ({ path, blobId: `${path}:${text}`, content: Buffer.from(text) })),
    cache,
  );
  return loadFleet(parsed).fleet;
}

const options = (commit: string): RenderOptions => ({ sourceCommit: commit, detect: {}, previousSchedules: new Map(), observedClusters: new Map() });

/** A render with the source-commit annotation taken out, for comparison. */
function comparable(r: Rendered) {
  const strip = (m: KubeObject) => ({
    ...m,
    metadata: { ...m.metadata, annotations: Object.fromEntries(Object.entries(m.metadata.annotations ?? {}).filter(([k]) => k !== SOURCE_COMMIT_ANNOTATION)) },
  });
  return {
    works: Object.fromEntries([...r.works].map(([c, items]) => [c, items.map((i) => ({ ...i, manifest: strip(i.manifest) }))])),
    bindings: r.bindings.map((b) => b.binding),
    diagnostics: [...r.diagnostics].map((d) => JSON.stringify(d)).sort(),
  };
}

describe('renderIncremental', () => {
  it.each<[string, (f: Files) => Files, 'full' | 'incremental', number]>([
    ['a changed replica count re-renders that template only', (f) => ({ ...f, 'apps/app-2.yaml': app(2, 9) }), 'incremental', 1],
    ['a new file renders its templates, and its namespace once', (f) => ({ ...f, 'apps/app-9.yaml': app(9, 2, 'brand-new') }), 'incremental', 2],
    [
      'a deleted file drops its templates and the namespace only it used',
      (f) => {
        const { ['apps/app-5.yaml']: _gone, ...rest } = f;
        return { ...rest, 'apps/app-4.yaml': app(4, 5, 'team-9') };
      },
      'incremental',
      6,
    ],
    [
      'a template turned invalid leaves the render, as in a full one',
      (f) => ({ ...f, 'apps/app-1.yaml': app(1, 2).replace('replicas: 2', 'replicas: -2') }),
      'incremental',
      1,
    ],
    ['a policy change renders everything', (f) => ({ ...f, 'policies.yaml': POLICIES.replace('weight: 2', 'weight: 3') }), 'full', 12],
    ['a cluster change renders everything', (f) => ({ ...f, 'clusters.yaml': CLUSTERS.replace('region: r0', 'region: r9') }), 'full', 12],
  ])('%s, and gives what a full render gives', (_name, change, mode, rerendered) => {
    const cache: ParseCache = new Map();
    const interpreter = createInterpreter([]);
    const before = base();
    const first = renderIncremental(undefined, load(before, cache), interpreter, options('c1'));
    expect(first.mode).toBe('full');
    const after = change(before);
    // As the run loop passes them: the last render's schedules.
    const scheduled = { ...options('c2'), previousSchedules: schedulesOf(first.rendered.bindings) };
    const next = renderIncremental(first.memo as RenderMemo, load(after, cache), interpreter, scheduled);
    expect([next.mode, next.rerendered]).toEqual([mode, rerendered]);
    const full = renderIncremental(undefined, load(after, new Map()), interpreter, scheduled);
    expect(comparable(next.rendered)).toEqual(comparable(full.rendered));
  });

  it('renders again a template whose previous schedule a controller changed (the descheduler lowered it), and only it', () => {
    const cache: ParseCache = new Map();
    const interpreter = createInterpreter([]);
    const first = renderIncremental(undefined, load(base(), cache), interpreter, options('c1'));
    const previousSchedules = schedulesOf(first.rendered.bindings);
    const key = 'apps/v1/Deployment/team-2/app-5';
    const lowered = previousSchedules.get(key);
    expect(lowered?.clusters.length).toBeGreaterThan(0);
    previousSchedules.set(key, { ...lowered!, clusters: lowered!.clusters.map((t) => ({ ...t, replicas: 0 })) });
    const next = renderIncremental(first.memo as RenderMemo, load(base(), cache), interpreter, { ...options('c2'), previousSchedules });
    expect([next.mode, next.rerendered]).toEqual(['incremental', 1]);
    const full = renderIncremental(undefined, load(base(), new Map()), interpreter, { ...options('c2'), previousSchedules });
    expect(comparable(next.rendered)).toEqual(comparable(full.rendered));
  });

  const QUOTA = 'apiVersion: policy.karmada.io/v1alpha1\nkind: FederatedResourceQuota\nmetadata: {name: q, namespace: team-1}\nspec: {overall: {cpu: "1"}}';
  const GROUPED =
    'apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: grouped, namespace: team-1}\nspec: {resourceSelectors: [{apiVersion: v1, kind: ConfigMap, name: none}], placement: {workloadAffinity: {antiAffinity: {groupByLabelKey: ha}}}}';
  it.each<[string, string, FeatureGates, 'full' | 'incremental']>([
    ['with FederatedQuotaEnforcement on, a quota spans templates: a template change renders everything', QUOTA, { FederatedQuotaEnforcement: true }, 'full'],
    ['with the gate off, the quota is only a ResourceQuota per member: incremental', QUOTA, {}, 'incremental'],
    ["with WorkloadAffinity on, a policy's groups span templates: a template change renders everything", GROUPED, { WorkloadAffinity: true }, 'full'],
    ['with the gate off, workloadAffinity is not acted on: incremental', GROUPED, {}, 'incremental'],
  ])('%s', (_name, extra, featureGates, mode) => {
    const cache: ParseCache = new Map();
    const interpreter = createInterpreter([]);
    const before = { ...base(), 'extra.yaml': extra };
    const first = renderIncremental(undefined, load(before, cache), interpreter, { ...options('c1'), featureGates });
    const next = renderIncremental(first.memo as RenderMemo, load({ ...before, 'apps/app-2.yaml': app(2, 9) }, cache), interpreter, {
      ...options('c2'),
      featureGates,
    });
    expect(next.mode).toBe(mode);
  });

  it('stays equal to a full render over a sequence of commits, each building on the last', () => {
    const cache: ParseCache = new Map();
    const interpreter = createInterpreter([]);
    let files = base();
    let memo = renderIncremental(undefined, load(files, cache), interpreter, options('c0')).memo;
    const steps: ((f: Files) => Files)[] = [
      (f) => ({ ...f, 'apps/app-2.yaml': app(2, 7) }),
      (f) => ({ ...f, 'apps/app-9.yaml': app(9, 2, 'brand-new') }),
      (f) => ({ ...f, 'apps/app-8.yaml': app(8, 1, 'brand-new') }),
      (f) => {
        const { ['apps/app-9.yaml']: _gone, ...rest } = f;
        return rest;
      },
      (f) => {
        const { ['apps/app-8.yaml']: _gone, ...rest } = f;
        return rest;
      },
      (f) => ({ ...f, 'apps/app-0.yaml': app(0, 3, 'team-1') }),
    ];
    for (const [i, step] of steps.entries()) {
      files = step(files);
      const next = renderIncremental(memo, load(files, cache), interpreter, options(`c${i + 1}`));
      expect(next.mode).toBe('incremental');
      expect(comparable(next.rendered)).toEqual(comparable(renderIncremental(undefined, load(files, new Map()), interpreter, options(`c${i + 1}`)).rendered));
      memo = next.memo;
    }
  });

  it("with the last render's schedules, as the run loop passes them (the reschedule gate), stays equal to a full render", () => {
    const cache: ParseCache = new Map();
    const interpreter = createInterpreter([]);
    const scheduled = (_files: Files, last: Rendered | undefined, commit: string): RenderOptions => ({
      ...options(commit),
      previousSchedules: schedulesOf(last?.bindings ?? []),
    });
    const split = (r: Rendered, name: string) =>
      r.bindings.find((b) => b.binding?.resource.name === name && b.binding.resource.kind === 'Deployment')?.binding?.clusters;
    let files = base();
    let last = renderIncremental(undefined, load(files, cache), interpreter, options('c0'));
    const steps: [(f: Files) => Files, 'full' | 'incremental'][] = [
      [(f) => ({ ...f, 'apps/app-2.yaml': app(2, 8) }), 'incremental'],
      [(f) => ({ ...f, 'clusters.yaml': CLUSTERS.replace('tier: t0}', 'tier: t0, extra: x}') }), 'full'],
      [(f) => ({ ...f, 'apps/app-9.yaml': app(9, 4, 'brand-new') }), 'incremental'],
    ];
    for (const [i, [step, mode]] of steps.entries()) {
      const before = last.rendered;
      files = step(files);
      const next = renderIncremental(last.memo, load(files, cache), interpreter, scheduled(files, before, `c${i + 1}`));
      expect(next.mode).toBe(mode);
      const full = renderIncremental(undefined, load(files, new Map()), interpreter, scheduled(files, before, `c${i + 1}`));
      expect(comparable(next.rendered)).toEqual(comparable(full.rendered));
      last = next;
    }
    expect(split(last.rendered, 'app-2')?.reduce((n, c) => n + c.replicas, 0)).toBe(8);
  });
});

const QUOTAS = ['quota-only', 'team-1']
  .map(
    (ns) => `apiVersion: policy.karmada.io/v1alpha1
kind: FederatedResourceQuota
metadata: {name: team, namespace: ${ns}}
spec:
  overall: {cpu: "4"}
  staticAssignments: [{clusterName: member1, hard: {cpu: "2"}}, {clusterName: member3, hard: {cpu: "2"}}]
`,
  )
  .join('---\n');

describe('the memo of a full render', () => {
  it('indexes its Work when a merge first asks, once, as an index made at render time would be', () => {
    const fleet = load(base(), new Map());
    const { memo, rendered } = renderIncremental(undefined, fleet, createInterpreter([]), options('c0'));
    const keys = new Set(fleet.templates.map((t) => refKey(refOf(t.object))));
    const index = memo.index();
    expect(memo.index()).toBe(index);
    expect(index).toEqual(indexWorks(rendered.works, (key) => keys.has(key)));
  });
});

describe('renderIncremental with FederatedResourceQuotas', () => {
  it.each<[string, (f: Files) => Files, 'full' | 'incremental']>([
    ["a changed template keeps the quotas' ResourceQuotas and the Namespace only a quota uses", (f) => ({ ...f, 'apps/app-1.yaml': app(1, 9) }), 'incremental'],
    [
      "a template gone from the quota's namespace keeps the Namespace the quota needs",
      (f) => {
        const { ['apps/app-1.yaml']: _a, ['apps/app-4.yaml']: _b, ...rest } = f;
        return rest;
      },
      'incremental',
    ],
    ['a changed quota renders everything', (f) => ({ ...f, 'quotas.yaml': QUOTAS.replaceAll('cpu: "2"', 'cpu: "1"') }), 'full'],
  ])('%s, and gives what a full render gives', (_name, change, mode) => {
    const cache: ParseCache = new Map();
    const interpreter = createInterpreter([]);
    const before = { ...base(), 'quotas.yaml': QUOTAS };
    const first = renderIncremental(undefined, load(before, cache), interpreter, options('c1'));
    const after = change(before);
    const next = renderIncremental(first.memo, load(after, cache), interpreter, options('c2'));
    expect(next.mode).toBe(mode);
    const full = renderIncremental(undefined, load(after, new Map()), interpreter, options('c2'));
    expect(comparable(next.rendered)).toEqual(comparable(full.rendered));
    const names = (cluster: string) =>
      next.rendered.works
        .get(cluster)!
        .filter((i) => i.manifest.kind === 'ResourceQuota' || i.manifest.metadata.name === 'quota-only')
        .map((i) => `${i.manifest.kind}/${i.manifest.metadata.namespace ?? ''}/${i.manifest.metadata.name}`)
        .sort();
    expect(names('member2')).toEqual(['Namespace//quota-only', 'ResourceQuota/quota-only/team', 'ResourceQuota/team-1/team']);
  });
});

describe('renderIncremental with Namespace templates', () => {
  const NAMESPACES = ['team-0', 'team-1']
    .map(
      (ns, i) => `apiVersion: v1\nkind: Namespace\nmetadata: {name: ${ns}${i === 1 ? ', labels: {namespace.karmada.io/skip-auto-propagation: "true"}' : ''}}\n`,
    )
    .join('---\n');

  it.each<[string, (f: Files) => Files]>([
    ['a changed template in a synced Namespace', (f) => ({ ...f, 'apps/app-0.yaml': app(0, 9) })],
    ['a changed template in a Namespace that opts out of the sync', (f) => ({ ...f, 'apps/app-1.yaml': app(1, 9) })],
    ['a new template in a synced Namespace', (f) => ({ ...f, 'apps/app-9.yaml': app(9, 2, 'team-0') })],
  ])('%s keeps one Namespace item per cluster, as a full render does', (_name, change) => {
    const cache: ParseCache = new Map();
    const interpreter = createInterpreter([]);
    const before = { ...base(), 'namespaces.yaml': NAMESPACES };
    const first = renderIncremental(undefined, load(before, cache), interpreter, options('c1'));
    const after = change(before);
    const next = renderIncremental(first.memo, load(after, cache), interpreter, options('c2'));
    expect(next.mode).toBe('incremental');
    const full = renderIncremental(undefined, load(after, new Map()), interpreter, options('c2'));
    expect(comparable(next.rendered)).toEqual(comparable(full.rendered));
    for (const items of next.rendered.works.values()) {
      const namespaces = items.filter((i) => i.manifest.kind === 'Namespace').map((i) => i.manifest.metadata.name);
      expect(namespaces).toEqual([...new Set(namespaces)]);
    }
  });
});
