/**
 * `--metrics-addr`: `/metrics` (Prometheus text), `/healthz` (the process answers) and `/readyz`
 * (the first pass has run and the loop is not stopping), on node:http or, with a certificate, node:https.
 */
import type { Registry } from 'prom-client';
import { createListener, listenHttp, type TlsFiles } from '../source/index.ts';

/** What the endpoints read. */
export interface HealthServerOptions {
  /** `HOST:PORT`; port 0 picks a free one. */
  address: string;
  /** `--metrics-tls-cert-file` and `--metrics-tls-key-file`: served over TLS; absent, plain HTTP. */
  tls?: TlsFiles | undefined;
  registry: Registry;
  /** Whether the reconciler is ready (the first pass is done, not stopping). */
  ready: () => boolean;
}

/** A listening metrics and health server. */
export interface HealthServer {
  url: string;
  close(): Promise<void>;
}

/** Starts the server. */
export async function startHealthServer(options: HealthServerOptions): Promise<HealthServer> {
  const server = createListener({ tls: options.tls }, (req, res) => {
    // A request target that URL cannot parse (`http://[`) must not throw out of the listener: that ends `run`.
    const path = URL.parse(req.url ?? '/', 'http://x')?.pathname;
    if (path === '/metrics') {
      options.registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': options.registry.contentType }).end(text),
        (error: unknown) => res.writeHead(500).end(String(error)),
      );
    } else if (path === '/healthz') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok\n');
    } else if (path === '/readyz') {
      const ready = options.ready();
      res.writeHead(ready ? 200 : 503, { 'content-type': 'text/plain' }).end(ready ? 'ok\n' : 'not ready\n');
    } else {
      res.writeHead(404).end();
    }
  });
  return listenHttp(server, options.address);
}
