// The accurate estimator and the descheduler on the local fleet (docs/karmada-compatibility.md#descheduler):
// web's pods can only run on member2's first node. The first pass has no observation of the members,
// so the general estimator divides web over member1 and member2 by the Cluster files' resourceSummary;
// member1's pods stay Pending (Unschedulable). Past --unschedulable-threshold the descheduler takes
// them from member1, and the scheduler, now estimating from the observed nodes (member1 has none
// that matches web's nodeSelector), places them on member2. The move is recorded on the status
// branch and shown by `plan`.
import { execFileSync } from 'node:child_process';
import { AppsV1Api } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCli } from '../cli/run-cli.ts';
import { waitFor } from '../helpers/wait.ts';
import { FleetRepo } from './helpers/apply-fleet.ts';
import { apiFor, fleetKubeconfig } from './helpers/fleet.ts';
import { fleetNamespace } from './helpers/namespace.ts';
import { cleanUpRunProcesses, startRun } from './helpers/run-process.ts';

const SETTLE_MS = 180_000;

/** member1 and member2 as Push members whose files claim room for web (read only before the first observation). */
const CLUSTERS = ['member1', 'member2']
  .map(
    (name) => `apiVersion: cluster.karmada.io/v1alpha1
kind: Cluster
metadata: {name: ${name}}
spec: {syncMode: Push}
status:
  resourceSummary:
    allocatable: {cpu: "100", memory: 100Gi, pods: "110"}
`,
  )
  .join('---\n');

function web(ns: string): string {
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
      weightPreference: {dynamicWeight: AvailableReplicas}
---
${JSON.stringify({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: ns },
  spec: {
    replicas: 4,
    selector: { matchLabels: { app: 'web' } },
    template: {
      metadata: { labels: { app: 'web' } },
      spec: {
        nodeSelector: { 'kubernetes.io/hostname': 'member2-node-0' },
        containers: [{ name: 'web', image: 'nginx', resources: { requests: { cpu: '10m' } } }],
      },
    },
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

describe('descheduler on the local fleet', () => {
  const namespace = fleetNamespace('desched');
  cleanUpRunProcesses();

  it('member1 loses the replicas that stay unschedulable there to member2, which has room', { timeout: 600_000 }, async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    repo.commit({ 'clusters.yaml': CLUSTERS, 'web.yaml': web(ns) });
    const run = startRun([
      ...['--repo', repo.dir, '--kubeconfig', fleetKubeconfig(), '--inventory-name', repo.inventoryName],
      ...['--resync', '0', '--prune', '--allow-mass-prune', '--metrics-addr', '127.0.0.1:0'],
      ...['--descheduling-interval', '3s', '--unschedulable-threshold', '2s'],
    ]);
    await waitFor('web divided over member1 and member2 first', async () => ((await replicasIn('member1', ns)) ?? 0) > 0 || undefined, {
      timeoutMs: SETTLE_MS,
      intervalMs: 500,
    });
    await waitFor('web all on member2', async () => ((await replicasIn('member2', ns)) === 4 ? true : undefined), {
      timeoutMs: SETTLE_MS,
      intervalMs: 500,
    });
    // The binding keeps no replica there, so the pass prunes member1's copy (its only object: a mass prune).
    await waitFor('web gone from member1', async () => ((await replicasIn('member1', ns)) === undefined ? true : undefined), {
      timeoutMs: SETTLE_MS,
      intervalMs: 500,
    });
    const logged = await run.waitForLog('the descheduling', (r) => String(r['msg']).startsWith('Binding has been descheduled'), 60_000);
    expect(logged['clusters']).toEqual([expect.objectContaining({ name: 'member1', target: 0 })]);
    expect(await run.metrics()).toContain('flotilla_descheduler_descheduled_replicas_total{cluster="member1"} 2');

    const path = `descheduled/apps/Deployment/${ns}/web.yaml`;
    const recorded = await waitFor(
      'the descheduling on the status branch',
      async () => {
        try {
          return parse(execFileSync('git', ['show', `status:${path}`], { cwd: repo.dir, encoding: 'utf8' })) as {
            clusters: { name: string; spec: number; target: number }[];
          };
        } catch {
          return undefined;
        }
      },
      { timeoutMs: SETTLE_MS },
    );
    expect(recorded.clusters[0]).toMatchObject({ name: 'member1', target: 0 });

    const plan = JSON.parse(runCli(['plan', '--repo', repo.dir, '--offline', '-o', 'json']).stdout) as {
      bindings: { resource: { name: string }; descheduled?: { clusters: { name: string }[] } }[];
    };
    expect(plan.bindings.find((b) => b.resource.name === 'web')?.descheduled?.clusters[0]?.name).toBe('member1');
    await run.stop();
  });
});
