/** Stage 1's wait: CRDs applied in this pass serve their kinds before stage 2 applies them. */
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

function servedKinds(crd: KubeObject | undefined): string[] {
  const spec = isRecord(crd?.['spec']) ? crd['spec'] : {};
  const kind = isRecord(spec['names']) ? spec['names']['kind'] : undefined;
  const versions = Array.isArray(spec['versions'])
    ? spec['versions'].filter(isRecord).filter((v) => v['served'] !== false)
    : [];
  return versions.map((v) => `${String(spec['group'])}/${String(v['name'])}/${String(kind)}`);
}

/**
 * Polls each CRD until its Established condition is True and discovery lists its kinds (the
 * aggregated discovery document is updated a moment after Established); throws
 * CrdNotEstablishedError after `timeoutMs`.
 */
export async function waitEstablished(
  client: KubeClient,
  names: readonly string[],
  timeoutMs: number,
  intervalMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const kinds: string[] = [];
  for (const name of names) {
    const ref = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', namespace: '', name };
    for (let crd = await client.get(ref); !established(crd); crd = await client.get(ref)) {
      if (Date.now() > deadline) throw new CrdNotEstablishedError(client.cluster, name, timeoutMs);
      await sleep(intervalMs);
    }
    kinds.push(...servedKinds(await client.get(ref)));
  }
  while (kinds.length > 0) {
    const served = new Set((await client.discover()).map((r) => `${r.group}/${r.version}/${r.kind}`));
    const missing = kinds.find((k) => !served.has(k));
    if (missing === undefined) return;
    if (Date.now() > deadline) throw new CrdNotEstablishedError(client.cluster, missing, timeoutMs);
    await sleep(intervalMs);
  }
}
