// Smoke test of the local fleet itself: if these fail, every other e2e
// failure is about the fleet, not about Flotilla.
import { AppsV1Api, CoreV1Api, VersionApi, type V1Deployment } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { apiFor, members } from './helpers/fleet.ts';
import { fleetNamespace } from './helpers/namespace.ts';
import { waitFor } from '../helpers/wait.ts';

describe('local fleet', () => {
  const namespace = fleetNamespace('fleet');

  it.each(members)('$name answers with a real Kubernetes version', async ({ name }) => {
    const version = await apiFor(name, VersionApi).getCode();
    // v0.0.0-master would mean the version ldflags of the build were lost.
    expect(version.gitVersion).toMatch(/^v1\.\d+\.\d+$/);
  });

  it.each(members)('$name has $nodes.count Ready node(s) with the configured capacity', async (member) => {
    const nodes = await apiFor(member.name, CoreV1Api).listNode();
    expect(nodes.items).toHaveLength(member.nodes.count);
    for (const node of nodes.items) {
      const ready = node.status?.conditions?.find((condition) => condition.type === 'Ready');
      expect(ready?.status, `${node.metadata?.name} Ready`).toBe('True');
      expect(node.status?.allocatable).toMatchObject({
        cpu: member.nodes.cpu,
        memory: member.nodes.memory,
        pods: String(member.nodes.pods),
      });
      expect(node.metadata?.labels).toMatchObject({
        'topology.kubernetes.io/region': member.region,
        'topology.kubernetes.io/zone': member.zone,
      });
    }
  });

  it('gives the test its own namespace in every member', async () => {
    for (const { name } of members) {
      const ns = await apiFor(name, CoreV1Api).readNamespace({ name: namespace() });
      expect(ns.status?.phase, name).toBe('Active');
    }
  });

  it('runs a Deployment in member1 until both replicas are ready', async () => {
    const apps = apiFor('member1', AppsV1Api);
    const ns = namespace();
    const labels = { app: 'smoke' };
    const body: V1Deployment = {
      metadata: { name: 'smoke', labels },
      spec: {
        replicas: 2,
        selector: { matchLabels: labels },
        template: {
          metadata: { labels },
          spec: {
            // kwok never pulls or runs the image; the pod's lifecycle is simulated on the fake node.
            containers: [{ name: 'app', image: 'registry.k8s.io/pause:3.10', resources: { requests: { cpu: '100m', memory: '64Mi' } } }],
          },
        },
      },
    };
    await apps.createNamespacedDeployment({ namespace: ns, body });

    const ready = await waitFor(
      'Deployment smoke to report 2 ready replicas',
      async () => {
        const deployment = await apps.readNamespacedDeployment({ name: 'smoke', namespace: ns });
        return deployment.status?.readyReplicas === 2 ? deployment : undefined;
      },
      { timeoutMs: 90_000 },
    );
    expect(ready.status?.availableReplicas).toBe(2);

    const pods = await apiFor('member1', CoreV1Api).listNamespacedPod({ namespace: ns });
    expect(pods.items).toHaveLength(2);
    for (const pod of pods.items) {
      expect(pod.spec?.nodeName).toMatch(/^member1-node-\d+$/);
      expect(pod.status?.phase).toBe('Running');
    }
  });
});
