import { isRecord } from '../../model/index.ts';
import type { KubeObject } from '../../model/index.ts';
import type { KubeClient } from '../../apply/index.ts';
import type { ClusterObservation } from '../cluster-status.ts';

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Karmada's getClusterHealthStatus: `/readyz`, or `/healthz` when readyz is not installed; no answer is offline. */
async function health(client: KubeClient): Promise<{ online: boolean; healthy: boolean }> {
  try {
    let answer = await client.raw('/readyz');
    if (answer.status === 404) answer = await client.raw('/healthz');
    return { online: true, healthy: answer.status === 200 };
  } catch {
    return { online: false, healthy: false };
  }
}

/** The member's `/version` (`gitVersion`), or `undefined` when it does not answer one. Never throws. */
export async function memberVersion(client: KubeClient): Promise<string | undefined> {
  try {
    const answer = await client.raw('/version');
    const parsed: unknown = answer.status === 200 ? JSON.parse(answer.body) : undefined;
    return isRecord(parsed) && typeof parsed['gitVersion'] === 'string' ? parsed['gitVersion'] : undefined;
  } catch {
    return undefined;
  }
}

async function listOrUndefined(client: KubeClient, kind: 'Node' | 'Pod'): Promise<KubeObject[] | undefined> {
  try {
    return await client.list({ apiVersion: 'v1', kind });
  } catch {
    return undefined;
  }
}

/**
 * Reads what Karmada's cluster status controller reads from one member: readiness, and for a
 * ready cluster its version, discovery, nodes and pods (issue 8 item 2). Never throws: an
 * unreachable cluster is an observation too.
 */
export async function observeCluster(client: KubeClient): Promise<ClusterObservation> {
  const { online, healthy } = await health(client);
  if (!online || !healthy) return { online, healthy };
  const [kubernetesVersion, discovery, nodes, pods] = await Promise.all([
    memberVersion(client),
    client.discover().then(
      (apiResources) => ({ apiResources }),
      (error: unknown) => ({ error: message(error) }),
    ),
    listOrUndefined(client, 'Node'),
    listOrUndefined(client, 'Pod'),
  ]);
  return {
    online,
    healthy,
    ...(kubernetesVersion ? { kubernetesVersion } : {}),
    ...('apiResources' in discovery ? { apiResources: discovery.apiResources } : { discoveryError: discovery.error }),
    ...(nodes ? { nodes } : {}),
    ...(pods ? { pods } : {}),
  };
}
