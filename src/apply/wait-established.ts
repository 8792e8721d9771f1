/** Stage 1's wait (P9): CRDs applied in this pass serve their kinds before stage 2 applies them. */
import { setTimeout as sleep } from 'node:timers/promises';
import { isRecord } from '../model/index.ts';
import type { KubeObject } from '../model/index.ts';
import { CrdNotEstablishedError } from './errors/index.ts';
import type { KubeClient } from './kube-client.ts';

function established(crd: KubeObject | undefined): boolean {
  const status = crd?.['status'];
  const conditions = isRecord(status) && Array.isArray(status['conditions']) ? status['conditions'] : [];
  return conditions.some((c: unknown) => isRecord(c) && c['type'] === 'Established' && c['status'] === 'True');
}

/** Polls each CRD until its Established condition is True; throws CrdNotEstablishedError after `timeoutMs`. */
export async function waitEstablished(client: KubeClient, names: readonly string[], timeoutMs: number, intervalMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const name of names) {
    const ref = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', namespace: '', name };
    while (!established(await client.get(ref))) {
      if (Date.now() > deadline) throw new CrdNotEstablishedError(client.cluster, name, timeoutMs);
      await sleep(intervalMs);
    }
  }
}
