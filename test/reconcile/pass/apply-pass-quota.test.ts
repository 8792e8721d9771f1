import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fleetFiles } from '../../../src/cli/scaffold/fleet-files.ts';
import type { ClusterAccess } from '../../../src/apply/connect.ts';
import type { KubeObject } from '../../../src/model/index.ts';
import { applyPass } from '../../../src/reconcile/pass/apply-pass.ts';
import { planOffline } from '../../../src/reconcile/plan/plan.ts';
import { initRepository } from '../../../src/source/init-repository.ts';
import { openStatusStore, readStatusBranch } from '../../../src/status/index.ts';
import { FakeKubeClient } from '../../fakes/kube-client.ts';
import { removeFixtures, tempDir } from '../../source/helpers/git-fixture.ts';
import { RECORD_SECTIONS } from '../../../src/controllers/index.ts';

afterAll(removeFixtures);

const git = (dir: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@e', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@e' },
  }).trim();

const quotaYaml = (production: string, staging: string) => `apiVersion: policy.karmada.io/v1alpha1
kind: FederatedResourceQuota
metadata: {name: team, namespace: hello}
spec:
  overall: {cpu: "3", memory: 3Gi}
  staticAssignments:
    - {clusterName: production, hard: {cpu: "${production}", memory: 2Gi}}
    - {clusterName: staging, hard: {cpu: "${staging}", memory: 1Gi}}
`;

/** The `flotilla init` fleet with a FederatedResourceQuota, and two fake members that serve ResourceQuotas. */
async function quotaFleet() {
  const dir = join(tempDir('flotilla-apply-quota-'), 'fleet');
  await initRepository(dir, fleetFiles(), 'fleet');
  writeFileSync(join(dir, 'apps/hello/quota.yaml'), quotaYaml('2', '1'));
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'a federated quota for hello');
  const members = new Map([
    ['production', new FakeKubeClient('production')],
    ['staging', new FakeKubeClient('staging')],
  ]);
  for (const m of members.values()) {
    m.serve({ group: '', version: 'v1', kind: 'ResourceQuota', resource: 'resourcequotas', namespaced: true, verbs: ['get', 'list', 'patch', 'delete'] });
  }
  const access: ClusterAccess = {
    kubeconfig: {},
    client: {},
    connect: async (clusters) => new Map(clusters.map((c) => [c.metadata.name, members.get(c.metadata.name)!])),
  };
  return { dir, members, access };
}

const resourceQuota = (client: FakeKubeClient): KubeObject | undefined =>
  [...client.objects.values()].find((o) => o.kind === 'ResourceQuota' && o.metadata.namespace === 'hello' && o.metadata.name === 'team');
const hard = (o: KubeObject | undefined) => (o?.['spec'] as { hard?: Record<string, string> } | undefined)?.hard;

describe('a FederatedResourceQuota through plan and apply on fake members', { timeout: 60_000 }, () => {
  it("plans a ResourceQuota in each member's Work", async () => {
    const { dir } = await quotaFleet();
    const { document } = await planOffline({ source: { repo: dir } });
    const quotas = Object.fromEntries(
      Object.entries(document.works).map(([cluster, items]) => [
        cluster,
        items.filter((o) => o.kind === 'ResourceQuota').map((o) => ({ ns: o.metadata.namespace, name: o.metadata.name, hard: hard(o) })),
      ]),
    );
    expect(quotas).toEqual({
      production: [{ ns: 'hello', name: 'team', hard: { cpu: '2', memory: '2Gi' } }],
      staging: [{ ns: 'hello', name: 'team', hard: { cpu: '1', memory: '1Gi' } }],
    });
    // FederatedQuotaEnforcement is off by default: only the warning that spec.overall is not enforced.
    expect(document.diagnostics.filter((d) => d.message.includes('FederatedResourceQuota')).map((d) => d.message)).toEqual([
      expect.stringContaining('spec.overall: the overall limit is not enforced'),
    ]);
  });

  it("creates, updates and prunes the ResourceQuotas, and records the members' use on the status branch", async () => {
    const { dir, members, access } = await quotaFleet();
    const pass = () => applyPass({ source: { repo: dir }, access, prune: { enabled: true, allowMassPrune: true }, runner: {} });
    expect((await pass()).ok).toBe(true);
    const [production, staging] = [members.get('production')!, members.get('staging')!];
    expect([hard(resourceQuota(production)), hard(resourceQuota(staging))]).toEqual([
      { cpu: '2', memory: '2Gi' },
      { cpu: '1', memory: '1Gi' },
    ]);

    // The members' quota controllers report their use; the next pass records it.
    production.put({ ...resourceQuota(production)!, status: { hard: { cpu: '2', memory: '2Gi' }, used: { cpu: '500m', memory: '512Mi' } } });
    staging.put({ ...resourceQuota(staging)!, status: { hard: { cpu: '1', memory: '1Gi' }, used: { cpu: '250m', memory: '1Gi' } } });
    writeFileSync(join(dir, 'apps/hello/quota.yaml'), quotaYaml('1500m', '1500m'));
    git(dir, 'commit', '-qam', 'share cpu evenly');
    expect((await pass()).ok).toBe(true);
    expect(hard(resourceQuota(production))).toEqual({ cpu: '1500m', memory: '2Gi' });
    const { store } = await openStatusStore({ repo: dir }, 'status');
    const view = await readStatusBranch(store, RECORD_SECTIONS, { branch: 'status' });
    expect(view?.quotas).toEqual([
      {
        resource: { apiVersion: 'policy.karmada.io/v1alpha1', kind: 'FederatedResourceQuota', namespace: 'hello', name: 'team' },
        status: {
          overall: { cpu: '3', memory: '3Gi' },
          overallUsed: { cpu: '750m', memory: '1536Mi' },
          aggregatedStatus: [
            { clusterName: 'production', hard: { cpu: '2', memory: '2Gi' }, used: { cpu: '500m', memory: '512Mi' } },
            { clusterName: 'staging', hard: { cpu: '1', memory: '1Gi' }, used: { cpu: '250m', memory: '1Gi' } },
          ],
        },
      },
    ]);

    rmSync(join(dir, 'apps/hello/quota.yaml'));
    git(dir, 'commit', '-qam', 'no quota');
    expect((await pass()).ok).toBe(true);
    expect([resourceQuota(production), resourceQuota(staging)]).toEqual([undefined, undefined]);
  });
});
