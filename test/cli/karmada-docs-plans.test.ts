import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGitRepo, removeFixtures } from '../source/helpers/git-fixture.ts';
import { golden } from './golden.ts';
import { REPO_ROOT, runCli } from './run-cli.ts';

/** A fixture of test/cli/fixtures as its own repository. */
function fixtureRepo(name: string) {
  const repo = createGitRepo();
  cpSync(join(REPO_ROOT, 'test/cli/fixtures', name), repo.dir, { recursive: true });
  repo.commit(name);
  return repo;
}

afterAll(removeFixtures);

/**
 * Examples of Karmada's documentation acting as their pages say, each as a golden plan, and the
 * warning `validate` gives for it (docs/karmada-compatibility.md).
 */
describe("Karmada's documentation examples as golden plans", { timeout: 120_000 }, () => {
  it.each([
    {
      fixture: 'karmada-dependency-conflict',
      works: {
        member1: ['ConfigMap/shared-config', 'Deployment/app-a', 'Deployment/app-b'],
        member2: ['ConfigMap/shared-config', 'Deployment/app-a', 'Deployment/app-b'],
      },
      warning:
        'Dependency policy conflict detected: ConflictResolution conflicted (Overwrite vs Abort); PreserveResourcesOnDeletion conflicted (true vs false).',
    },
    {
      fixture: 'karmada-scheduler-name',
      works: { member1: [], member2: [] },
      warning: 'schedulerName custom-scheduler names a scheduler Flotilla does not have',
    },
    {
      fixture: 'karmada-hpa-preferred-version',
      works: { member1: ['Deployment/nginx', 'HorizontalPodAutoscaler/nginx'], member2: ['Deployment/nginx', 'HorizontalPodAutoscaler/nginx'] },
      warning: 'so resource selectors match it as autoscaling/v2 (the manifest sent stays autoscaling/v1)',
    },
    {
      fixture: 'karmada-federated-quota',
      works: { member1: ['Deployment/backend'], member2: ['Deployment/backend'] },
      warning: 'FederatedResourceQuota(default/team-quota) exceeded for resource cpu: requested sum 1200m, limit 1.',
      validate: 'valid (0 errors, 0 warnings)',
      code: 1,
    },
    {
      fixture: 'karmada-workload-affinity',
      works: {
        member1: ['Deployment/service-a', 'Job/trainer-shard-0', 'Job/trainer-shard-1'],
        member2: ['Deployment/service-b'],
        member3: [],
      },
      warning: '"antiAffinityGroup": "ha-group=my-app"',
      validate: 'valid (0 errors, 0 warnings)',
    },
    {
      fixture: 'karmada-multicluster-ingress',
      works: { member1: ['Deployment/web', 'Service/web'], member2: ['Service/web'] },
      warning: 'Flotilla provisions no load balancer for a MultiClusterIngress',
    },
  ])('$fixture', ({ fixture, works, warning, validate: validated, code }) => {
    const repo = fixtureRepo(fixture);
    const out = runCli(['plan', '--offline', '--repo', repo.dir, '-o', 'json']);
    expect(out.code).toBe(code ?? 0);
    golden(`${fixture}-plan.json`, out.stdout.replaceAll(repo.dir, '<repo>'));
    const plan = JSON.parse(out.stdout) as { works: Record<string, { kind: string; metadata: { name: string } }[]> };
    const names = Object.fromEntries(Object.entries(plan.works).map(([c, items]) => [c, items.map((o) => `${o.kind}/${o.metadata.name}`).sort()]));
    expect(names).toEqual(works);
    expect(out.stdout).toContain(warning);
    const validate = runCli(['validate', '--repo', repo.dir]);
    expect(validate.stdout + validate.stderr).toContain(validated ?? warning);
  });
});
