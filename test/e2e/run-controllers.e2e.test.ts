// Two controllers of the seam against the local fleet: a ClusterTaintPolicy turning a member's
// observed condition into a NoExecute taint that evicts a Divided workload (`run`), and a
// WorkloadRebalancer rescheduling a Divided workload afresh exactly once (`apply`).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppsV1Api } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { clusterPath, resourcePath } from '../../src/status/index.ts';
import { FleetRepo } from './helpers/apply-fleet.ts';
import { apiFor, fleetKubeconfig } from './helpers/fleet.ts';
import { fleetNamespace } from './helpers/namespace.ts';
import { cleanUpRunProcesses, startRun } from './helpers/run-process.ts';
import { waitFor } from '../helpers/wait.ts';

const SETTLE_MS = 180_000;
const TAINT = 'e2e.flotilla.io/drain';

function web(ns: string, replicas: number): string {
  return `apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: web, namespace: ${ns}}
spec:
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}]
  placement:
    clusterAffinity: {clusterNames: [member1, member2]}
    replicaScheduling:
      replicaSchedulingType: Divided
      replicaDivisionPreference: Weighted
      weightPreference:
        staticWeightList:
          - {targetCluster: {clusterNames: [member1]}, weight: 1}
          - {targetCluster: {clusterNames: [member2]}, weight: 1}
---
${JSON.stringify({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: ns },
  spec: {
    replicas,
    selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx' }] } },
  },
})}
`;
}

const replicasIn = (member: string, ns: string): Promise<number | undefined> =>
  apiFor(member, AppsV1Api)
    .readNamespacedDeployment({ name: 'web', namespace: ns })
    .then(
      (d) => d.spec?.replicas,
      () => undefined,
    );

const git = (dir: string, ...args: string[]): string =>
  execFileSync('git', args, {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@e', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@e' },
  }).trim();

describe('controllers of the seam on the local fleet', () => {
  const namespace = fleetNamespace('ctrl');
  cleanUpRunProcesses();

  it("run: member2's Ready condition matches a ClusterTaintPolicy, its NoExecute taint evicts web to member1", { timeout: 600_000 }, async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    repo.commit({
      'web.yaml': web(ns, 4),
      'taint.yaml': `apiVersion: policy.karmada.io/v1alpha1
kind: ClusterTaintPolicy
metadata: {name: drain-member2}
spec:
  targetClusters: {clusterNames: [member2]}
  addOnConditions: [{conditionType: Ready, operator: In, statusValues: ['True']}]
  taints: [{key: ${TAINT}, effect: NoExecute}]
`,
    });
    startRun(['--repo', repo.dir, '--kubeconfig', fleetKubeconfig(), '--inventory-name', repo.inventoryName, '--resync', '0', '--prune', '--allow-mass-prune']);
    await waitFor('web all on member1', async () => ((await replicasIn('member1', ns)) === 4 ? true : undefined), { timeoutMs: SETTLE_MS, intervalMs: 500 });
    // member2's old copy stays while the graceful eviction task waits for the new placement's health.
    const doc = await waitFor(
      'the taint on the status branch',
      async () => {
        try {
          const d = parse(git(repo.dir, 'show', `status:${clusterPath('member2')}`)) as {
            spec?: { taints?: { key: string; effect: string; timeAdded?: string }[] };
          };
          return d.spec?.taints?.some((t) => t.key === TAINT) ? d : undefined;
        } catch {
          return undefined;
        }
      },
      { timeoutMs: SETTLE_MS },
    );
    expect(doc.spec?.taints?.find((t) => t.key === TAINT)).toMatchObject({ effect: 'NoExecute' });
  });

  it('apply: a WorkloadRebalancer re-divides web afresh once, and never again', { timeout: 600_000 }, async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    const path = resourcePath({ apiVersion: 'apps/v1', kind: 'Deployment', namespace: ns, name: 'web' });
    const skew = (): void => {
      const tree = join(mkdtempSync(join(tmpdir(), 'flotilla-e2e-status-')), 'status');
      git(repo.dir, 'worktree', 'add', '-q', tree, 'status');
      const doc = parse(readFileSync(join(tree, path), 'utf8')) as { spec: Record<string, unknown> };
      doc.spec['clusters'] = [{ name: 'member1', replicas: 4 }];
      writeFileSync(join(tree, path), stringify(doc));
      git(tree, 'commit', '-qam', 'an older split');
      git(repo.dir, 'worktree', 'remove', '--force', tree);
    };
    repo.commit({ 'web.yaml': web(ns, 4) });
    expect((await repo.apply()).ok).toBe(true);
    expect([await replicasIn('member1', ns), await replicasIn('member2', ns)]).toEqual([2, 2]);
    skew();
    expect((await repo.apply()).ok).toBe(true);
    expect(await replicasIn('member1', ns)).toBe(4);

    repo.commit({
      'web.yaml': web(ns, 4),
      'rebalance.yaml': `apiVersion: apps.karmada.io/v1alpha1
kind: WorkloadRebalancer
metadata: {name: web-${ns}}
spec:
  workloads: [{apiVersion: apps/v1, kind: Deployment, namespace: ${ns}, name: web}]
`,
    });
    expect((await repo.apply()).ok).toBe(true);
    expect([await replicasIn('member1', ns), await replicasIn('member2', ns)]).toEqual([2, 2]);
    const record = parse(git(repo.dir, 'show', `status:rebalancers/web-${ns}.yaml`)) as { status: { observedWorkloads: { result?: string }[] } };
    expect(record.status.observedWorkloads.map((o) => o.result)).toEqual(['Successful']);

    skew();
    expect((await repo.apply()).ok).toBe(true);
    expect(await replicasIn('member1', ns)).toBe(4);
  });
});
