// docs/architecture.md, "Adding a controller": a controller is its folder (toy/) and one registry
// entry; the pass drives it through its phases, and the status writer and reader carry its record,
// with nothing else changed.
import { afterAll, describe, expect, it } from 'vitest';
import { CONTROLLERS, emptyControllerRecords, RECORD_SECTIONS } from '../../../src/controllers/index.ts';
import { parseStatusTree, statusFiles } from '../../../src/status/index.ts';
import type { ControllerRegistration } from '../../../src/controllers/index.ts';
import { emptyPassMemory, reconcile } from '../../../src/reconcile/pass/pass.ts';
import { feedbackFromStatus } from '../../../src/reconcile/pass/status-feedback.ts';
import { FakeKubeClient } from '../../fakes/kube-client.ts';
import { createGitRepo, removeFixtures } from '../../source/helpers/git-fixture.ts';
import { HOLD_RECORD_SECTION, HOLD_REGISTRATION } from './toy/hold-controller.ts';

afterAll(removeFixtures);

const FLEET = {
  'clusters.yaml': 'apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata: {name: member1}\nspec: {}\n',
  'policy.yaml': `apiVersion: policy.karmada.io/v1alpha1
kind: ClusterPropagationPolicy
metadata: {name: all}
spec:
  resourceSelectors: [{apiVersion: v1, kind: ConfigMap}]
  placement: {clusterAffinity: {clusterNames: [member1]}}
`,
  'apps.yaml': `apiVersion: v1
kind: ConfigMap
metadata: {name: app, namespace: shop}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: held, namespace: shop, annotations: {toy.flotilla.io/hold: "true"}}
`,
};

async function passWith(registry: readonly ControllerRegistration[]) {
  const repo = createGitRepo();
  for (const [path, text] of Object.entries(FLEET)) repo.write(path, text);
  repo.commit('fleet');
  const client = new FakeKubeClient('member1');
  const result = await reconcile(
    {
      source: { repo: repo.dir },
      connect: async () => new Map([['member1', client]]),
      prune: {},
      runner: {},
      controllers: registry.map((r) => r.recorded()),
      owns: () => true,
      now: () => 0,
      feedback: async () => feedbackFromStatus(undefined),
      onEvent: () => undefined,
    },
    emptyPassMemory(),
  );
  const created = (result.clusters[0]?.objects ?? []).filter((o) => o.ref.kind === 'ConfigMap').map((o) => o.ref.name);
  return { created, diagnostics: result.controllerDiagnostics.map((d) => `${d.file}: ${d.object}: ${d.message}`) };
}

describe('adding a controller: its folder and one registry entry', () => {
  it.each([
    ['the registry as shipped', CONTROLLERS, ['app', 'held'], []],
    ['with the toy controller registered', [...CONTROLLERS, HOLD_REGISTRATION], ['app'], ['apps.yaml: ConfigMap/shop/held: held back by toy.flotilla.io/hold']],
  ])('%s', async (_name, registry, created, diagnostics) => {
    const pass = await passWith(registry);
    expect(pass.created.sort()).toEqual(created);
    expect(pass.diagnostics).toEqual(diagnostics);
  });
});

describe('a controller with a record: its record section joins the status writer and reader', () => {
  const sections = [...RECORD_SECTIONS, HOLD_RECORD_SECTION];
  const report = (records: Record<string, unknown>) => ({
    sourceCommit: 'c'.repeat(40),
    reconciledAt: '2026-01-01T00:00:00.000Z',
    clusters: [],
    templates: [],
    records,
  });

  it('writes its file and STATUS.md section, and reads its record back', () => {
    const records = { ...emptyControllerRecords(), 'toy-hold': ['ConfigMap/shop/held'] };
    const written = HOLD_RECORD_SECTION.written?.(records, false);
    expect(written).toEqual(['ConfigMap/shop/held']);
    const files = statusFiles(report({ 'toy-hold': written }), sections);
    const text = (path: string) => String(files.find((f) => f.path === path)?.content);
    expect(text('toy-holds/held.yaml')).toBe('held:\n- ConfigMap/shop/held\n');
    expect(text('STATUS.md')).toContain('## Held back\n\n- ConfigMap/shop/held\n');
    const tree = parseStatusTree(
      files.map((f) => ({ path: f.path, content: Buffer.from(f.content) })),
      sections,
    );
    expect(tree.warnings).toEqual([]);
    expect(HOLD_RECORD_SECTION.restored?.(tree.records['toy-hold'] as readonly string[] | undefined)).toEqual({
      'toy-hold': ['ConfigMap/shop/held'],
    });
  });

  it('without held templates writes nothing of its own', () => {
    expect(HOLD_RECORD_SECTION.written?.({ ...emptyControllerRecords(), 'toy-hold': [] }, false)).toBeUndefined();
    const files = statusFiles(report({}), sections);
    expect(files.filter((f) => f.path.startsWith('toy-holds/'))).toEqual([]);
    expect(String(files.find((f) => f.path === 'STATUS.md')?.content)).not.toContain('Held back');
  });
});
