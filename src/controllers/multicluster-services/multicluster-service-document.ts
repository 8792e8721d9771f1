/**
 * `multicluster-services/<kind>/<namespace>/<name>.yaml`: one exported Service (a MultiClusterService, a
 * ServiceExport with its ServiceImports, or a MultiClusterIngress's backend, named as the Service, with the ingresses
 * routing to it) as the endpoints controller of `run` last left it — each provider, whether its endpoints are
 * dispatched and how many it has, each consumer, how many it holds and whether the last write to it succeeded. A document that does not parse is dropped with a warning: the next pass of `run` writes it again from
 * what it reads in the members.
 */
import { isRecord, MCS_API_GROUP_VERSION, NETWORKING_GROUP_VERSION } from '../../model/index.ts';
import type { ExportKind, RecordedMultiClusterService, ServiceConsumer, ServiceProvider } from '../../model/index.ts';
import type { Warn } from '../../status/index.ts';

export function multiClusterServicePath(r: Pick<RecordedMultiClusterService, 'kind' | 'namespace' | 'name'>): string {
  return `multicluster-services/${r.kind}/${r.namespace}/${r.name}.yaml`;
}

export function multiClusterServiceDocument(r: RecordedMultiClusterService): Record<string, unknown> {
  return {
    apiVersion: r.kind === 'ServiceExport' ? MCS_API_GROUP_VERSION : NETWORKING_GROUP_VERSION,
    kind: r.kind,
    metadata: { name: r.name, namespace: r.namespace },
    status: { ...(r.ingresses ? { ingresses: r.ingresses } : {}), providers: r.providers, consumers: r.consumers },
  };
}

const EXPORT_KINDS: readonly ExportKind[] = ['MultiClusterService', 'ServiceExport', 'MultiClusterIngress'];

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;

function providerOf(value: unknown): ServiceProvider | undefined {
  if (!isRecord(value)) return undefined;
  const [cluster, slices, endpoints] = [text(value['cluster']), count(value['slices']), count(value['endpoints'])];
  if (!cluster || slices === undefined || endpoints === undefined || typeof value['ready'] !== 'boolean')
    return undefined;
  return { cluster, ready: value['ready'], slices, endpoints };
}

function consumerOf(value: unknown): ServiceConsumer | undefined {
  if (!isRecord(value)) return undefined;
  const [cluster, slices, endpoints] = [text(value['cluster']), count(value['slices']), count(value['endpoints'])];
  if (!cluster || slices === undefined || endpoints === undefined) return undefined;
  const dispatched = typeof value['dispatched'] === 'boolean' ? { dispatched: value['dispatched'] } : {};
  const message = text(value['message']);
  return { cluster, slices, endpoints, ...dispatched, ...(message ? { message } : {}) };
}

function listOf<T>(value: unknown, field: string, parse: (v: unknown) => T | undefined, warn: Warn): T[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item, i) => {
    const parsed = parse(item);
    if (!parsed) warn(`status.${field}[${i}]: not a member with its counts; ignored`);
    return parsed ? [parsed] : [];
  });
}

const names = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : [];

/** A multi-cluster service document read back, or `undefined` (with a warning) when it is not one. */
export function parseMultiClusterServiceDocument(
  doc: unknown,
  warn: Warn = () => undefined,
): RecordedMultiClusterService | undefined {
  const kind = isRecord(doc) ? doc['kind'] : undefined;
  const metadata = isRecord(doc) && isRecord(doc['metadata']) ? doc['metadata'] : {};
  const status = isRecord(doc) && isRecord(doc['status']) ? doc['status'] : undefined;
  const [name, namespace] = [text(metadata['name']), text(metadata['namespace'])];
  if (!EXPORT_KINDS.includes(kind as ExportKind) || !name || !namespace || !status) {
    warn(
      'not a MultiClusterService, ServiceExport or MultiClusterIngress record with metadata.name, metadata.namespace and a status; ignored',
    );
    return undefined;
  }
  return {
    kind: kind as ExportKind,
    namespace,
    name,
    providers: listOf(status['providers'], 'providers', providerOf, warn),
    consumers: listOf(status['consumers'], 'consumers', consumerOf, warn),
    ...(kind === 'MultiClusterIngress' ? { ingresses: names(status['ingresses']) } : {}),
  };
}
