// metrics.k8s.io on the local fleet, read through each member's kube-apiserver: metrics-server
// scrapes the kubelet resource metrics kwok simulates, and a pod's usage follows its
// kwok.x-k8s.io/usage-cpu|memory annotations (docs/development.md#metrics).
import { ApiregistrationV1Api, CoreV1Api, CustomObjectsApi, PatchStrategy, setHeaderOptions, type V1Pod } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { metricResolutionSeconds } from '../../scripts/fleet/kwok.ts';
import { metricsApiService } from '../../scripts/fleet/metrics.ts';
import { parseQuantity, quantityToNumber } from '../../src/model/exact-quantity.ts';
import { waitFor } from '../helpers/wait.ts';
import { apiFor, members } from './helpers/fleet.ts';
import { fleetNamespace } from './helpers/namespace.ts';

interface Usage {
  cpu: string;
  memory: string;
}
interface NodeMetrics {
  metadata: { name: string };
  usage: Usage;
}
interface PodMetrics {
  containers: { name: string; usage: Usage }[];
}

const metrics = { group: 'metrics.k8s.io', version: 'v1beta1' };
const amount = (quantity: string): number => quantityToNumber(parseQuantity(quantity));
/** CPU is a rate over two scrapes that kwok and metrics-server time separately, so it is exact only to a fraction of a percent. */
const closeTo = (quantity: string, expected: string): boolean => Math.abs(amount(quantity) - amount(expected)) <= amount(expected) * 0.02;
/** A new pod needs two scrapes before it has a CPU rate; a changed annotation shows at the next one. */
const newPodBoundMs = 4 * metricResolutionSeconds * 1000;
const changeBoundMs = 2 * metricResolutionSeconds * 1000 + 5_000;

const usageAnnotations = (usage: Usage): Record<string, string> => ({
  'kwok.x-k8s.io/usage-cpu': usage.cpu,
  'kwok.x-k8s.io/usage-memory': usage.memory,
});

function pod(name: string, annotations?: Record<string, string>): V1Pod {
  return {
    metadata: { name, annotations },
    // kwok never runs the image; it only plays the pod's lifecycle on a fake node.
    spec: { containers: [{ name: 'app', image: 'registry.k8s.io/pause:3.10', resources: { requests: { cpu: '100m', memory: '64Mi' } } }] },
  };
}

async function podUsage(member: string, namespace: string, name: string): Promise<Usage | undefined> {
  const found = (await apiFor(member, CustomObjectsApi).getNamespacedCustomObject({ ...metrics, namespace, plural: 'pods', name })) as PodMetrics;
  return found.containers.find((container) => container.name === 'app')?.usage;
}

/** Polls the member's PodMetrics until the pod's container reports `want`. */
function waitForUsage(member: string, namespace: string, name: string, want: Usage, timeoutMs: number): Promise<Usage> {
  return waitFor(
    `PodMetrics of ${member} ${namespace}/${name} to report cpu ${want.cpu}, memory ${want.memory}`,
    async () => {
      const usage = await podUsage(member, namespace, name);
      return usage && closeTo(usage.cpu, want.cpu) && amount(usage.memory) === amount(want.memory) ? usage : undefined;
    },
    { timeoutMs, intervalMs: 500 },
  );
}

describe('metrics on the local fleet', () => {
  const namespace = fleetNamespace('metrics');

  it.each(members)('$name serves metrics.k8s.io through an Available APIService', async ({ name }) => {
    const service = await apiFor(name, ApiregistrationV1Api).readAPIService({ name: metricsApiService });
    const available = service.status?.conditions?.find((condition) => condition.type === 'Available');
    expect(available?.status, `${name}: ${available?.message ?? 'no Available condition'}`).toBe('True');
  });

  it.each(members)('$name has NodeMetrics for each of its $nodes.count node(s)', async ({ name, nodes }) => {
    const expected = Array.from({ length: nodes.count }, (_, index) => `${name}-node-${index}`);
    const listed = await waitFor(
      `NodeMetrics for every node of ${name}`,
      async () => {
        const list = (await apiFor(name, CustomObjectsApi).listClusterCustomObject({ ...metrics, plural: 'nodes' })) as { items: NodeMetrics[] };
        const names = list.items.map((item) => item.metadata.name).sort();
        return names.length === expected.length ? list.items : undefined;
      },
      { timeoutMs: newPodBoundMs },
    );
    expect(listed.map((item) => item.metadata.name).sort()).toEqual(expected);
    for (const { metadata, usage } of listed) {
      // An idle node reports the simulated system overhead: at least 50m CPU and 256Mi.
      expect(amount(usage.cpu), metadata.name).toBeGreaterThanOrEqual(0.045);
      expect(amount(usage.memory), metadata.name).toBeGreaterThanOrEqual(256 * 2 ** 20);
    }
  });

  it("reports a pod's annotated usage in PodMetrics, follows a change of the annotation, and a small default without it", async () => {
    const member = 'member2';
    const ns = namespace();
    const core = apiFor(member, CoreV1Api);
    const loaded: Usage = { cpu: '500m', memory: '300Mi' };
    await core.createNamespacedPod({ namespace: ns, body: pod('loaded', usageAnnotations(loaded)) });
    await core.createNamespacedPod({ namespace: ns, body: pod('idle') });

    await Promise.all([
      waitForUsage(member, ns, 'loaded', loaded, newPodBoundMs),
      waitForUsage(member, ns, 'idle', { cpu: '1m', memory: '1Mi' }, newPodBoundMs),
    ]);

    const raised: Usage = { cpu: '1200m', memory: '700Mi' };
    await core.patchNamespacedPod(
      { name: 'loaded', namespace: ns, body: { metadata: { annotations: usageAnnotations(raised) } } },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
    await waitForUsage(member, ns, 'loaded', raised, changeBoundMs);
  });
});
