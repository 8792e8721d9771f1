import { afterAll, describe, expect, it } from 'vitest';
import Tenants from '../../src/cli/commands/tenants.ts';
import TenantsCodeowners from '../../src/cli/commands/tenants/codeowners.ts';
import { removeFixtures } from '../source/helpers/git-fixture.ts';
import { tenancyFleet } from '../reconcile/tenancy/fleet-fixture.ts';
import { runInProcess } from './run-in-process.ts';

afterAll(removeFixtures);

describe('flotilla tenants', { timeout: 60_000 }, () => {
  const repo = tenancyFleet();
  repo.write('teams/shop/escape.yaml', 'apiVersion: v1\nkind: Namespace\nmetadata: {name: payments}\n');
  repo.commit('escape');

  it('lists each tenant with its grants, the clusters they select and the files it owns', async () => {
    const { code, stdout } = await runInProcess(Tenants, ['--repo', repo.dir, '-o', 'json']);
    expect(code).toBe(0);
    const listing = JSON.parse(stdout);
    expect(listing.tenants).toEqual([
      {
        name: 'shop',
        paths: ['teams/shop/**'],
        namespaces: ['shop', 'shop-*'],
        clusters: { affinity: { clusterNames: ['member1', 'member2'] }, selected: ['member1', 'member2'] },
        clusterScoped: ['rbac.authorization.k8s.io/ClusterRole'],
        owners: ['@acme/shop'],
        files: [
          { file: 'teams/shop/escape.yaml', objects: ['Namespace/payments'] },
          { file: 'teams/shop/web.yaml', objects: ['Deployment/shop/web', 'PropagationPolicy/shop/web'] },
        ],
        refused: 1,
      },
    ]);
    expect(listing.platform.files.map((f: { file: string }) => f.file)).toContain('platform/payments.yaml');
  });

  it('says the same as text, a tenant at a time', async () => {
    const { code, stdout } = await runInProcess(Tenants, ['--repo', repo.dir]);
    expect(code).toBe(0);
    expect(stdout).toContain('tenant shop\n  paths:         teams/shop/**\n  namespaces:    shop, shop-*\n');
    expect(stdout).toContain('  clusters:      {"clusterNames":["member1","member2"]} -> member1, member2\n');
    expect(stdout).toContain('  owns 2 file(s), 1 object(s) refused (flotilla validate names them)\n    teams/shop/escape.yaml: Namespace/payments\n');
    expect(stdout).toMatch(/platform \(every other file\): 4 file\(s\), not limited\n1 tenant\(s\) at [0-9a-f]{12}/);
  });

  it("prints a CODEOWNERS file: platform first, tenants last-first, flotilla.yaml the platform's", async () => {
    const { code, stdout } = await runInProcess(TenantsCodeowners, ['--repo', repo.dir, '--platform-owner', '@acme/platform']);
    expect(code).toBe(0);
    expect(stdout.split('\n').filter((l) => l !== '' && !l.startsWith('#'))).toEqual([
      '* @acme/platform',
      '/teams/shop/** @acme/shop',
      '/flotilla.yaml @acme/platform',
    ]);
  });
});
