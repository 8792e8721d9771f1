/**
 * `run --search-addr`: the search cache over HTTP or, with a certificate, HTTPS (kubectl sends a
 * bearer token only over TLS), behind a bearer token compared in constant time (the token is
 * never logged or echoed). GET only, on two path shapes of Karmada's. The cache's
 * (`…/search/cache`, cache-path.ts): the prefix answers the resources the cache holds (an
 * APIResourceList whose entries carry their group and version, for `flotilla get --from` to
 * resolve a type); a member API path under it answers a `<Kind>List` of every member's objects
 * (cache-list.ts); a kind members serve that no ResourceRegistry caches is an empty list, as in
 * Karmada. The proxy's (`…/proxying/karmada/proxy`, proxy-handler.ts), which kubectl can use as
 * its server: discovery, lists, objects and watches. `/healthz` answers without a token, for
 * probes. Errors are `v1 Status` documents, as kubectl expects.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { SearchCacheView } from '../controllers/index.ts';
import { connectionEvent, createListener, listenHttp, safeEqual } from '../source/index.ts';
import type { TlsFiles } from '../source/index.ts';
import { list } from './cache-list.ts';
import { parseCachePath } from './cache-path.ts';
import { answerProxy } from './proxy-handler.ts';
import { parseProxyPath } from './proxy-path.ts';
import { status } from './responses.ts';

export interface SearchServerOptions {
  /** `HOST:PORT`; port 0 picks a free one. */
  address: string;
  /** The bearer token every request but `/healthz` must carry. */
  token: string;
  /** `--search-tls-cert-file` and `--search-tls-key-file`; absent, plain HTTP. */
  tls?: TlsFiles | undefined;
  cache: SearchCacheView;
  /** Open connections at most; more are refused at once, as the webhook does. @default 128 */
  maxConnections?: number;
  /** How long a request's headers (and a TLS handshake) may take to arrive; a slow client is cut off. @default 10_000 */
  headersTimeoutMs?: number;
}

export interface SearchServer {
  url: string;
  close(): Promise<void>;
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
  const server = createListener({ ...timeouts, tls: options.tls }, (req, res) => {
    served.add(req.socket);
    const fail = (error: unknown): void => {
      if (!res.headersSent) status(res, 500, String(error));
      else res.destroy();
    };
    // A request target that URL cannot parse (`http://[`) must not throw out of the listener: that ends `run`.
    const url = URL.parse(req.url ?? '/', 'http://x');
    if (!url) return status(res, 400, 'not a valid request target');
    if (url.pathname === '/healthz') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('ok\n');
    if (!authorized(req, options.token))
      return status(res, 401, 'Unauthorized: a bearer token is needed (Authorization: Bearer <token>)', {
        'www-authenticate': 'Bearer',
      });
    if (req.method !== 'GET') return status(res, 405, `${req.method} is not served: the search cache is read-only`);
    const proxied = parseProxyPath(url.pathname);
    if (proxied) return void answerProxy(res, options.cache, proxied, url.searchParams, req.headers.accept).catch(fail);
    const path = parseCachePath(url.pathname);
    if (path === undefined) return status(res, 404, `no such path: ${url.pathname}`);
    if (path.kind === 'invalid') return status(res, 404, path.reason);
    if (path.kind === 'resources') return resources(res, options.cache);
    const watching = ['1', 'true'].includes(url.searchParams.get('watch') ?? '');
    if (watching) return status(res, 405, 'the search cache serves lists, not watches (the proxy path serves watches)');
    list(res, options.cache, path.request, url.searchParams).catch(fail);
  });
  server.maxConnections = options.maxConnections ?? 128;
  // Node's header deadline starts with the first byte: a connection that sends nothing is cut off here.
  server.on(connectionEvent(server), (socket: Socket) => {
    const timer = setTimeout(() => served.has(socket) || socket.destroy(), headersTimeout);
    socket.once('close', () => clearTimeout(timer));
  });
  return listenHttp(server, options.address);
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
