/**
 * The HTTP listeners of `run`, `agent` and `ui` (the webhook, metrics and health, the search
 * cache, the web view): one way to parse `HOST:PORT`, to serve plain HTTP or TLS from a PEM
 * certificate and key, and to listen and close. A client that opens a TLS connection and never
 * finishes the handshake is cut off when its headers would be.
 */
import { createServer as createHttpServer } from 'node:http';
import type { RequestListener, Server as HttpServer } from 'node:http';
import { createServer as createHttpsServer, Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

/** A PEM certificate (chain) and its key, as read from `--*-tls-cert-file` and `--*-tls-key-file`. */
export interface TlsFiles {
  cert: Buffer;
  key: Buffer;
}

/** Node's request deadlines and, when given, TLS. */
export interface ListenerOptions {
  tls?: TlsFiles | undefined;
  headersTimeout?: number;
  requestTimeout?: number;
  connectionsCheckingInterval?: number;
}

export type Listener = HttpServer | HttpsServer;

/** A server for `handler`: HTTPS with `options.tls`, HTTP without. */
export function createListener(options: ListenerOptions, handler: RequestListener): Listener {
  const { tls, ...timeouts } = options;
  if (!tls) return createHttpServer(timeouts, handler);
  const handshakeTimeout = timeouts.headersTimeout ?? 120_000;
  return createHttpsServer({ ...timeouts, cert: tls.cert, key: tls.key, handshakeTimeout }, handler);
}

/** The event a server emits with the socket its requests arrive on (for TLS, the decrypted one). */
export const connectionEvent = (server: Listener): 'connection' | 'secureConnection' =>
  server instanceof HttpsServer ? 'secureConnection' : 'connection';

/** `HOST:PORT`, `:PORT` or `PORT` into its parts (IPv6 hosts in brackets). */
export function parseAddress(address: string): { host: string; port: number } {
  const match = /^(?:\[?([^\]]*?)\]?:)?(\d+)$/.exec(address.trim());
  if (!match) throw new Error(`invalid address ${JSON.stringify(address)}: expected HOST:PORT`);
  return { host: match[1] === undefined || match[1] === '' ? '0.0.0.0' : match[1], port: Number(match[2]) };
}

/** Listens on `address` (`HOST:PORT`); the URL it is bound to (https when TLS), and a close that drops open connections. */
export async function listenHttp(server: Listener, address: string): Promise<{ url: string; close(): Promise<void> }> {
  const { host, port } = parseAddress(address);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const bound = server.address() as AddressInfo;
  const scheme = server instanceof HttpsServer ? 'https' : 'http';
  return {
    url: `${scheme}://${bound.family === 'IPv6' ? `[${bound.address}]` : bound.address}:${bound.port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
