/**
 * `flotilla get` against the members themselves: every member at once, each resolving the type
 * through its own discovery, kubectl's Table rows (or whole objects) from each, and one failure
 * per member that did not answer while the others' answers stand.
 */
import { compareBytes, isPullMember, isRecord } from '../model/index.ts';
import type { Cluster, KubeObject } from '../model/index.ts';
import { connectFleet, ContextNotFoundError, KubeApiError, resolveType, resourcePath } from '../apply/index.ts';
import type { ClusterAccess, ApiResource, KubeClient } from '../apply/index.ts';
import { UnknownTypeError } from './errors/index.ts';
import type { GetFailure, GetItem, GetOutcome, GetRequest, TableColumn } from './get-outcome.ts';

/** kubectl's Accept for `get`: a Table (v1, then v1beta1), else plain JSON. */
export const TABLE_ACCEPT =
  'application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json';

/** kubectl's page size for lists (`--chunk-size`). */
const PAGE = '500';

interface MemberAnswer {
  cluster: string;
  resource: ApiResource;
  columns?: TableColumn[];
  items: GetItem[];
}

function apiVersionOf(resource: ApiResource): string {
  return resource.group === '' ? resource.version : `${resource.group}/${resource.version}`;
}

function columnsOf(doc: Record<string, unknown>): TableColumn[] {
  const defs = Array.isArray(doc['columnDefinitions']) ? doc['columnDefinitions'].filter(isRecord) : [];
  return defs.map((d) => ({
    name: String(d['name'] ?? ''),
    type: String(d['type'] ?? 'string'),
    ...(typeof d['format'] === 'string' && d['format'] !== '' ? { format: d['format'] } : {}),
    priority: typeof d['priority'] === 'number' ? d['priority'] : 0,
  }));
}

/** A member's Table rows for the request, every page. */
async function tableRows(
  client: KubeClient,
  resource: ApiResource,
  path: string,
  request: GetRequest,
): Promise<Pick<MemberAnswer, 'columns' | 'items'>> {
  const items: GetItem[] = [];
  let columns: TableColumn[] | undefined;
  let token = '';
  do {
    const params = new URLSearchParams(request.name === undefined ? { limit: PAGE } : {});
    if (request.labelSelector) params.set('labelSelector', request.labelSelector);
    if (request.fieldSelector) params.set('fieldSelector', request.fieldSelector);
    if (token) params.set('continue', token);
    const query = params.size > 0 ? `?${params}` : '';
    const answer = await client.raw(`${path}${query}`, TABLE_ACCEPT);
    if (answer.status === 404 && request.name !== undefined) return { items };
    const doc: unknown = JSON.parse(answer.body || '{}');
    if (!isRecord(doc)) throw new Error(`cluster ${client.cluster}: GET ${path}: not a JSON object`);
    if (answer.status >= 300) {
      const reason = String(doc['reason'] ?? 'Unknown');
      const data = { cluster: client.cluster, status: answer.status, reason, method: 'GET', path };
      throw new KubeApiError(data, String(doc['message'] ?? answer.body));
    }
    if (doc['kind'] !== 'Table') throw new Error(`cluster ${client.cluster}: GET ${path}: the answer is not a Table`);
    columns ??= columnsOf(doc);
    for (const row of Array.isArray(doc['rows']) ? doc['rows'].filter(isRecord) : []) {
      const meta = isRecord(row['object']) && isRecord(row['object']['metadata']) ? row['object']['metadata'] : {};
      const object = { apiVersion: apiVersionOf(resource), kind: resource.kind, metadata: meta } as KubeObject;
      items.push({ cluster: client.cluster, object, cells: Array.isArray(row['cells']) ? row['cells'] : [] });
    }
    const meta = isRecord(doc['metadata']) ? doc['metadata'] : {};
    token = typeof meta['continue'] === 'string' ? meta['continue'] : '';
  } while (token);
  return columns ? { columns, items } : { items };
}

/** A member's whole objects for the request. */
async function objects(client: KubeClient, resource: ApiResource, request: GetRequest): Promise<GetItem[]> {
  const apiVersion = apiVersionOf(resource);
  const namespace = resource.namespaced ? request.namespace : undefined;
  const found: KubeObject[] =
    request.name !== undefined
      ? [await client.get({ apiVersion, kind: resource.kind, namespace: namespace ?? '', name: request.name })].filter(
          (o): o is KubeObject => o !== undefined,
        )
      : await client.list({
          apiVersion,
          kind: resource.kind,
          ...(namespace !== undefined ? { namespace } : {}),
          ...(request.labelSelector ? { labelSelector: request.labelSelector } : {}),
          ...(request.fieldSelector ? { fieldSelector: request.fieldSelector } : {}),
        });
  return found.map((object) => ({ cluster: client.cluster, object }));
}

async function askMember(client: KubeClient, request: GetRequest): Promise<MemberAnswer> {
  const resource = resolveType(request.type, await client.discover());
  if (!resource) throw new UnknownTypeError(request.type, { cluster: client.cluster });
  if (request.shape === 'objects')
    return { cluster: client.cluster, resource, items: await objects(client, resource, request) };
  const namespace = resource.namespaced ? request.namespace : undefined;
  const path = resourcePath(resource, namespace, request.name);
  return { cluster: client.cluster, resource, ...(await tableRows(client, resource, path, request)) };
}

/** A row's cells re-ordered to `columns`, by column name: members of other versions may order or name them otherwise. */
function alignCells(item: GetItem, own: readonly TableColumn[], columns: readonly TableColumn[]): GetItem {
  if (own === columns || !item.cells) return item;
  const byName = new Map(own.map((c, i) => [c.name, item.cells?.[i]]));
  return { ...item, cells: columns.map((c) => byName.get(c.name) ?? '') };
}

/** One line about a member's failure, naming the member once. */
export function aboutMember(cluster: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const named = message.startsWith(`cluster ${cluster}:`) || message.startsWith(`${cluster}:`);
  return named ? message : `cluster ${cluster}: ${message}`;
}

/**
 * Asks every cluster at once; the answers in cluster order, one failure per cluster that did not
 * answer. A Pull member the kubeconfig has no context for is skipped, not failed, unless `chosen`
 * (named with --clusters): the hub is not meant to hold its credentials (README.md#flotilla-agent).
 */
export async function getFromMembers(
  clusters: readonly Cluster[],
  access: ClusterAccess,
  request: GetRequest,
  chosen = false,
): Promise<GetOutcome> {
  const clients = await connectFleet(clusters, access);
  const skipped: GetFailure[] = [];
  for (const cluster of chosen ? [] : clusters.filter(isPullMember)) {
    const name = cluster.metadata.name;
    if (!(clients.get(name) instanceof ContextNotFoundError)) continue;
    clients.delete(name);
    skipped.push({
      cluster: name,
      message: `cluster ${name}: a Pull member with no context in the kubeconfig; not asked`,
    });
  }
  const names = [...clients.keys()].sort(compareBytes);
  const settled = await Promise.all(
    names.map(async (cluster): Promise<MemberAnswer | GetFailure> => {
      const client = clients.get(cluster);
      try {
        if (client instanceof Error || client === undefined) throw client ?? new Error(`cluster ${cluster}: no client`);
        return await askMember(client, request);
      } catch (error) {
        return { cluster, message: aboutMember(cluster, error) };
      }
    }),
  );
  const answers = settled.filter((s): s is MemberAnswer => 'resource' in s);
  const first = answers.find((a) => a.columns) ?? answers[0];
  const columns = first?.columns;
  return {
    ...(first ? { resource: first.resource } : {}),
    ...(columns ? { columns } : {}),
    items: answers.flatMap((a) =>
      columns && a.columns ? a.items.map((i) => alignCells(i, a.columns ?? [], columns)) : a.items,
    ),
    failures: settled.filter((s): s is GetFailure => !('resource' in s)),
    ...(skipped.length > 0 ? { skipped } : {}),
  };
}
