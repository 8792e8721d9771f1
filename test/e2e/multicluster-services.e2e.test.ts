// Multi-cluster services under flotilla run (docs/karmada-compatibility.md#endpoints-across-members): a Deployment
// and Service in member1 and in a scratch member, exposed to member2 by a MultiClusterService, and a second one
// exported from member1 by a ServiceExport to member2's ServiceImport. One run process over the steps of one story:
// the copies appear, follow a scale, lose the scratch member when its apiserver dies and it fails over, go with the
// export, and a `kill -9` of the process leaves nothing the next one does not clean. A MultiClusterIngress's backend,
// whose pods run in member1 and whose Service is in member1 and member2, reaches member2 with member1's endpoints. The provider that breaks is a
// scratch member: member1..3 are shared with the other files and concurrent runs.
import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { execFileSync } from 'node:child_process';
import { CoordinationV1Api, CoreV1Api, CustomObjectsApi, DiscoveryV1Api } from '@kubernetes/client-node';
import type { V1EndpointSlice } from '@kubernetes/client-node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { killApiserver } from '../../scripts/fleet/outage.ts';
import { compareBytes } from '../../src/model/index.ts';
import { multiClusterServicePath } from '../../src/controllers/multicluster-services/multicluster-service-document.ts';
import { FleetRepo } from './helpers/apply-fleet.ts';
import { apiFor, isNotFound } from './helpers/fleet.ts';
import { files, type Options } from './helpers/multicluster-fleet.ts';
import { startRun } from './helpers/run-process.ts';
import type { RunProcess } from './helpers/run-process.ts';
import { scratchMember } from './helpers/scratch-member.ts';
import { waitFor } from '../helpers/wait.ts';

const log = (message: string): void => console.log(`[e2e multi-cluster services] ${message}`);

/** Generous: a loaded two-core machine can take tens of seconds per pass. */
const SETTLE_MS = 120_000;
const RUN_ARGS = ['--resync', '0', '--failover-taint', '--probe-interval', '1s', '--failover-grace', '3s'];
const DISPATCHED = 'endpointslice.kubernetes.io/managed-by=endpointslice-dispatch-controller.karmada.io';

describe('flotilla run: multi-cluster services across members', () => {
  const scratch = scratchMember('mcs', { region: 'us-west-2', zone: 'us-west-2a', nodes: { count: 1, cpu: '4', memory: '8Gi', pods: 110 } }, [
    'member1',
    'member2',
  ]);
  const ns = `mcs-${randomBytes(4).toString('hex')}`;
  let repo: FleetRepo;
  let kubeconfig: string;
  let provider: string;
  let run: RunProcess;
  let options: Options;

  const slices = async (member: string, selector: string): Promise<V1EndpointSlice[]> =>
    (await apiFor(member, DiscoveryV1Api, kubeconfig).listNamespacedEndpointSlice({ namespace: ns, labelSelector: selector })).items;
  /** The addresses of `member`'s own EndpointSlices of Service `name`, sorted. */
  const addressesOf = async (member: string, name: string): Promise<string[]> =>
    (await slices(member, `kubernetes.io/service-name=${name},endpointslice.kubernetes.io/managed-by=endpointslice-controller.k8s.io`))
      .flatMap((s) => (s.endpoints ?? []).flatMap((e) => e.addresses))
      .sort();
  /** Per provider, the addresses of the copies member2 holds of Service `name` from it, sorted. */
  const copies = async (name: string): Promise<Record<string, string[]>> => {
    const out: Record<string, string[]> = {};
    for (const s of await slices('member2', `kubernetes.io/service-name=${name},${DISPATCHED}`)) {
      const from = s.metadata?.annotations?.['endpointslice.karmada.io/provision-cluster'] ?? '?';
      out[from] = [...(out[from] ?? []), ...(s.endpoints ?? []).flatMap((e) => e.addresses)].sort();
    }
    return out;
  };
  /** Waits until member2's copies of `name` are `want` (which `expected` may compute from the providers). */
  const copiesAre = (what: string, name: string, expected: () => Promise<Record<string, string[]> | undefined>): Promise<Record<string, string[]>> =>
    waitFor(
      what,
      async () => {
        const want = await expected();
        const have = await copies(name);
        if (want && isDeepStrictEqual(have, want)) return have;
        throw new Error(`member2 holds ${JSON.stringify(have)}, not ${JSON.stringify(want ?? 'the providers ready')}`);
      },
      { timeoutMs: SETTLE_MS, intervalMs: 200 },
    );
  const ready = async (member: string, name: string, count: number): Promise<string[] | undefined> => {
    const addresses = await addressesOf(member, name);
    return addresses.length === count ? addresses : undefined;
  };
  const start = (): RunProcess => startRun(['--repo', repo.dir, '--kubeconfig', kubeconfig, '--inventory-name', repo.inventoryName, ...RUN_ARGS]);
  const commit = (change: Partial<Options>): void => {
    options = { ...options, ...change };
    repo.commit(files(options));
  };

  beforeAll(async () => {
    ({ kubeconfig } = scratch());
    provider = scratch().member.name;
    repo = new FleetRepo(ns);
    options = { ns, scratch: provider, webReplicas: 2, multiClusterService: true, serviceExport: true, multiClusterIngress: true };
    commit({});
    run = start();
  });

  beforeEach(({ onTestFailed }) => {
    onTestFailed(() => {
      for (const r of run?.records.filter((x) => Number(x['level']) >= 40 || x['unparsed']).slice(-20) ?? []) log(JSON.stringify(r).slice(0, 600));
    });
  });

  afterAll(async () => {
    if (run?.child.exitCode === null && run.child.signalCode === null) await run.stop();
    const gone = (error: unknown): void => {
      if (!isNotFound(error)) throw error;
    };
    for (const member of ['member1', 'member2']) {
      const core = apiFor(member, CoreV1Api, kubeconfig);
      await core.deleteNamespace({ name: ns }).catch(gone);
      for (const name of [repo.inventoryName, `${repo.inventoryName}-endpointslices`])
        await core.deleteNamespacedConfigMap({ name, namespace: 'flotilla-system' }).catch(gone);
      await apiFor(member, CoordinationV1Api, kubeconfig).deleteNamespacedLease({ name: repo.inventoryName, namespace: 'flotilla-system' }).catch(gone);
    }
  });

  it("member2 holds EndpointSlices with member1's pod IPs, and the scratch member's, labelled as Karmada labels them", { timeout: 300_000 }, async () => {
    await copiesAre('member2 to hold the copies of web from member1 and the scratch member', 'web', async () => {
      const [one, two] = [await ready('member1', 'web', 2), await ready(provider, 'web', 2)];
      return one && two ? { member1: one, [provider]: two } : undefined;
    });
    const copy = (await slices('member2', `kubernetes.io/service-name=web,${DISPATCHED}`)).find((s) => s.metadata?.name?.startsWith('member1-'));
    expect(copy?.metadata?.labels).toMatchObject({ 'kubernetes.io/service-name': 'web', 'flotilla.io/managed-by': 'flotilla' });
    expect(copy?.metadata?.annotations?.['endpointslice.karmada.io/provision-cluster']).toBe('member1');
    // The Service itself went to the providers and the consumer, claimed by the MultiClusterService.
    for (const member of ['member1', 'member2', provider]) await apiFor(member, CoreV1Api, kubeconfig).readNamespacedService({ name: 'web', namespace: ns });
  });

  it("a ServiceImport's consumer holds the derived Service and the ServiceExport's endpoints", { timeout: 300_000 }, async () => {
    await copiesAre('member2 to hold the imported copies of api', 'derived-api', async () => {
      const one = await ready('member1', 'api', 1);
      return one ? { member1: one } : undefined;
    });
    const derived = await apiFor('member2', CoreV1Api, kubeconfig).readNamespacedService({ name: 'derived-api', namespace: ns });
    expect(derived.spec).toMatchObject({ type: 'ClusterIP', ports: [{ name: 'http', port: 80, protocol: 'TCP' }] });
    expect(derived.spec?.selector).toBeUndefined();
    const imported = await apiFor('member2', CustomObjectsApi, kubeconfig).getNamespacedCustomObject({
      group: 'multicluster.x-k8s.io',
      version: 'v1alpha1',
      namespace: ns,
      plural: 'serviceimports',
      name: 'api',
    });
    expect(imported).toBeDefined();
  });

  it("a MultiClusterIngress's backend: member2 runs its Service but no pod, and holds member1's endpoints", { timeout: 300_000 }, async () => {
    await copiesAre("member2 to hold member1's copies of shop", 'shop', async () => {
      const one = await ready('member1', 'shop', 1);
      return one ? { member1: one } : undefined;
    });
    const copy = (await slices('member2', `kubernetes.io/service-name=shop,${DISPATCHED}`))[0];
    expect(copy?.metadata?.name?.startsWith('member1-')).toBe(true);
    expect(copy?.metadata?.annotations?.['flotilla.io/template']).toBe(`v1/Service/${ns}/shop`);
    // The pass after the copies were written records the backend with the ingress that routes to it.
    commit({});
    const path = multiClusterServicePath({ kind: 'MultiClusterIngress', namespace: ns, name: 'shop' });
    const doc = await waitFor(
      `the status branch's ${path} to count member2's copy`,
      async () => {
        try {
          const text = execFileSync('git', ['show', `status:${path}`], { cwd: repo.dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
          const parsed = parse(text) as { status: { ingresses: string[]; consumers: { cluster: string; endpoints: number }[] } };
          return parsed.status.consumers.find((c) => c.cluster === 'member2')?.endpoints === 1 ? parsed : undefined;
        } catch {
          return undefined;
        }
      },
      { timeoutMs: SETTLE_MS, intervalMs: 500 },
    );
    expect(doc.status.ingresses).toEqual(['storefront']);
  });

  it('scaling the Deployment updates them', { timeout: 300_000 }, async () => {
    commit({ webReplicas: 3 });
    const scaled = await waitFor('member1 to serve 3 endpoints of web', () => ready('member1', 'web', 3), { timeoutMs: SETTLE_MS, intervalMs: 100 });
    const seen = Date.now();
    await copiesAre('member2 to hold the 3 endpoints of web from member1', 'web', async () => {
      const other = await ready(provider, 'web', 3);
      return other ? { member1: scaled, [provider]: other } : undefined;
    });
    log(`member2 followed member1's scale ${Date.now() - seen} ms after member1's EndpointSlice changed`);
  });

  it('the status branch and flotilla status show the providers, the consumers and the endpoints', { timeout: 300_000 }, async () => {
    // The counts reach the branch with the next pass: a commit makes one.
    commit({});
    const path = multiClusterServicePath({ kind: 'MultiClusterService', namespace: ns, name: 'web' });
    const doc = await waitFor(
      `the status branch's ${path} to count 3 endpoints in each provider`,
      async () => {
        const text = (() => {
          try {
            return execFileSync('git', ['show', `status:${path}`], { cwd: repo.dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
          } catch {
            return undefined;
          }
        })();
        const parsed = text === undefined ? undefined : (parse(text) as { status: { providers: { endpoints: number }[]; consumers: { endpoints: number }[] } });
        return parsed?.status.providers.every((p) => p.endpoints === 3) && parsed.status.consumers[0]?.endpoints === 6 ? parsed : undefined;
      },
      { timeoutMs: SETTLE_MS, intervalMs: 500 },
    );
    expect(doc.status).toEqual({
      providers: ['member1', provider].sort(compareBytes).map((cluster) => ({ cluster, ready: true, slices: 1, endpoints: 3 })),
      consumers: [{ cluster: 'member2', slices: 2, endpoints: 6, dispatched: true }],
    });
    const cli = execFileSync(process.execPath, ['bin/run.js', 'status', '--repo', repo.dir, '-o', 'json'], { encoding: 'utf8' });
    expect((JSON.parse(cli) as { multiClusterServices: unknown[] }).multiClusterServices).toContainEqual({
      kind: 'MultiClusterService',
      namespace: ns,
      name: 'web',
      ...doc.status,
    });
  });

  it("after the scratch member's apiserver is killed and it fails over, member2 no longer lists its endpoints", { timeout: 300_000 }, async () => {
    const member1 = (await copies('web'))['member1'];
    log(`killing ${provider}'s kube-apiserver`);
    await killApiserver(scratch().member);
    await copiesAre(`member2 to hold member1's copies of web only`, 'web', async () => ({ member1: member1 ?? [] }));
  });

  it('removing the export removes them', { timeout: 300_000 }, async () => {
    commit({ serviceExport: false });
    await copiesAre('member2 to hold no copy of api', 'derived-api', async () => ({}));
  });

  it('a kill -9 of run leaves no copy that the next process does not clean', { timeout: 300_000 }, async () => {
    await run.kill();
    expect(Object.keys(await copies('web'))).toEqual(['member1']);
    commit({ multiClusterService: false, multiClusterIngress: false });
    run = start();
    await copiesAre('member2 to hold no copy of web', 'web', async () => ({}));
    await copiesAre('member2 to hold no copy of shop', 'shop', async () => ({}));
    const inventory = await apiFor('member2', CoreV1Api, kubeconfig).readNamespacedConfigMap({
      name: `${repo.inventoryName}-endpointslices`,
      namespace: 'flotilla-system',
    });
    expect(JSON.parse(inventory.data?.['inventory.json'] ?? '{}')).toEqual({ entries: [] });
  });
});
