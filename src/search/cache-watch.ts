/**
 * A watch through the proxy, as Karmada's proxy muxes its members' watches: one stream of
 * `{"type", "object"}` lines for every member's changes of a cached kind (the object as a
 * one-row Table when kubectl asks for Tables), filtered by namespace, name and selectors, each
 * object annotated with its member and carrying the composite resourceVersion updated with its
 * member's. Without a resourceVersion (or with `0`) the stream starts with an `ADDED` for every
 * object the cache holds, as an API server's watch does; with one it streams the changes from
 * now (the cache keeps no history to replay). It ends after `timeoutSeconds`, or 30 minutes, and
 * the client watches again, as kubectl does; a client that lets 8 MiB of events pile up unread
 * is cut off.
 */
import type { ServerResponse } from 'node:http';
import type { CacheChange, SearchCacheView, StoreQuery } from '../controllers/index.ts';
import { cachedFrom } from '../model/index.ts';
import type { KubeObject } from '../model/index.ts';
import type { CacheRequest } from './cache-path.ts';
import { resolveQuery } from './cache-list.ts';
import { compositeVersion, versionsOf } from './list-tokens.ts';
import { status } from './responses.ts';
import { type AnswerShape, objectsTable } from './table.ts';

const DEFAULT_TIMEOUT_S = 1800;
/** What a watch may hold unsent before its client counts as gone. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

/** Whether an event's object is one the watch asked for. */
export function watches(query: StoreQuery, event: Pick<CacheChange, 'resource' | 'object'>): boolean {
  const { namespace = '', name = '', labels = {} } = event.object.metadata;
  if (event.resource !== query.resource) return false;
  if (query.namespace !== undefined && namespace !== query.namespace) return false;
  if (query.name !== undefined && name !== query.name) return false;
  if (query.fields && !query.fields({ name, namespace })) return false;
  return !query.labels || query.labels(labels);
}

/** `timeoutSeconds` as the API server reads it (absent or 0: the default); a string is why it is a bad request. */
export function watchTimeout(params: URLSearchParams): number | string {
  const text = params.get('timeoutSeconds');
  if (text === null || text === '') return DEFAULT_TIMEOUT_S;
  if (!/^\d{1,9}$/.test(text)) return `timeoutSeconds: not a non-negative integer: ${text.slice(0, 40)}`;
  return Number(text) || DEFAULT_TIMEOUT_S;
}

export async function watch(
  res: ServerResponse,
  cache: SearchCacheView,
  request: CacheRequest,
  params: URLSearchParams,
  shape: AnswerShape = { table: false },
): Promise<void> {
  const resolved = await resolveQuery(res, cache, request, params);
  if (!resolved) return;
  const { kind, query } = resolved;
  const timeout = watchTimeout(params);
  if (typeof timeout === 'string') return status(res, 400, timeout);
  const asked = params.get('resourceVersion') ?? '';
  const fromNow = asked !== '' && asked !== '0';
  const versions = fromNow ? versionsOf(asked) : {};
  if (!versions) return status(res, 400, `resourceVersion: not a resourceVersion of this cache: ${asked}`);
  res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  // Sent at once, not with the first event: a client waits for them to know the watch is open.
  res.flushHeaders();
  const send = (type: CacheChange['type'], object: KubeObject, cluster: string, version: string): void => {
    if (res.writableEnded || res.destroyed) return;
    versions[cluster] = version;
    const resourceVersion = compositeVersion(versions);
    const sent = { ...object, metadata: { ...object.metadata, resourceVersion } };
    const table = shape.table ? { ...shape, now: Date.now() } : undefined;
    res.write(
      `${JSON.stringify({ type, object: table ? objectsTable(kind.kind, [sent], table, { resourceVersion }) : sent })}\n`,
    );
    // A client that stops reading would make the stream grow without end: it is cut off, as the
    // API server's cacher cuts off a blocked watcher.
    if (res.writableLength > MAX_BUFFERED_BYTES) res.destroy();
  };
  // Subscribed before the first list is read: a change meanwhile is sent twice rather than lost.
  const unsubscribe = cache.subscribe((event) => {
    if (event.type !== 'RELISTED') {
      if (watches(query, event)) send(event.type, event.object, event.cluster, event.resourceVersion);
    } else if (event.resource === query.resource && (!query.clusters || query.clusters.has(event.cluster))) {
      expire(res, event.cluster);
    }
  });
  const timer = setTimeout(() => res.end(), timeout * 1000);
  res.on('close', () => {
    clearTimeout(timer);
    unsubscribe();
  });
  if (fromNow || !kind.cached) return;
  const { limit: _all, after: _start, ...everything } = query;
  const page = await cache.store.list(everything);
  for (const text of page.items) {
    const object = JSON.parse(text) as KubeObject;
    const cluster = cachedFrom(object) ?? '';
    send('ADDED', object, cluster, page.versions[cluster] ?? '');
  }
}

/**
 * Ends a watch whose member was listed anew: the changes in between are not known one by one, so
 * the watch ends as the API server ends one it cannot continue, with a 410 Expired ERROR event;
 * client-go lists and watches again on it, and kubectl says the watch expired.
 */
function expire(res: ServerResponse, cluster: string): void {
  if (res.writableEnded || res.destroyed) return;
  const object = {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: `the search cache listed ${cluster} again: list and watch again`,
    reason: 'Expired',
    code: 410,
  };
  res.end(`${JSON.stringify({ type: 'ERROR', object })}\n`);
}
