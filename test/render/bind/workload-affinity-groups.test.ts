import { describe, expect, it } from 'vitest';
import { createInterpreter } from '../../../src/interpreter/index.ts';
import type { FeatureGates, TargetCluster } from '../../../src/model/index.ts';
import type { PreviousSchedule } from '../../../src/render/bind/schedule-claims.ts';
import { workloadAffinityGroupsOf } from '../../../src/render/bind/workload-affinity-groups.ts';
import { explainTemplate } from '../../../src/render/index.ts';
import { loadFleet } from '../../../src/render/load/load-fleet.ts';
import { parseSources } from '../../../src/render/parse/parse-sources.ts';
import { renderFleet } from '../../../src/render/render-fleet.ts';

describe('workload affinity groups: Karmada\'s "<groupByLabelKey>=<value>" from the template\'s label', () => {
  it.each([
    [
      'both groups from their keys',
      { tier: 'a', ha: 'x' },
      { affinity: { groupByLabelKey: 'tier' }, antiAffinity: { groupByLabelKey: 'ha' } },
      { affinityGroup: 'tier=a', antiAffinityGroup: 'ha=x' },
    ],
    [
      'only the group whose label the template has',
      { ha: 'x' },
      { affinity: { groupByLabelKey: 'tier' }, antiAffinity: { groupByLabelKey: 'ha' } },
      { antiAffinityGroup: 'ha=x' },
    ],
    ['an empty value is a value', { tier: '' }, { affinity: { groupByLabelKey: 'tier' } }, { affinityGroup: 'tier=' }],
    ['none without the label', { other: 'a' }, { affinity: { groupByLabelKey: 'tier' } }, undefined],
    ['none without labels', undefined, { antiAffinity: { groupByLabelKey: 'ha' } }, undefined],
    ['none without workloadAffinity', { tier: 'a' }, undefined, undefined],
  ])('%s', (_name, labels, affinity, want) => {
    expect(workloadAffinityGroupsOf(labels, affinity)).toEqual(want);
  });
});

const MEMBERS = `apiVersion: cluster.karmada.io/v1alpha1
kind: Cluster
metadata: {name: m1}
spec: {}
---
apiVersion: cluster.karmada.io/v1alpha1
kind: Cluster
metadata: {name: m2}
spec: {}
---
apiVersion: cluster.karmada.io/v1alpha1
kind: Cluster
metadata: {name: m3}
spec: {}
`;

/** One Deployment with its own policy: one member out of m1..m3 (or `clusters`), grouped by `group` when given. */
function app(name: string, labels: Record<string, string>, affinity: string, namespace = 'apps', clusters = '[m1, m2, m3]'): string {
  return `apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: ${name}, namespace: ${namespace}}
spec:
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: ${name}}]
  placement:
    clusterAffinity: {clusterNames: ${clusters}}
    spreadConstraints: [{spreadByField: cluster, maxGroups: 1, minGroups: 1}]
    replicaScheduling: {replicaSchedulingType: Duplicated}
    workloadAffinity: ${affinity}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: ${name}, namespace: ${namespace}, labels: ${JSON.stringify(labels)}}
spec:
  replicas: 1
  selector: {matchLabels: {app: ${name}}}
  template: {metadata: {labels: {app: ${name}}}, spec: {containers: [{name: c, image: nginx}]}}
`;
}

const ANTI = '{antiAffinity: {groupByLabelKey: ha-group}}';
const AFFINE = '{affinity: {groupByLabelKey: app.group}}';
const on = (...names: string[]): TargetCluster[] => names.map((name) => ({ name, replicas: 1 }));

function render(apps: Record<string, string>, gates: FeatureGates, previous: Record<string, string[]> = {}) {
  const files = { 'clusters.yaml': MEMBERS, ...apps };
  const parsed = parseSources(
    Object.entries(files).map(([path, text]) => ({ path, blobId: path, content: Buffer.from(text) })),
    new Map(),
  );
  const fleet = loadFleet(parsed, gates).fleet;
  const interpreter = createInterpreter([]);
  const previousSchedules = new Map<string, PreviousSchedule>(Object.entries(previous).map(([key, names]) => [key, { clusters: on(...names) }]));
  const options = { sourceCommit: 'c1', detect: {}, observedClusters: new Map(), previousSchedules, featureGates: gates };
  const rendered = renderFleet(fleet, interpreter, options);
  const where = Object.fromEntries(rendered.bindings.map((b) => [b.template.object.metadata.name, b.binding?.clusters.map((c) => c.name) ?? null]));
  const errors = Object.fromEntries(rendered.bindings.map((b) => [b.template.object.metadata.name, b.binding?.error ?? null]));
  return { where, errors, rendered, fleet, interpreter, previousSchedules };
}

const GATE_ON: FeatureGates = { WorkloadAffinity: true };

describe('scheduling with workload affinity (docs/karmada-compatibility.md#workload-affinity)', () => {
  it("separates the workloads of an anti-affinity group, in the fleet's template order", () => {
    const { where, errors } = render(
      {
        'a.yaml': app('service-a', { 'ha-group': 'my-app' }, ANTI),
        'b.yaml': app('service-b', { 'ha-group': 'my-app' }, ANTI),
        'c.yaml': app('service-c', { 'ha-group': 'my-app' }, ANTI),
      },
      GATE_ON,
    );
    const placed = [where['service-a'], where['service-b'], where['service-c']].map((c) => c?.[0]);
    expect(new Set(placed).size).toBe(3);
    expect(errors).toEqual({ 'service-a': null, 'service-b': null, 'service-c': null });
  });

  it("leaves a fourth member of the group unscheduled when every member is taken, with the filter's reason", () => {
    const files = Object.fromEntries(['a', 'b', 'c', 'd'].map((n) => [`${n}.yaml`, app(`svc-${n}`, { 'ha-group': 'g' }, ANTI)]));
    const { where, errors } = render(files, GATE_ON);
    expect(where['svc-d']).toEqual([]);
    expect(errors['svc-d']).toContain('3 cluster already has workload with the same anti-affinity group');
  });

  it('co-locates an affinity group where its first scheduled member went', () => {
    const { where } = render(
      {
        'a.yaml': app('trainer-a', { 'app.group': 'shard' }, AFFINE, 'apps', '[m2]'),
        'b.yaml': app('trainer-b', { 'app.group': 'shard' }, AFFINE),
        'c.yaml': app('trainer-c', { 'app.group': 'shard' }, AFFINE),
        'd.yaml': app('trainer-d', { 'app.group': 'shard' }, AFFINE, 'apps', '[m3, m2]'),
      },
      GATE_ON,
    );
    expect(where).toEqual({ 'trainer-a': ['m2'], 'trainer-b': ['m2'], 'trainer-c': ['m2'], 'trainer-d': ['m2'] });
  });

  it("sees a later peer where the last pass left it (Karmada's binding spec.clusters)", () => {
    const { where } = render(
      {
        'a.yaml': app('trainer-a', { 'app.group': 'shard' }, AFFINE),
        'b.yaml': app('trainer-b', { 'app.group': 'shard' }, AFFINE),
      },
      GATE_ON,
      { 'apps/v1/Deployment/apps/trainer-b': ['m3'] },
    );
    expect(where).toEqual({ 'trainer-a': ['m3'], 'trainer-b': ['m3'] });
  });

  it('groups by namespace and by label value', () => {
    const { where } = render(
      {
        'a.yaml': app('one', { 'app.group': 'x' }, AFFINE, 'apps', '[m1]'),
        'b.yaml': app('two', { 'app.group': 'x' }, AFFINE, 'other', '[m2]'),
        'c.yaml': app('three', { 'app.group': 'y' }, AFFINE, 'apps', '[m3]'),
      },
      GATE_ON,
    );
    expect(where).toEqual({ one: ['m1'], two: ['m2'], three: ['m3'] });
  });

  it('an affinity group with no common member leaves the later workload unscheduled', () => {
    const { where, errors } = render(
      {
        'a.yaml': app('one', { 'app.group': 'x' }, AFFINE, 'apps', '[m1]'),
        'b.yaml': app('two', { 'app.group': 'x' }, AFFINE, 'apps', '[m2]'),
      },
      GATE_ON,
    );
    expect(where).toEqual({ one: ['m1'], two: [] });
    expect(errors['two']).toContain('ResourceBinding with the same affinity group does not target this cluster');
  });

  it('a cluster-scoped template gets no group: Karmada builds none into a ClusterResourceBinding', () => {
    const clusterRole = (name: string) => `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: ${name}, labels: {ha-group: g}}
rules: []
`;
    const policy = `apiVersion: policy.karmada.io/v1alpha1
kind: ClusterPropagationPolicy
metadata: {name: roles}
spec:
  resourceSelectors: [{apiVersion: rbac.authorization.k8s.io/v1, kind: ClusterRole}]
  placement:
    clusterAffinity: {clusterNames: [m1]}
    workloadAffinity: ${ANTI}
`;
    const { where, rendered } = render({ 'roles.yaml': [clusterRole('a'), clusterRole('b'), policy].join('---\n') }, GATE_ON);
    expect(where).toEqual({ a: ['m1'], b: ['m1'] });
    expect(rendered.bindings.map((b) => b.binding?.workloadAffinityGroups)).toEqual([undefined, undefined]);
  });

  it("with the gate off (Karmada's default) schedules without it", () => {
    const { where, rendered } = render(
      {
        'a.yaml': app('one', { 'app.group': 'x' }, AFFINE, 'apps', '[m1]'),
        'b.yaml': app('two', { 'app.group': 'x' }, AFFINE, 'apps', '[m2]'),
      },
      {},
    );
    expect(where).toEqual({ one: ['m1'], two: ['m2'] });
    expect(rendered.bindings.every((b) => b.binding?.workloadAffinityGroups === undefined)).toBe(true);
  });

  it('explain replays the pass: the trace names the filter that turned a member away', () => {
    const setup = render(
      {
        'a.yaml': app('service-a', { 'ha-group': 'g' }, ANTI, 'apps', '[m1]'),
        'b.yaml': app('service-b', { 'ha-group': 'g' }, ANTI, 'apps', '[m1, m2]'),
      },
      GATE_ON,
    );
    expect(setup.where).toEqual({ 'service-a': ['m1'], 'service-b': ['m2'] });
    const explained = explainTemplate('apps/v1/Deployment/apps/service-b', {
      fleet: setup.fleet,
      interpreter: setup.interpreter,
      rendered: setup.rendered,
      previousSchedules: setup.previousSchedules,
    });
    expect(JSON.stringify(explained?.scheduling?.trace)).toContain('WorkloadAntiAffinity');
  });
});
