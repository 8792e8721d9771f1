/**
 * Reads of the cache for one resource: a list with list semantics (selectors, `limit` and
 * `continue`, a composite `resourceVersion`, a `Warning` header per member out of sync), and
 * through the proxy one object by name, which, as Karmada's proxy answers, must be in exactly one
 * member (in several it is a 409 naming them) and carries that member's resourceVersion in the
 * composite form.
 */
import type { ServerResponse } from 'node:http';
import type { ApiResource } from '../apply/index.ts';
import type { SearchCacheView, StoreQuery } from '../controllers/index.ts';
import { parseFieldSelector, parseLabelSelector, SelectorError } from '../controllers/index.ts';
import { cachedFrom } from '../model/index.ts';
import type { KubeObject } from '../model/index.ts';
import type { CacheRequest } from './cache-path.ts';
import { behind, compositeVersion, continueToken, positionOf, versionsOf } from './list-tokens.ts';
import { listText, sendJson, status, warning } from './responses.ts';
import { type AnswerShape, objectsTable } from './table.ts';

/** The kind a request names: `cached` when the cache holds it, else as a member serves it. */
export interface ResolvedKind {
  gv: string;
  /** `apiVersion/Kind`, as the store names it. */
  resource: string;
  kind: ApiResource;
  cached: boolean;
}

/** The request's kind; undefined (after a 404) when no member serves it. */
async function resolveKind(
  res: ServerResponse,
  cache: SearchCacheView,
  request: CacheRequest,
): Promise<ResolvedKind | undefined> {
  const found = cache
    .resources()
    .find((r) => r.group === request.group && r.version === request.version && r.resource === request.resource);
  const gv = request.group === '' ? request.version : `${request.group}/${request.version}`;
  const kind = found ?? (await cache.served(request.group, request.version, request.resource));
  if (!kind) {
    status(res, 404, `the search cache holds no ${request.resource} of ${gv}: no member serves such a resource`);
    return undefined;
  }
  return { gv, resource: `${gv}/${kind.kind}`, kind, cached: found !== undefined };
}

/** The store query a request asks for; a string is the reason it is a bad request. */
function storeQuery(resource: string, request: CacheRequest, params: URLSearchParams): StoreQuery | string {
  try {
    const query: StoreQuery = {
      resource,
      ...(request.namespace !== undefined ? { namespace: request.namespace } : {}),
      ...(request.name !== undefined ? { name: request.name } : {}),
    };
    const labels = params.get('labelSelector');
    if (labels) query.labels = parseLabelSelector(labels);
    const fields = params.get('fieldSelector');
    if (fields) query.fields = parseFieldSelector(fields);
    const limit = params.get('limit');
    if (limit !== null && limit !== '') {
      // As the API server reads it (strconv.ParseInt, then >= 0): digits only, no sign, exponent, blank or fraction.
      if (!/^\d{1,18}$/.test(limit)) return `limit: not a non-negative integer: ${limit.slice(0, 40)}`;
      const n = Number(limit);
      if (n > 0) query.limit = n;
    }
    const token = params.get('continue');
    if (token) {
      const after = positionOf(token);
      if (!after) return 'continue: not a token of this cache (start the list again without it)';
      query.after = after;
    }
    return query;
  } catch (error) {
    if (error instanceof SelectorError) return error.message;
    throw error;
  }
}

/** The request's kind and store query; undefined (after a 404 or 400) when it has none. */
export async function resolveQuery(
  res: ServerResponse,
  cache: SearchCacheView,
  request: CacheRequest,
  params: URLSearchParams,
): Promise<{ kind: ResolvedKind; query: StoreQuery } | undefined> {
  const kind = await resolveKind(res, cache, request);
  if (!kind) return undefined;
  const query = storeQuery(kind.resource, request, params);
  if (typeof query !== 'string') return { kind, query };
  status(res, 400, query);
  return undefined;
}

export async function list(
  res: ServerResponse,
  cache: SearchCacheView,
  request: CacheRequest,
  params: URLSearchParams,
  shape: AnswerShape = { table: false },
): Promise<void> {
  const resolved = await resolveQuery(res, cache, request, params);
  if (!resolved) return;
  const { kind, query } = resolved;
  // A kind no ResourceRegistry caches is an empty list, as Karmada answers it.
  if (!kind.cached)
    return sendJson(res, shape.table ? objectsTable(kind.kind, [], shape) : listText(kind.gv, kind.kind.kind, {}, []));
  const asked = params.get('resourceVersion') ?? '';
  const askedVersions = asked === '' || asked === '0' ? {} : versionsOf(asked);
  if (!askedVersions) return status(res, 400, `resourceVersion: not a resourceVersion of this cache: ${asked}`);
  if (params.get('resourceVersionMatch') === 'Exact')
    return status(res, 400, 'resourceVersionMatch=Exact: the search cache serves its latest state only');
  const page = await cache.store.list(query);
  const late = behind(askedVersions, page.versions);
  if (late.length > 0)
    return status(res, 504, `Too large resource version: the cache of ${late.join(', ')} has not reached it yet`, {
      'retry-after': '1',
    });
  const metadata = {
    resourceVersion: compositeVersion(page.versions),
    ...(page.next ? { continue: continueToken(page.next) } : {}),
  };
  const problems = cache.problems(kind.resource);
  if (problems.length > 0)
    res.setHeader(
      'warning',
      problems.map((p) => warning(p.message)),
    );
  if (shape.table) return sendJson(res, objectsTable(kind.kind, page.items.map(parse), shape, metadata));
  sendJson(res, listText(kind.gv, kind.kind.kind, metadata, page.items));
}

const parse = (text: string): KubeObject => JSON.parse(text) as KubeObject;

/** `deployments.apps`, as the API server names a resource in its messages. */
const qualified = (kind: ApiResource): string => (kind.group === '' ? kind.resource : `${kind.resource}.${kind.group}`);

/** One object by name, from the one member that holds it. */
export async function getObject(
  res: ServerResponse,
  cache: SearchCacheView,
  request: CacheRequest & { name: string },
  shape: AnswerShape = { table: false },
): Promise<void> {
  const kind = await resolveKind(res, cache, request);
  if (!kind) return;
  const details = { name: request.name, group: kind.kind.group, kind: kind.kind.resource };
  const { namespace, name } = request;
  const query = { resource: kind.resource, name, ...(namespace !== undefined ? { namespace } : {}) };
  const page = kind.cached ? await cache.store.list(query) : { items: [] };
  const found = page.items.map(parse);
  if (found.length === 0) return status(res, 404, `${qualified(kind.kind)} "${request.name}" not found`, {}, details);
  const clusters = found.map((o) => cachedFrom(o) ?? '');
  if (found.length > 1)
    return status(
      res,
      409,
      `Operation cannot be fulfilled on ${qualified(kind.kind)} "${request.name}": ambiguous objects in clusters [${clusters.join(', ')}]`,
      {},
      details,
    );
  const [object] = found as [KubeObject];
  const resourceVersion = compositeVersion({ [clusters[0] ?? '']: String(object.metadata.resourceVersion ?? '') });
  const answer = { ...object, metadata: { ...object.metadata, resourceVersion } };
  sendJson(res, shape.table ? objectsTable(kind.kind, [answer], shape, { resourceVersion }) : answer);
}
