import { afterAll, describe, expect, it } from 'vitest';
import { createGitRepo, removeFixtures } from '../source/helpers/git-fixture.ts';
import { runCli } from './run-cli.ts';

afterAll(removeFixtures);

const files: Record<string, string> = {
  'apps/kz/base/kustomization.yaml': 'resources:\n  - cm.yaml\n',
  'apps/kz/base/cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  namespace: web\ndata:\n  level: base\n',
  'apps/kz/overlays/prod/kustomization.yaml': 'resources:\n  - ../../base\nnamePrefix: prod-\n',
};

describe('validate on a fleet of Kustomize overlays', () => {
  it('lists the roots it built, and kustomization files are no longer read as objects', () => {
    const repo = createGitRepo();
    for (const [file, content] of Object.entries(files)) repo.write(file, content);
    repo.commit('fleet');
    const out = runCli(['validate', '--repo', repo.dir, '--no-color']);
    expect(out.stdout).not.toContain('Kustomization/<unnamed>');
    expect(out.stdout).toMatch(
      /render roots \(kustomize v5\.\d+\.\d+, helm v3\.\d+\.\d+\):\n {2}apps\/kz\/overlays\/prod\/kustomization\.yaml: (rendered|cached)\n/,
    );
    expect(out.stdout).toContain('1 files, 1 objects');
    expect(out.code).toBe(0);
  });

  it('a root that fails is an error naming its kustomization file, exit 1', () => {
    const repo = createGitRepo();
    for (const [file, content] of Object.entries(files)) repo.write(file, content);
    repo.write('apps/kz/overlays/prod/kustomization.yaml', 'resources:\n  - ../../base\n  - missing.yaml\n');
    repo.commit('fleet');
    const out = runCli(['validate', '--repo', repo.dir, '--no-color']);
    expect(out.stdout).toMatch(/apps\/kz\/overlays\/prod\/kustomization\.yaml:1:1: error: kustomize build failed: .*missing\.yaml/);
    expect(out.code).toBe(1);
  });

  it('plan --base renders both commits, without clusters: a changed overlay shows as an update', () => {
    const repo = createGitRepo();
    const placed = {
      ...files,
      'clusters.yaml': 'apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata:\n  name: a\nspec:\n  syncMode: Push\n',
      'policy.yaml':
        'apiVersion: policy.karmada.io/v1alpha1\nkind: ClusterPropagationPolicy\nmetadata:\n  name: all\nspec:\n  resourceSelectors:\n    - apiVersion: v1\n      kind: ConfigMap\n  placement:\n    clusterAffinity:\n      clusterNames: [a]\n',
    };
    for (const [file, content] of Object.entries(placed)) repo.write(file, content);
    repo.commit('first');
    repo.write('apps/kz/overlays/prod/kustomization.yaml', 'resources:\n  - ../../base\nnamePrefix: prod-\ncommonAnnotations:\n  tier: gold\n');
    repo.commit('second');
    const out = runCli(['plan', '--offline', '--repo', repo.dir, '--base', 'HEAD~1', '-o', 'json']);
    expect(out.code).toBe(0);
    const plan = JSON.parse(out.stdout);
    expect(plan.render.roots).toEqual([{ file: 'apps/kz/overlays/prod/kustomization.yaml', outcome: 'rendered' }]);
    expect(plan.changes.a).toContainEqual(expect.objectContaining({ action: 'update', kind: 'ConfigMap', name: 'prod-settings' }));
  });
});
