// A FederatedResourceQuota against the local fleet: each member gets a ResourceQuota with its
// static assignment, the members' quota controllers count the pods of a propagated Deployment,
// and the status branch sums their use.
import { CoreV1Api } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { NativeGitStore } from '../../src/source/index.ts';
import { readStatusBranch } from '../../src/status/index.ts';
import { FleetRepo, policy } from './helpers/apply-fleet.ts';
import { apiFor, memberNames } from './helpers/fleet.ts';
import { fleetNamespace } from './helpers/namespace.ts';
import { waitFor } from '../helpers/wait.ts';
import { RECORD_SECTIONS } from '../../src/controllers/index.ts';

function quota(ns: string): string {
  return JSON.stringify({
    apiVersion: 'policy.karmada.io/v1alpha1',
    kind: 'FederatedResourceQuota',
    metadata: { name: 'team', namespace: ns },
    spec: {
      overall: { pods: String(4 * memberNames.length), 'requests.cpu': `${memberNames.length}` },
      staticAssignments: memberNames.map((clusterName) => ({ clusterName, hard: { pods: '4', 'requests.cpu': '1' } })),
    },
  });
}

function deployment(ns: string): string {
  return JSON.stringify({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: ns },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: { containers: [{ name: 'c', image: 'registry.k8s.io/pause:3.10', resources: { requests: { cpu: '100m' }, limits: { cpu: '100m' } } }] },
      },
    },
  });
}

describe('FederatedResourceQuota on the fleet', () => {
  const namespace = fleetNamespace('quota');

  it("puts a ResourceQuota in each member and records the members' use on the status branch", async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    repo.commit({ 'quota.yaml': quota(ns) });
    const first = await repo.apply();
    expect(first.ok).toBe(true);
    expect(first.diagnostics.filter((d) => d.message.includes('FederatedResourceQuota'))).toEqual([]);
    for (const m of memberNames) {
      const rq = await apiFor(m, CoreV1Api).readNamespacedResourceQuota({ name: 'team', namespace: ns });
      expect(rq.spec?.hard).toEqual({ pods: '4', 'requests.cpu': '1' });
      expect(rq.metadata?.labels).toMatchObject({ 'federatedresourcequota.karmada.io/namespace': ns, 'federatedresourcequota.karmada.io/name': 'team' });
    }

    repo.commit({ 'quota.yaml': quota(ns), 'policy.yaml': policy([['apps/v1', 'Deployment']]), 'web.yaml': deployment(ns) });
    expect((await repo.apply()).ok).toBe(true);
    // Each member's quota controller counts the Deployment's two pods.
    await waitFor(
      "every member's ResourceQuota counts two pods",
      async () => {
        const all = await Promise.all(memberNames.map((m) => apiFor(m, CoreV1Api).readNamespacedResourceQuota({ name: 'team', namespace: ns })));
        return all.every((rq) => rq.status?.used?.['pods'] === '2') || undefined;
      },
      { timeoutMs: 120_000, intervalMs: 1000 },
    );
    const third = await repo.apply();
    if (third.status instanceof Error) throw third.status;
    const view = await readStatusBranch(new NativeGitStore(`${repo.dir}/.git`), RECORD_SECTIONS);
    const status = view?.quotas.find((q) => q.resource.namespace === ns)?.status;
    expect(status?.overallUsed).toEqual({ pods: String(2 * memberNames.length), 'requests.cpu': `${200 * memberNames.length}m` });
    expect(status?.aggregatedStatus?.map((s) => [s.clusterName, s.hard, s.used])).toEqual(
      memberNames.map((m) => [m, { pods: '4', 'requests.cpu': '1' }, { pods: '2', 'requests.cpu': '200m' }]),
    );
  });
});
