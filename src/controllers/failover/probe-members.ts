import type { KubeClient } from '../../apply/index.ts';
import type { ProbeResult } from './member-health.ts';

/**
 * Probes every member's API server readiness (`GET /readyz`), as Karmada's cluster status
 * controller does: 200 is ready, any other answer is not ready, no answer (or no client) is
 * unreachable. Members are probed in parallel; one slow member does not hold up the others.
 */
export async function probeMembers(
  clients: ReadonlyMap<string, KubeClient | Error>,
): Promise<Map<string, ProbeResult>> {
  const entries = await Promise.all(
    [...clients].map(async ([cluster, client]): Promise<[string, ProbeResult]> => {
      if (client instanceof Error) return [cluster, 'unreachable'];
      try {
        const res = await client.raw('/readyz');
        return [cluster, res.status === 200 ? 'ready' : 'not-ready'];
      } catch {
        return [cluster, 'unreachable'];
      }
    }),
  );
  return new Map(entries);
}
