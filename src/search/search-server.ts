/**
 * `run --search-addr`: the search cache over HTTP, in Karmada's path shape (cache-path.ts), behind
 * a bearer token compared in constant time (the token is never logged or echoed). GET only:
 * the prefix answers the resources the cache holds (an APIResourceList whose entries carry their
 * group and version, for `flotilla get --from` to resolve a type); a member API path under it
 * answers a `<Kind>List` of every member's objects with list semantics — `labelSelector`,
 * `fieldSelector` (name and namespace), `limit` and `continue`, a composite `resourceVersion` —
 * and one `Warning` header per member whose copy is not in sync; a kind members serve that no
 * ResourceRegistry caches is an empty list, as in Karmada. `/healthz` answers without a
 * token, for probes. Errors are `v1 Status` documents, as kubectl expects.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { SearchCacheView, StoreQuery } from '../controllers/index.ts';
import { parseFieldSelector, parseLabelSelector, SelectorError } from '../controllers/index.ts';
import { listenHttp, safeEqual } from '../source/index.ts';
import { parseCachePath } from './cache-path.ts';
import type { CacheRequest } from './cache-path.ts';
import { behind, compositeVersion, continueToken, positionOf, versionsOf } from './list-tokens.ts';

export interface SearchServerOptions {
  /** `HOST:PORT`; port 0 picks a free one. */
  address: string;
  /** The bearer token every request but `/healthz` must carry. */
  token: string;
  cache: SearchCacheView;
  /** Open connections at most; more are refused at once, as the webhook does. @default 128 */
  maxConnections?: number;
  /** How long a request's headers may take to arrive; a slow client is cut off. @default 10_000 */
  headersTimeoutMs?: number;
}

export interface SearchServer {
  url: string;
  close(): Promise<void>;
}

const REASONS: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  500: 'InternalError',
  504: 'Timeout',
};

function status(res: ServerResponse, code: number, message: string, headers: Record<string, string> = {}): void {
  const body = {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason: REASONS[code],
    code,
  };
  res.writeHead(code, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

/** An HTTP warning (`299 - "text"`), one line, quotes escaped. */
const warning = (text: string): string => `299 - "${text.replace(/[\r\n]+/g, ' ').replace(/["\\]/g, '\\$&')}"`;

/** The store query a list request asks for; a string is the reason it is a bad request. */
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

async function list(
  res: ServerResponse,
  cache: SearchCacheView,
  request: CacheRequest,
  params: URLSearchParams,
): Promise<void> {
  if (params.get('watch') === '1' || params.get('watch') === 'true')
    return status(res, 405, 'the search cache serves lists, not watches');
  const found = cache
    .resources()
    .find((r) => r.group === request.group && r.version === request.version && r.resource === request.resource);
  const gv = request.group === '' ? request.version : `${request.group}/${request.version}`;
  const kind = found ?? (await cache.served(request.group, request.version, request.resource));
  if (!kind)
    return status(res, 404, `the search cache holds no ${request.resource} of ${gv}: no member serves such a resource`);
  const resource = `${gv}/${kind.kind}`;
  const query = storeQuery(resource, request, params);
  if (typeof query === 'string') return status(res, 400, query);
  // A kind no ResourceRegistry caches is an empty list, as Karmada answers it.
  if (!found)
    return void res.writeHead(200, { 'content-type': 'application/json' }).end(listText(gv, kind.kind, {}, []));
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
  const problems = cache.problems(resource);
  res.setHeader('content-type', 'application/json');
  if (problems.length > 0)
    res.setHeader(
      'warning',
      problems.map((p) => warning(p.message)),
    );
  res.writeHead(200).end(listText(gv, found.kind, metadata, page.items));
}

/** A `<Kind>List` of items already in JSON text. */
function listText(gv: string, kind: string, metadata: object, items: readonly string[]): string {
  return `{"apiVersion":${JSON.stringify(gv)},"kind":${JSON.stringify(`${kind}List`)},"metadata":${JSON.stringify(metadata)},"items":[${items.join(',')}]}`;
}

function resources(res: ServerResponse, cache: SearchCacheView): void {
  const entries = cache.resources().map((r) => ({
    name: r.resource,
    ...(r.singular ? { singularName: r.singular } : {}),
    namespaced: r.namespaced,
    group: r.group,
    version: r.version,
    kind: r.kind,
    verbs: ['get', 'list'],
    ...(r.shortNames?.length ? { shortNames: r.shortNames } : {}),
  }));
  const body = {
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: 'search.karmada.io/v1alpha1',
    resources: entries,
  };
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function authorized(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
  return safeEqual(given, token) && given !== '';
}

/** Starts the server. */
export async function startSearchServer(options: SearchServerOptions): Promise<SearchServer> {
  // The port takes unauthenticated connections: without a cap and a header deadline, slow ones
  // would use up the process's file descriptors, which git and the members' connections need too.
  const headersTimeout = options.headersTimeoutMs ?? 10_000;
  const timeouts = {
    headersTimeout,
    requestTimeout: 2 * headersTimeout,
    connectionsCheckingInterval: 1000,
  };
  const served = new WeakSet<Socket>();
  const server = createServer(timeouts, (req, res) => {
    served.add(req.socket);
    // A request target that URL cannot parse (`http://[`) must not throw out of the listener: that ends `run`.
    const url = URL.parse(req.url ?? '/', 'http://x');
    if (!url) return status(res, 400, 'not a valid request target');
    if (url.pathname === '/healthz') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('ok\n');
    if (!authorized(req, options.token))
      return status(res, 401, 'Unauthorized: a bearer token is needed (Authorization: Bearer <token>)', {
        'www-authenticate': 'Bearer',
      });
    if (req.method !== 'GET') return status(res, 405, `${req.method} is not served: the search cache is read-only`);
    const path = parseCachePath(url.pathname);
    if (path === undefined) return status(res, 404, `no such path: ${url.pathname}`);
    if (path.kind === 'invalid') return status(res, 404, path.reason);
    if (path.kind === 'resources') return resources(res, options.cache);
    list(res, options.cache, path.request, url.searchParams).catch((error: unknown) => status(res, 500, String(error)));
  });
  server.maxConnections = options.maxConnections ?? 128;
  // Node's header deadline starts with the first byte: a connection that sends nothing is cut off here.
  server.on('connection', (socket: Socket) => {
    const timer = setTimeout(() => served.has(socket) || socket.destroy(), headersTimeout);
    socket.once('close', () => clearTimeout(timer));
  });
  return listenHttp(server, options.address);
}
