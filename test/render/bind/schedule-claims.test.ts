import { describe, expect, it } from 'vitest';
import { createInterpreter } from '../../../src/interpreter/index.ts';
import type { ScheduledBinding, TargetCluster } from '../../../src/model/index.ts';
import type { PreviousSchedule } from '../../../src/render/bind/schedule-claims.ts';
import { loadFleet } from '../../../src/render/load/load-fleet.ts';
import { parseSources } from '../../../src/render/parse/parse-sources.ts';
import { renderFleet } from '../../../src/render/render-fleet.ts';

const clusters = (names: readonly string[]): string =>
  names
    .map(
      (name) => `apiVersion: cluster.karmada.io/v1alpha1
kind: Cluster
metadata: {name: ${name}}
spec: {region: r1}
`,
    )
    .join('---\n');

function app(name: string, replicas: number, placement: string): string {
  return `apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: ${name}, namespace: apps}
spec:
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: ${name}}]
  placement: ${placement}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: ${name}, namespace: apps}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: ${name}}}
  template: {metadata: {labels: {app: ${name}}}, spec: {containers: [{name: c, image: nginx}]}}
`;
}

const MEMBERS = '[m1, m2, m3, m4]';
const DIVIDED = `{clusterAffinity: {clusterNames: ${MEMBERS}}, replicaScheduling: {replicaSchedulingType: Divided, replicaDivisionPreference: Weighted, weightPreference: {staticWeightList: [{targetCluster: {clusterNames: ${MEMBERS}}, weight: 1}]}}}`;
const DUPLICATED = `{clusterAffinity: {clusterNames: ${MEMBERS}}, replicaScheduling: {replicaSchedulingType: Duplicated}}`;
const NOWHERE = `{clusterAffinity: {clusterNames: [elsewhere]}, replicaScheduling: {replicaSchedulingType: Duplicated}}`;
const TOO_SPREAD = `{clusterAffinity: {clusterNames: ${MEMBERS}}, spreadConstraints: [{spreadByField: cluster, minGroups: 9, maxGroups: 9}], replicaScheduling: {replicaSchedulingType: Duplicated}}`;

/** Renders one Deployment `web` and returns its binding. */
function render(placement: string, replicas: number, members: readonly string[], previous?: PreviousSchedule): ScheduledBinding {
  const files = { 'clusters.yaml': clusters(members), 'web.yaml': app('web', replicas, placement) };
  const parsed = parseSources(
    Object.entries(files).map(([path, text]) => ({ path, blobId: path, content: Buffer.from(text) })),
    new Map(),
  );
  const rendered = renderFleet(loadFleet(parsed).fleet, createInterpreter([]), {
    sourceCommit: 'c1',
    detect: {},
    observedClusters: new Map(),
    previousSchedules: new Map(previous ? [['apps/v1/Deployment/apps/web', previous]] : []),
  });
  const binding = rendered.bindings.find((b) => b.binding)?.binding;
  if (!binding) throw new Error(`web was not bound: ${JSON.stringify(rendered.diagnostics)}`);
  return binding;
}

/** The placement annotation a first render of `placement` writes. */
const applied = (placement: string, replicas: number): string => render(placement, replicas, ['m1', 'm2', 'm3']).appliedPlacement ?? '';
const on = (entries: Record<string, number>): TargetCluster[] => Object.entries(entries).map(([name, replicas]) => ({ name, replicas }));

describe('scheduleClaims and the reschedule gate (docs/karmada-compatibility.md#when-a-binding-is-scheduled)', () => {
  it('records the placement it scheduled with', () => {
    const binding = render(DIVIDED, 6, ['m1', 'm2', 'm3']);
    expect(binding.clusters).toEqual(on({ m1: 2, m2: 2, m3: 2 }));
    expect(JSON.parse(binding.appliedPlacement ?? '')).toEqual(binding.placement);
  });

  it.each<{
    name: string;
    placement: string;
    replicas: number;
    members?: string[];
    previous: (a: string) => PreviousSchedule;
    clusters: Record<string, number>;
  }>([
    {
      name: 'Divided, unchanged: keeps 3/3 when the third member is back',
      placement: DIVIDED,
      replicas: 6,
      previous: (a) => ({ clusters: on({ m1: 3, m2: 3 }), appliedPlacement: a }),
      clusters: { m1: 3, m2: 3 },
    },
    {
      name: 'Divided, unchanged: does not spread to a new member',
      placement: DIVIDED,
      replicas: 6,
      members: ['m1', 'm2', 'm3', 'm4'],
      previous: (a) => ({ clusters: on({ m1: 2, m2: 2, m3: 2 }), appliedPlacement: a }),
      clusters: { m1: 2, m2: 2, m3: 2 },
    },
    {
      name: 'Divided, no annotation (an older status branch): scheduled',
      placement: DIVIDED,
      replicas: 6,
      previous: () => ({ clusters: on({ m1: 3, m2: 3 }) }),
      clusters: { m1: 2, m2: 2, m3: 2 },
    },
    {
      name: 'Divided, scaled: scheduled',
      placement: DIVIDED,
      replicas: 9,
      previous: (a) => ({ clusters: on({ m1: 3, m2: 3 }), appliedPlacement: a }),
      clusters: { m1: 3, m2: 3, m3: 3 },
    },
    {
      name: 'Divided, a member evicted: scheduled without it',
      placement: DIVIDED,
      replicas: 6,
      previous: (a) => ({ clusters: on({ m1: 2, m2: 2 }), appliedPlacement: a, evictedClusters: ['m3'] }),
      clusters: { m1: 3, m2: 3 },
    },
    {
      name: 'Divided, a target member left the repository: scheduled',
      placement: DIVIDED,
      replicas: 6,
      members: ['m1', 'm2'],
      previous: (a) => ({ clusters: on({ m1: 2, m2: 2, m3: 2 }), appliedPlacement: a }),
      clusters: { m1: 3, m2: 3 },
    },
    {
      name: 'Duplicated: always scheduled',
      placement: DUPLICATED,
      replicas: 2,
      previous: (a) => ({ clusters: on({ m1: 2, m2: 2 }), appliedPlacement: a }),
      clusters: { m1: 2, m2: 2, m3: 2 },
    },
  ])('$name', ({ placement, replicas, members, previous, clusters }) => {
    const last = previous(applied(placement, replicas));
    const binding = render(placement, replicas, members ?? ['m1', 'm2', 'm3'], last);
    expect(binding.clusters).toEqual(on(clusters));
    expect(binding.error).toBeNull();
    expect(JSON.parse(binding.appliedPlacement ?? '')).toEqual(binding.placement);
  });

  it('keeps an unparsable annotation verbatim while it does not schedule', () => {
    const binding = render(DIVIDED, 6, ['m1', 'm2', 'm3'], { clusters: on({ m1: 3, m2: 3 }), appliedPlacement: '{oops' });
    expect([binding.clusters, binding.appliedPlacement]).toEqual([on({ m1: 3, m2: 3 }), '{oops']);
  });

  it.each([
    { name: 'NoClusterFit records the placement with the empty result', placement: NOWHERE, records: true },
    { name: 'any other error leaves the annotation as it was', placement: TOO_SPREAD, records: false },
  ])('$name', ({ placement, records }) => {
    const before = applied(DUPLICATED, 2);
    const binding = render(placement, 2, ['m1', 'm2', 'm3'], { clusters: on({ m1: 2 }), appliedPlacement: before });
    expect(binding.error).not.toBeNull();
    expect(binding.appliedPlacement).toBe(records ? JSON.stringify(binding.placement) : before);
  });
});

describe('scheduleClaims: an interpreter that throws on one template', () => {
  it.each<[string, (name: string) => never]>([
    [
      'a Lua-like error',
      (name) => {
        throw new Error(`ResourceInterpreterCustomization c: InterpretReplica at line 4: no replicas in ${name}`);
      },
    ],
    [
      'a thrown string',
      (name) => {
        throw `bad ${name}`;
      },
    ],
  ])('fails that binding only (%s): no binding, the claim carries the error, one diagnostic', (_name, fail) => {
    const parsed = parseSources([
      { path: 'fleet.yaml', blobId: 'f', content: Buffer.from(`${clusters(['m1', 'm2'])}---\n${app('good', 4, DUPLICATED)}---\n${app('bad', 4, DUPLICATED)}`) },
    ]);
    const { fleet } = loadFleet(parsed);
    const real = createInterpreter([]);
    const interpreter = {
      ...real,
      getReplicas: (obj: Parameters<typeof real.getReplicas>[0]) => (obj.metadata.name === 'bad' ? fail('bad') : real.getReplicas(obj)),
    };
    const rendered = renderFleet(fleet, interpreter, { sourceCommit: 'c', detect: {}, previousSchedules: new Map(), observedClusters: new Map() });
    const byName = new Map(rendered.bindings.map((b) => [b.template.object.metadata.name, b]));
    expect(byName.get('good')?.binding?.clusters.map((c) => c.name)).toEqual(['m1', 'm2']);
    expect(byName.get('bad')?.binding).toBeNull();
    expect(byName.get('bad')?.claim.error).toMatch(/^the resource interpreter failed: .*bad/);
    expect(rendered.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([
      expect.stringMatching(/^Deployment\/\w+\/bad: the resource interpreter failed: .*bad; not scheduled$/),
    ]);
    expect(
      [...rendered.works.values()]
        .flat()
        .map((i) => i.manifest.metadata.name)
        .filter((n) => n === 'good' || n === 'bad'),
    ).toEqual(['good', 'good']);
  });
});

/**
 * Karmada's scheduler takes a binding only when its schedulerName is its own, an empty name
 * counting as default-scheduler (pkg/scheduler/event_handler.go, schedulerNameFilter).
 */
describe('schedulerName (docs/karmada-compatibility.md#scheduler-name)', () => {
  const REASON = "schedulerName my-scheduler names a scheduler Flotilla does not have (Karmada's default scheduler leaves the binding to it)";
  const withScheduler = (name: string) => `${DUPLICATED}\n  schedulerName: '${name}'`;
  const previous: PreviousSchedule = { clusters: on({ m2: 2 }), appliedPlacement: '{}' };

  it.each<[string, string, PreviousSchedule | undefined, { clusters: TargetCluster[]; error: string | null; appliedPlacement?: string }]>([
    ['no schedulerName is the default scheduler', DUPLICATED, undefined, { clusters: on({ m1: 2, m2: 2 }), error: null }],
    ['an empty one is the default scheduler', withScheduler(''), undefined, { clusters: on({ m1: 2, m2: 2 }), error: null }],
    ['default-scheduler by name', withScheduler('default-scheduler'), undefined, { clusters: on({ m1: 2, m2: 2 }), error: null }],
    ['another scheduler: the binding stays unscheduled and says why', withScheduler('my-scheduler'), undefined, { clusters: [], error: REASON }],
    [
      'another scheduler after a schedule: it keeps its clusters',
      withScheduler('my-scheduler'),
      previous,
      { clusters: on({ m2: 2 }), error: null, appliedPlacement: '{}' },
    ],
  ])('%s', (_name, placement, last, want) => {
    const binding = render(placement, 2, ['m1', 'm2'], last);
    expect(binding.schedulerName).toBe(placement.includes('my-scheduler') ? 'my-scheduler' : 'default-scheduler');
    expect({ clusters: binding.clusters, error: binding.error, ...(want.appliedPlacement ? { appliedPlacement: binding.appliedPlacement } : {}) }).toEqual(
      want,
    );
  });
});
