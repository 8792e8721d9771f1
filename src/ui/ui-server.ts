/**
 * The web view's server (README.md#flotilla-ui): GET and HEAD only, the page and its bundle,
 * the views' JSON, and `/api/events`, a server-sent event stream that tells open pages each new
 * version so they refresh without a reload. Loopback by default; elsewhere a token and TLS
 * (exposure.ts), and on loopback without a token the Host header must be loopback too, so a page
 * of another site cannot read the view through DNS rebinding.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createListener, listenHttp } from '../source/index.ts';
import { access } from './access.ts';
import { answerApi, firstViewBody } from './api.ts';
import { type Exposure, isLoopback } from './exposure.ts';
import { send, sendError, SECURITY_HEADERS } from './responses.ts';
import { type Asset, loadAssets } from './static-assets.ts';
import type { UiSource } from './ui-source.ts';

export interface UiServer {
  url: string;
  close(): Promise<void>;
}

const HEARTBEAT_MS = 15_000;

function hostIsLoopback(req: IncomingMessage): boolean {
  const host = req.headers.host ?? '';
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
  return isLoopback(name);
}

/** `/api/events`: the current version at once, then each new one, and a comment now and then to keep proxies open. */
function events(req: IncomingMessage, res: ServerResponse, source: UiSource): void {
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
  });
  if (req.method === 'HEAD') return void res.end();
  const version = (v: string) => res.write(`event: version\ndata: ${JSON.stringify(v)}\n\n`);
  const current = source.current();
  if (current) version(current.version);
  const unsubscribe = source.subscribe((state) => version(state.version));
  const heartbeat = setInterval(() => res.write(': alive\n\n'), HEARTBEAT_MS);
  req.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
  });
}

async function route(
  req: IncomingMessage,
  res: ServerResponse,
  exposure: Exposure,
  source: UiSource,
  assets: Map<string, Asset>,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(req, res, 405, 'the view is read-only');
  if (exposure.loopback && exposure.token === undefined && !hostIsLoopback(req))
    return sendError(req, res, 403, 'Host is not a loopback name');
  const url = new URL(req.url ?? '/', 'http://ui.invalid');
  if (url.pathname === '/healthz') return send(req, res, 200, 'text/plain; charset=utf-8', Buffer.from('ok\n'));
  const asset = url.pathname.startsWith('/assets/') ? assets.get(url.pathname.slice('/assets/'.length)) : undefined;
  if (asset) return send(req, res, 200, asset.type, asset.body, { 'cache-control': 'no-cache' });
  if (!url.pathname.startsWith('/api/')) {
    const page = assets.get('index.html')!;
    return send(req, res, 200, page.type, page.body, { 'cache-control': 'no-cache' });
  }
  const check = access(exposure.token, exposure.tls !== undefined);
  if (url.pathname === '/api/session') {
    if (!check.bearer(req)) return sendError(req, res, 401, 'wrong token');
    res.writeHead(204, { ...SECURITY_HEADERS, 'set-cookie': check.sessionCookie(), 'cache-control': 'no-store' });
    return void res.end();
  }
  if (!check.allowed(req)) return sendError(req, res, 401, 'a token is needed');
  if (url.pathname === '/api/events') return events(req, res, source);
  if (!(await answerApi(req, res, url, source))) sendError(req, res, 404, `no such endpoint: ${url.pathname}`);
}

/** Starts the server on the exposure's address (port 0: a free one). */
export async function startUiServer(exposure: Exposure, source: UiSource): Promise<UiServer> {
  const assets = await loadAssets();
  // Each new state's first page is made as the state arrives, before the pages it is pushed to ask.
  const current = source.current();
  if (current) firstViewBody(current);
  const unsubscribe = source.subscribe((state) => firstViewBody(state));
  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    route(req, res, exposure, source, assets).catch((error: unknown) => {
      if (!res.headersSent) sendError(req, res, 500, (error as Error).message);
      else res.destroy();
    });
  };
  const server = createListener({ tls: exposure.tls }, handler);
  const host = exposure.host.includes(':') ? `[${exposure.host}]` : exposure.host;
  const listening = await listenHttp(server, `${host}:${exposure.port}`);
  return {
    url: listening.url,
    close: () => {
      unsubscribe();
      return listening.close();
    },
  };
}
