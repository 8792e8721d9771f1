import { describe, expect, it } from 'vitest';
import { createInterpreter } from '../../../src/interpreter/index.ts';
import type { PreviousSchedule } from '../../../src/render/bind/schedule-claims.ts';
import { loadFleet } from '../../../src/render/load/load-fleet.ts';
import { parseSources } from '../../../src/render/parse/parse-sources.ts';
import { renderFleet } from '../../../src/render/render-fleet.ts';

/**
 * Karmada's scheduler takes a binding only when the binding's schedulerName is its own, an empty
 * name counting as default-scheduler (pkg/scheduler/event_handler.go, schedulerNameFilter).
 */
function render(schedulerName: string | undefined, previous?: PreviousSchedule) {
  const text = `apiVersion: cluster.karmada.io/v1alpha1
kind: Cluster
metadata: {name: m1}
spec: {region: r1}
---
apiVersion: cluster.karmada.io/v1alpha1
kind: Cluster
metadata: {name: m2}
spec: {region: r1}
---
apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: web, namespace: apps}
spec:
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}]
  placement: {clusterAffinity: {clusterNames: [m1, m2]}}
${schedulerName === undefined ? '' : `  schedulerName: '${schedulerName}'\n`}---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: apps}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template: {metadata: {labels: {app: web}}, spec: {containers: [{name: c, image: nginx}]}}
`;
  const parsed = parseSources([{ path: 'fleet.yaml', blobId: 'fleet', content: Buffer.from(text) }], new Map());
  const rendered = renderFleet(loadFleet(parsed).fleet, createInterpreter([]), {
    sourceCommit: 'c1',
    detect: {},
    observedClusters: new Map(),
    previousSchedules: new Map(previous ? [['apps/v1/Deployment/apps/web', previous]] : []),
  });
  const binding = rendered.bindings.find((b) => b.binding)?.binding;
  const warnings = rendered.diagnostics.map((d) => d.message);
  return { binding, warnings, works: [...rendered.works.entries()].map(([c, items]) => [c, items.filter((i) => i.manifest.kind === 'Deployment').length]) };
}

const REASON = "schedulerName my-scheduler names a scheduler Flotilla does not have (Karmada's default scheduler leaves the binding to it)";

describe('schedulerName (docs/karmada-compatibility.md#scheduler-name)', () => {
  it.each([
    ['no schedulerName is the default scheduler', undefined],
    ['an empty schedulerName is the default scheduler', ''],
    ['default-scheduler by name', 'default-scheduler'],
  ])('%s: scheduled', (_name, schedulerName) => {
    const { binding, warnings } = render(schedulerName);
    expect(binding?.schedulerName).toBe('default-scheduler');
    expect(binding?.clusters.map((c) => c.name)).toEqual(['m1', 'm2']);
    expect(binding?.error).toBeNull();
    expect(warnings).toEqual([]);
  });

  it('another scheduler: the binding stays unscheduled, nothing is rendered, its error says why', () => {
    const { binding, warnings, works } = render('my-scheduler');
    expect(binding?.clusters).toEqual([]);
    expect(binding?.error).toBe(REASON);
    expect(warnings).toEqual([]);
    expect(works.filter(([, n]) => n !== 0)).toEqual([]);
  });

  it('another scheduler after a schedule: the binding keeps its clusters, nothing schedules it again', () => {
    const previous: PreviousSchedule = { clusters: [{ name: 'm2', replicas: 2 }], appliedPlacement: '{}' };
    const { binding, warnings, works } = render('my-scheduler', previous);
    expect(binding?.clusters).toEqual([{ name: 'm2', replicas: 2 }]);
    expect(binding?.error).toBeNull();
    expect(binding?.appliedPlacement).toBe('{}');
    expect(warnings).toEqual([]);
    expect(works.filter(([, n]) => n !== 0)).toEqual([['m2', 1]]);
  });
});
