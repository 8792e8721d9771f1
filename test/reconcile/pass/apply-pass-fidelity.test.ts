import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyPass } from '../../../src/reconcile/pass/apply-pass.ts';
import { planOffline } from '../../../src/reconcile/plan/plan.ts';
import type { FakeKubeClient } from '../../fakes/kube-client.ts';
import { removeFixtures } from '../../source/helpers/git-fixture.ts';
import { initFakeFleet } from '../helpers/fake-fleet.ts';

afterAll(removeFixtures);

const git = (dir: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@e', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@e' },
  }).trim();

function edit(dir: string, file: string, change: (text: string) => string): void {
  writeFileSync(join(dir, file), change(readFileSync(join(dir, file), 'utf8')));
}

/** The `flotilla init` fleet applied once to two fake members. */
async function appliedFleet() {
  const { dir, members, access } = await initFakeFleet('flotilla-apply-suspension-');
  expect((await applyPass({ source: { repo: dir }, access, prune: {}, runner: {} })).ok).toBe(true);
  return { dir, members, access };
}

const image = (client: FakeKubeClient, name: string) => {
  const found = [...client.objects.values()].find((o) => o.kind === 'Deployment' && o.metadata.name === name);
  return found ? (found['spec'] as { template: { spec: { containers: { image: string }[] } } }).template.spec.containers[0]!.image : undefined;
};

describe('suspension.dispatchingOnClusters through apply on fake members', { timeout: 60_000 }, () => {
  it("leaves the suspended member's copies as they are: not updated, not created, not pruned", async () => {
    const { dir, members, access } = await appliedFleet();
    edit(dir, 'policies/hello.yaml', (t) =>
      t.replace('  placement:\n', '  suspension:\n    dispatchingOnClusters:\n      clusterNames: [staging]\n  placement:\n'),
    );
    edit(dir, 'apps/hello/deployment.yaml', (t) => t.replace('nginx:1.27', 'nginx:1.28'));
    // A second Deployment the policy selects from now on: created in production only.
    edit(dir, 'apps/hello/deployment.yaml', (t) => `${t}---\n${t.split('---')[0]!.replaceAll('name: hello\n  namespace', 'name: hello-two\n  namespace')}`);
    edit(dir, 'policies/hello.yaml', (t) =>
      t.replace(
        '      name: hello\n    - apiVersion: v1',
        '      name: hello\n    - apiVersion: apps/v1\n      kind: Deployment\n      name: hello-two\n    - apiVersion: v1',
      ),
    );
    git(dir, 'commit', '-qam', 'suspend staging, roll out nginx 1.28 and hello-two');

    const offline = await planOffline({ source: { repo: dir } });
    const binding = offline.document.bindings.find((b) => b.resource.kind === 'Deployment' && b.resource.name === 'hello');
    expect(binding?.suspendedClusters).toEqual(['staging']);

    const result = await applyPass({ source: { repo: dir }, access, prune: { enabled: true, allowMassPrune: true }, runner: {} });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const [production, staging] = [members.get('production')!, members.get('staging')!];
    expect(image(production, 'hello')).toBe('nginx:1.28');
    expect(image(production, 'hello-two')).toBe('nginx:1.28');
    expect(image(staging, 'hello')).toBe('nginx:1.27');
    expect(image(staging, 'hello-two')).toBeUndefined();
    const stagingActions = result.clusters.find((c) => c.cluster === 'staging')!;
    expect(
      stagingActions.objects
        .filter((o) => o.action === 'suspended')
        .map((o) => `${o.ref.kind}/${o.ref.name}`)
        .sort(),
    ).toEqual(['Deployment/hello', 'Deployment/hello-two', 'Service/hello']);
    expect(stagingActions.pruned).toEqual([]);
  });
});

describe('a customization that throws, through apply on fake members', { timeout: 60_000 }, () => {
  it('applies every other binding, fails only its own, and refuses prune for the pass', async () => {
    const { dir, members, access } = await appliedFleet();
    writeFileSync(
      join(dir, 'apps/hello/widget.yaml'),
      `apiVersion: example.io/v1
kind: Widget
metadata: {name: broken, namespace: hello}
spec: {size: 3}
---
apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: widgets, namespace: hello}
spec:
  resourceSelectors: [{apiVersion: example.io/v1, kind: Widget}]
---
apiVersion: config.karmada.io/v1alpha1
kind: ResourceInterpreterCustomization
metadata: {name: widget}
spec:
  target: {apiVersion: example.io/v1, kind: Widget}
  customizations:
    replicaResource:
      luaScript: |
        function GetReplicas(obj)
          return obj.spec.missing.count, nil
        end
`,
    );
    edit(dir, 'apps/hello/deployment.yaml', (t) => t.replace('nginx:1.27', 'nginx:1.28').split('---')[0]!);
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'a broken widget, nginx 1.28, and the Service dropped');

    const result = await applyPass({ source: { repo: dir }, access, prune: { enabled: true, allowMassPrune: true }, runner: {} });
    expect(result.ok).toBe(false);
    expect(result.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([
      "Widget/hello/broken: the resource interpreter failed: ResourceInterpreterCustomization widget: InterpretReplica at line 2: attempt to index a nil value (field 'missing'); not scheduled",
    ]);
    for (const member of members.values()) {
      expect(image(member, 'hello')).toBe('nginx:1.28');
      expect([...member.objects.values()].some((o) => o.kind === 'Service' && o.metadata.name === 'hello')).toBe(true);
    }
    expect(result.clusters.flatMap((c) => c.pruned)).toEqual([]);
  });
});
