/**
 * `flotilla get --from URL`: the search cache of a `flotilla run` instead of the members, with a
 * bearer token and no member credentials. The type is resolved against the resources the cache
 * serves (its resource list), the list is read page by page, each object's member comes from
 * Karmada's cached-from-cluster annotation, and each member whose cache is not in sync comes back
 * as a failure (the server says so in a `Warning` header, as an API server warns kubectl).
 */
import { cachedFrom, isRecord, SEARCH_CACHE_PATH } from '../model/index.ts';
import type { KubeObject } from '../model/index.ts';
import type { ApiResource } from '../apply/index.ts';
import { qualifiedResource, resolveType, resourcePath } from '../apply/index.ts';
import { SearchCacheError, UnknownTypeError } from './errors/index.ts';
import type { GetFailure, GetItem, GetOutcome, GetRequest } from './get-outcome.ts';

/** Where the cache is and how to prove who asks. */
export interface CacheSource {
  /** The `run --search-addr` server, e.g. `http://flotilla.example:8443`. */
  url: string;
  token: string;
  /** Time limit of each request. @default 30000 */
  timeoutMs?: number;
  /** Time limit of the whole listing, every page: a server that never stops answering `continue` is given up. @default 300000 */
  deadlineMs?: number;
  /** Pages read at most (of 500 objects each). @default 2000 */
  maxPages?: number;
}

/** The defaults of the listing's bounds. */
const DEFAULT_DEADLINE_MS = 300_000;
const DEFAULT_MAX_PAGES = 2000;

/** The cache's resource list: an APIResourceList whose entries name their group and version. */
function resourcesOf(doc: unknown): ApiResource[] {
  const entries = isRecord(doc) && Array.isArray(doc['resources']) ? doc['resources'].filter(isRecord) : [];
  return entries.map((r) => ({
    group: String(r['group'] ?? ''),
    version: String(r['version'] ?? ''),
    kind: String(r['kind'] ?? ''),
    resource: String(r['name'] ?? ''),
    namespaced: r['namespaced'] === true,
    verbs: Array.isArray(r['verbs']) ? r['verbs'].map(String) : [],
    ...(typeof r['singularName'] === 'string' ? { singular: r['singularName'] } : {}),
    ...(Array.isArray(r['shortNames']) ? { shortNames: r['shortNames'].map(String) } : {}),
  }));
}

/** The member failures a response's Warning headers carry (`299 - "cluster member3: …"`). */
export function warningFailures(header: string | null): GetFailure[] {
  const out: GetFailure[] = [];
  for (const match of (header ?? '').matchAll(/299 \S+ "((?:[^"\\]|\\.)*)"/g)) {
    const text = (match[1] ?? '').replace(/\\(.)/g, '$1');
    const cluster = /^cluster ([^:\s]+):/.exec(text)?.[1];
    if (cluster) out.push({ cluster, message: text });
  }
  return out;
}

async function fetchJson(
  source: CacheSource,
  path: string,
  deadline?: AbortSignal,
): Promise<{ doc: unknown; warnings: GetFailure[] }> {
  const url = new URL(path, source.url);
  const timeout = AbortSignal.timeout(source.timeoutMs ?? 30_000);
  const signal = deadline ? AbortSignal.any([timeout, deadline]) : timeout;
  let response: Response;
  let body: string;
  try {
    response = await fetch(url, {
      headers: { Authorization: `Bearer ${source.token}`, Accept: 'application/json' },
      signal,
    });
    body = await response.text();
  } catch (error) {
    if (deadline?.aborted)
      throw new SearchCacheError(
        url.origin,
        `no complete list within ${(source.deadlineMs ?? DEFAULT_DEADLINE_MS) / 1000} s`,
      );
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new SearchCacheError(url.origin, cause);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch {
    doc = undefined;
  }
  if (!response.ok) {
    const message = isRecord(doc) && typeof doc['message'] === 'string' ? doc['message'] : body.slice(0, 300);
    throw new SearchCacheError(url.origin, message, response.status);
  }
  return { doc, warnings: warningFailures(response.headers.get('warning')) };
}

/** Reads the request from the cache; `clusters` keeps only the objects of those members. */
export async function getFromCache(
  source: CacheSource,
  request: GetRequest,
  clusters?: readonly string[],
): Promise<GetOutcome> {
  const served = resourcesOf((await fetchJson(source, SEARCH_CACHE_PATH)).doc);
  const resource = resolveType(request.type, served);
  if (!resource)
    throw new UnknownTypeError(request.type, {
      cache: new URL(source.url).origin,
      served: served.map(qualifiedResource),
    });
  const path = `${SEARCH_CACHE_PATH}${resourcePath(resource, resource.namespaced ? request.namespace : undefined, request.name)}`;
  const keep = (cluster: string): boolean => clusters === undefined || clusters.includes(cluster);
  const items: GetItem[] = [];
  const failures = new Map<string, GetFailure>();
  const deadline = AbortSignal.timeout(source.deadlineMs ?? DEFAULT_DEADLINE_MS);
  const maxPages = source.maxPages ?? DEFAULT_MAX_PAGES;
  let token = '';
  let pages = 0;
  do {
    if (++pages > maxPages)
      throw new SearchCacheError(
        new URL(source.url).origin,
        `more than ${maxPages} pages: the server keeps answering continue (${items.length} objects read)`,
      );
    const params = new URLSearchParams({ limit: '500' });
    if (request.labelSelector) params.set('labelSelector', request.labelSelector);
    if (request.fieldSelector) params.set('fieldSelector', request.fieldSelector);
    if (token) params.set('continue', token);
    const { doc, warnings } = await fetchJson(source, `${path}?${params}`, deadline);
    for (const w of warnings) if (keep(w.cluster)) failures.set(w.cluster, w);
    const page = isRecord(doc) && Array.isArray(doc['items']) ? (doc['items'] as KubeObject[]) : [];
    for (const object of page) {
      const cluster = cachedFrom(object) ?? '';
      if (keep(cluster)) items.push({ cluster, object });
    }
    const meta = isRecord(doc) && isRecord(doc['metadata']) ? doc['metadata'] : {};
    token = typeof meta['continue'] === 'string' ? meta['continue'] : '';
  } while (token);
  return { resource, items, failures: [...failures.values()] };
}
