/**
 * One client per member cluster (README.md#flotilla-plan): the kubeconfig context named after the
 * cluster, or the one its `flotilla.io/kubeconfig-context` annotation names. A cluster that
 * cannot be connected gets its error instead of a client; the others are unaffected.
 */
import { KUBECONFIG_CONTEXT_ANNOTATION } from '../model/index.ts';
import type { Cluster } from '../model/index.ts';
import { connectKubeClient } from './client-node-kube-client.ts';
import type { KubeClientOptions } from './client-options.ts';
import type { KubeClient } from './kube-client.ts';
import { loadKubeconfig } from './kubeconfig.ts';
import { DEFAULT_MEMBER_TIMEOUT_MS, withMemberDeadlines } from './member-deadline.ts';
import type { Kubeconfig, KubeconfigLocation } from './kubeconfig.ts';

/** The kubeconfig context of a cluster. */
export function contextOf(cluster: Cluster): string {
  return cluster.metadata.annotations?.[KUBECONFIG_CONTEXT_ANNOTATION] || cluster.metadata.name;
}

/** A client, or the reason there is none, per cluster name. */
export async function connectClusters(
  clusters: readonly Cluster[],
  kubeconfig: Kubeconfig,
  options: Partial<KubeClientOptions> = {},
): Promise<Map<string, KubeClient | Error>> {
  const out = new Map<string, KubeClient | Error>();
  for (const cluster of clusters) {
    const name = cluster.metadata.name;
    try {
      out.set(name, await connectKubeClient(name, contextOf(cluster), kubeconfig, options));
    } catch (error) {
      out.set(name, error as Error);
    }
  }
  return out;
}

/**
 * Loads the kubeconfig (--kubeconfig, $KUBECONFIG, ~/.kube/config) and connects every cluster.
 * A kubeconfig that cannot be read becomes every cluster's error.
 */
export async function openClusters(
  clusters: readonly Cluster[],
  location: KubeconfigLocation,
  options: Partial<KubeClientOptions> = {},
): Promise<Map<string, KubeClient | Error>> {
  try {
    return connectClusters(clusters, await loadKubeconfig(location), options);
  } catch (error) {
    return new Map(clusters.map((c) => [c.metadata.name, error as Error]));
  }
}

/**
 * Connects like {@link openClusters}, but keeps each cluster's client between calls while its
 * context and the kubeconfig stay the same, so a long-running process does not rebuild clients
 * (and their discovery) on every pass. The kubeconfig is read again each call: rotated credentials
 * or a changed server give a fresh client. Failures are never kept. A call that names only some
 * clusters leaves the others' clients as they are: a caller that connects one member at a time
 * must not rebuild the rest at every call.
 */
export class ClientCache {
  readonly #location: KubeconfigLocation;
  readonly #options: Partial<KubeClientOptions>;
  readonly #clients = new Map<string, { key: string; client: KubeClient }>();

  constructor(location: KubeconfigLocation, options: Partial<KubeClientOptions> = {}) {
    this.#location = location;
    this.#options = options;
  }

  async connect(clusters: readonly Cluster[]): Promise<Map<string, KubeClient | Error>> {
    let kubeconfig: Kubeconfig;
    try {
      kubeconfig = await loadKubeconfig(this.#location);
    } catch (error) {
      return new Map(clusters.map((c) => [c.metadata.name, error as Error]));
    }
    const config = JSON.stringify(kubeconfig);
    const out = new Map<string, KubeClient | Error>();
    for (const cluster of clusters) {
      const name = cluster.metadata.name;
      const key = `${contextOf(cluster)}\n${config}`;
      const kept = this.#clients.get(name);
      if (kept?.key === key) {
        out.set(name, kept.client);
        continue;
      }
      const [connected] = (await connectClusters([cluster], kubeconfig, this.#options)).values();
      out.set(name, connected!);
      if (connected instanceof Error) this.#clients.delete(name);
      else this.#clients.set(name, { key, client: connected! });
    }
    return out;
  }
}

/** A client, or why there is none, per cluster name. */
export type Connector = (clusters: readonly Cluster[]) => Promise<Map<string, KubeClient | Error>>;

/** How the clusters are reached; `connect` replaces the kubeconfig adapter (tests). */
export interface ClusterAccess {
  kubeconfig: KubeconfigLocation;
  client: Partial<KubeClientOptions>;
  connect?: Connector;
  /** `--member-timeout`: each member's share of a pass, from its connection on. @default 5 minutes */
  memberTimeoutMs?: number;
}

/** Clients for the fleet's clusters, through `connect` or the kubeconfig, each bounded by its member's deadline. */
export async function connectFleet(
  clusters: readonly Cluster[],
  access: ClusterAccess,
): Promise<Map<string, KubeClient | Error>> {
  const clients = access.connect
    ? await access.connect(clusters)
    : await openClusters(clusters, access.kubeconfig, access.client);
  return withMemberDeadlines(clients, access.memberTimeoutMs ?? DEFAULT_MEMBER_TIMEOUT_MS);
}

/**
 * Connects clusters again and again, keeping each client while its kubeconfig entry is unchanged
 * (`access.connect`, in tests, is used as is); every call's clients get a fresh member deadline.
 */
export function reusingConnector(access: ClusterAccess): Connector {
  const timeoutMs = access.memberTimeoutMs ?? DEFAULT_MEMBER_TIMEOUT_MS;
  if (access.connect) {
    const connect = access.connect;
    return async (clusters) => withMemberDeadlines(await connect(clusters), timeoutMs);
  }
  const cache = new ClientCache(access.kubeconfig, access.client);
  return async (clusters) => withMemberDeadlines(await cache.connect(clusters), timeoutMs);
}
