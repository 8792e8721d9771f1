import { afterAll, describe, expect, it } from 'vitest';
import type { Diagnostic, KubeObject } from '../../../src/model/index.ts';
import type { ObjectChange } from '../../../src/render/index.ts';
import { withoutHeldPrunes } from '../../../src/reconcile/plan/held-prunes.ts';
import { planOffline } from '../../../src/reconcile/plan/plan.ts';
import { createGitRepo, removeFixtures } from '../../source/helpers/git-fixture.ts';

afterAll(removeFixtures);

const change = (action: ObjectChange['action'], name: string): ObjectChange => ({
  action,
  apiVersion: 'v1',
  kind: 'ConfigMap',
  namespace: 'shop',
  name,
  diff: '',
});
const manifest = (name: string, template: string): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace: 'shop', annotations: { 'flotilla.io/template': template } },
});
const at = { file: 'x.yaml', line: 1, column: 1 };
const BROKEN: Diagnostic = { ...at, severity: 'error', message: 'not YAML' };
const UNSCHEDULABLE: Diagnostic = { ...at, severity: 'error', message: 'no cluster fits', heldTemplate: 'v1/ConfigMap/shop/a' };
const CHANGES = { member1: [change('update', 'c'), change('delete', 'a'), change('delete', 'b')] };
const BASE = new Map([['member1', [manifest('a', 'v1/ConfigMap/shop/a'), manifest('b', 'v1/ConfigMap/shop/b'), manifest('c', 'v1/ConfigMap/shop/c')]]]);

describe('an offline plan leaves out the prunes that will not happen', () => {
  it.each([
    ['without errors, every removal stays', [], ['update c', 'delete a', 'delete b'], []],
    ['a warning is no hold', [{ ...BROKEN, severity: 'warning' as const }], ['update c', 'delete a', 'delete b'], []],
    [
      'an error of the source holds back every removal',
      [BROKEN],
      ['update c'],
      ['cluster member1: 2 object(s) gone from the Work are left out of the plan, not pruned: prune held back: the source has errors (fix them first)'],
    ],
    [
      'an unschedulable template holds back its own copies only',
      [UNSCHEDULABLE],
      ['update c', 'delete b'],
      ['cluster member1: 1 object(s) gone from the Work are left out of the plan, not pruned: prune held back: no cluster fits'],
    ],
  ])('%s', (_name, diagnostics, kept, warnings) => {
    const { changes, held } = withoutHeldPrunes(CHANGES, BASE, diagnostics);
    expect(changes['member1']?.map((c) => `${c.action} ${c.name}`)).toEqual(kept);
    expect(held.map((d) => [d.severity, d.object, d.message])).toEqual(warnings.map((m) => ['warning', 'Cluster/member1', m]));
  });

  it('plan --base of a commit with a parse error lists no prune, and says why', { timeout: 60_000 }, async () => {
    const repo = createGitRepo();
    repo.write('clusters.yaml', 'apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata: {name: member1}\nspec: {}\n');
    repo.write(
      'policy.yaml',
      'apiVersion: policy.karmada.io/v1alpha1\nkind: ClusterPropagationPolicy\nmetadata: {name: all}\nspec:\n  resourceSelectors: [{apiVersion: v1, kind: ConfigMap}]\n  placement: {clusterAffinity: {clusterNames: [member1]}}\n',
    );
    for (const name of ['a', 'b']) repo.write(`${name}.yaml`, `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ${name}, namespace: default}\ndata: {k: v}\n`);
    const base = repo.commit('two ConfigMaps');
    repo.git('rm', '-q', 'b.yaml');
    repo.commit('b removed');
    const clean = await planOffline({ source: { repo: repo.dir }, base });
    expect(clean.document.changes?.['member1']?.filter((c) => c.action === 'delete').map((c) => c.name)).toEqual(['b']);
    repo.write('broken.yaml', 'kind: [unclosed\n');
    repo.commit('b removed, a file broken');
    const { document, diagnostics } = await planOffline({ source: { repo: repo.dir }, base });
    expect(document.changes?.['member1']?.filter((c) => c.action === 'delete')).toEqual([]);
    const held = (d: Diagnostic) => d.message.includes('left out of the plan, not pruned: prune held back: the source has errors');
    expect(document.diagnostics.filter(held).map((d) => d.message)).toEqual([
      'cluster member1: 1 object(s) gone from the Work are left out of the plan, not pruned: prune held back: the source has errors (fix them first)',
    ]);
    expect(diagnostics.some(held)).toBe(true);
  });
});
