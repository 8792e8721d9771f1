/**
 * One line per multi-cluster service for STATUS.md and `flotilla status`: its providers with their endpoints, its
 * consumers with what they hold and, where a write failed, why. No lines when there is none, so a fleet without
 * multi-cluster services reads (and hashes) as before.
 */
import type { RecordedMultiClusterService, ServiceConsumer, ServiceProvider } from '../../model/index.ts';
import { multiClusterServicePath } from './multicluster-service-document.ts';

const endpoints = (n: number): string => `${n} endpoint${n === 1 ? '' : 's'}`;

function providerText(p: ServiceProvider): string {
  return `${p.cluster} (${endpoints(p.endpoints)}${p.ready ? '' : ', not dispatched'})`;
}

function consumerText(c: ServiceConsumer): string {
  const failed = c.dispatched === false ? `, not dispatched: ${c.message ?? 'unknown'}` : '';
  return `${c.cluster} (${endpoints(c.endpoints)}${failed})`;
}

/** `providers member1 (3 endpoints); consumers member2 (3 endpoints)`. */
export function multiClusterServiceLine(r: RecordedMultiClusterService): string {
  const list = <T>(items: readonly T[], show: (x: T) => string): string =>
    items.length > 0 ? items.map(show).join(', ') : 'none';
  const routed = r.ingresses?.length ? `; routed to by ${r.ingresses.join(', ')}` : '';
  return `providers ${list(r.providers, providerText)}; consumers ${list(r.consumers, consumerText)}${routed}`;
}

/** STATUS.md's "Multi-cluster services" section. */
export function multiClusterServiceSection(services: readonly RecordedMultiClusterService[] | undefined): string[] {
  if (!services?.length) return [];
  return [
    '## Multi-cluster services',
    '',
    ...services.map(
      (r) => `- [${r.kind} ${r.namespace}/${r.name}](${multiClusterServicePath(r)}): ${multiClusterServiceLine(r)}`,
    ),
    '',
  ];
}
