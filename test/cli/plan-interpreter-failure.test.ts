import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGitRepo, removeFixtures } from '../source/helpers/git-fixture.ts';
import { REPO_ROOT, runCli } from './run-cli.ts';

/**
 * A fleet where three customizations throw at run time (GetReplicas, ReviseReplica,
 * GetDependencies) next to a healthy Deployment: each fails its own binding only.
 */
function failingRepo() {
  const repo = createGitRepo();
  cpSync(join(REPO_ROOT, 'test/cli/fixtures/interpreter-failure'), repo.dir, { recursive: true });
  repo.commit('customizations that throw');
  return repo;
}

afterAll(removeFixtures);

describe('plan --offline with failing customizations', { timeout: 120_000 }, () => {
  const repo = failingRepo();

  it('fails each broken binding with a diagnostic naming customization, operation, line and template, and prints the rest (JSON)', () => {
    const out = runCli(['plan', '--offline', '--repo', repo.dir, '-o', 'json']);
    expect(out.code).toBe(1);
    const plan = JSON.parse(out.stdout);
    const errors = plan.diagnostics.filter((d: { severity: string }) => d.severity === 'error').map((d: { message: string }) => d.message);
    expect(errors).toEqual([
      "Widget/shop/broken: the resource interpreter failed: ResourceInterpreterCustomization widget: InterpretReplica at line 3: attempt to index a nil value (field 'missing'); not scheduled",
      'Gadget/shop/revise: the resource interpreter failed: ResourceInterpreterCustomization gadget: ReviseReplica at line 2: cannot revise revise; not rendered for any cluster',
      "Gizmo/shop/deps: the resource interpreter failed: ResourceInterpreterCustomization gizmo: InterpretDependency at line 2: attempt to index a nil value (field 'nothing'); its dependencies are not propagated with it",
    ]);
    const widget = plan.bindings.find((b: { resource: { kind: string } }) => b.resource.kind === 'Widget');
    expect(widget).toMatchObject({ clusters: [], error: expect.stringContaining('InterpretReplica at line 3') });
    for (const cluster of ['member1', 'member2']) {
      const kinds = plan.works[cluster].map((o: { kind: string; metadata: { name: string } }) => `${o.kind}/${o.metadata.name}`);
      expect(kinds).toEqual(['Namespace/shop', 'Deployment/web', 'Gizmo/deps']);
    }
    expect(plan.works.member1[1].spec.replicas).toBe(2);
  });

  it('prints the healthy bindings and Work in text, with the errors', () => {
    const out = runCli(['plan', '--offline', '--repo', repo.dir]);
    expect(out.code).toBe(1);
    expect(out.stdout).toContain('Deployment/shop/web  PropagationPolicy/shop/all  4 replicas → member1: 2, member2: 2');
    expect(out.stdout).toContain('Widget/shop/broken  PropagationPolicy/shop/all  unschedulable: the resource interpreter failed');
    expect(out.stdout).toMatch(/member1: 3 objects\n {4}Namespace\/shop\n {4}Deployment\/shop\/web \(2 replicas\)\n {4}Gizmo\/shop\/deps/);
    expect(out.stdout).toContain('Plan: 2 clusters, 6 objects; 3 errors, 0 warnings.');
  });
});
