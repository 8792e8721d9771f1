/**
 * The {@link LeaseStore} adapter over @kubernetes/client-node's CoordinationV1Api (the only file
 * that touches it). The host cluster comes from `--host-kubeconfig` / `--host-context`, else the
 * in-cluster service account (a replica running as a Pod).
 */
import type { V1Lease } from '@kubernetes/client-node';
import type { LeaseRecord, LeaseStore, LeaseWrite } from './lease-store.ts';

/** Where the host cluster is. */
export interface HostClusterOptions {
  /** `--host-kubeconfig`; absent: the in-cluster configuration. */
  kubeconfig?: string;
  /** `--host-context`; absent: the kubeconfig's current context. */
  context?: string;
  /** `--lease-namespace`. */
  namespace: string;
}

function record(lease: V1Lease): LeaseRecord {
  const spec = lease.spec ?? {};
  return {
    name: lease.metadata?.name ?? '',
    ...(spec.holderIdentity ? { holder: spec.holderIdentity } : {}),
    ...(spec.renewTime ? { renewTime: new Date(spec.renewTime).getTime() } : {}),
    ...(spec.leaseDurationSeconds !== undefined ? { durationSeconds: spec.leaseDurationSeconds } : {}),
    transitions: spec.leaseTransitions ?? 0,
    resourceVersion: lease.metadata?.resourceVersion ?? '',
  };
}

type ClientNode = typeof import('@kubernetes/client-node');

function body(k8s: ClientNode, name: string, namespace: string, write: LeaseWrite, resourceVersion?: string): V1Lease {
  return {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: {
      name,
      namespace,
      labels: { 'app.kubernetes.io/managed-by': 'flotilla' },
      ...(resourceVersion ? { resourceVersion } : {}),
    },
    spec: {
      holderIdentity: write.holder,
      leaseDurationSeconds: write.durationSeconds,
      leaseTransitions: write.transitions,
      renewTime: new k8s.V1MicroTime(write.renewTime),
      ...(write.acquireTime !== undefined ? { acquireTime: new k8s.V1MicroTime(write.acquireTime) } : {}),
    },
  };
}

function statusOf(k8s: ClientNode, error: unknown): number | undefined {
  return error instanceof k8s.ApiException ? error.code : undefined;
}

/** Connects to the host cluster's Leases in one namespace. */
export async function connectLeaseStore(options: HostClusterOptions): Promise<LeaseStore> {
  // Loaded on first use: client-node is the heaviest module of the CLI (see client-node-kube-client.ts).
  const k8s = await import('@kubernetes/client-node');
  const config = new k8s.KubeConfig();
  if (options.kubeconfig) config.loadFromFile(options.kubeconfig);
  else config.loadFromCluster();
  if (options.context) config.setCurrentContext(options.context);
  const api = config.makeApiClient(k8s.CoordinationV1Api);
  const { namespace } = options;
  return {
    async get(name) {
      try {
        return record(await api.readNamespacedLease({ name, namespace }));
      } catch (error) {
        if (statusOf(k8s, error) === 404) return undefined;
        throw error;
      }
    },
    async create(name, write) {
      try {
        return record(await api.createNamespacedLease({ namespace, body: body(k8s, name, namespace, write) }));
      } catch (error) {
        if (statusOf(k8s, error) === 409) return 'conflict';
        throw error;
      }
    },
    async update(name, resourceVersion, write) {
      try {
        return record(
          await api.replaceNamespacedLease({
            name,
            namespace,
            body: body(k8s, name, namespace, write, resourceVersion),
          }),
        );
      } catch (error) {
        if (statusOf(k8s, error) === 409 || statusOf(k8s, error) === 404) return 'conflict';
        throw error;
      }
    },
    async list(prefix) {
      const leases = await api.listNamespacedLease({
        namespace,
        labelSelector: 'app.kubernetes.io/managed-by=flotilla',
      });
      return leases.items.map(record).filter((l) => l.name.startsWith(prefix));
    },
    async delete(name) {
      try {
        await api.deleteNamespacedLease({ name, namespace });
      } catch (error) {
        if (statusOf(k8s, error) !== 404) throw error;
      }
    },
  };
}
