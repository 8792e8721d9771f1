import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_FLEET_CONFIG } from '../../model/index.ts';
import { createListener, listenHttp, type TlsFiles } from './http-listener.ts';
import { pushMatters } from './watched-branch.ts';
import { verifyWebhook } from './webhook-verify.ts';
import type { WebhookVerdict } from './webhook-verify.ts';

/** The webhook endpoint's settings. */
export interface WebhookServerOptions {
  /** `--webhook-addr`: `HOST:PORT` (port 0 picks a free one). */
  address: string;
  /** `--webhook-secret` / `FLOTILLA_WEBHOOK_SECRET`: GitHub's HMAC key, GitLab's token. */
  secret: string;
  /** `--webhook-tls-cert-file` and `--webhook-tls-key-file`: served over TLS; absent, plain HTTP (behind a TLS proxy). */
  tls?: TlsFiles | undefined;
  /** The source ref, to ignore pushes to other branches. */
  ref: string;
  /**
   * The status branch, asked per request because flotilla.yaml can rename it: pushes to it are
   * ignored (the engine writes it). @default flotilla.yaml's default, `status`
   */
  statusBranch: () => string;
  /** Larger bodies are refused (413). @default 5 MiB (GitHub caps payloads at 25 MB; pushes are far smaller) */
  maxBodyBytes: number;
  /**
   * A request whose headers and body have not all arrived by then is cut off (408): a client that
   * trickles its body would otherwise hold a connection for ever. @default 10 s (a push
   * payload arrives in milliseconds)
   */
  bodyTimeoutMs: number;
  /** Connections open at once; more are refused by the server. @default 64 */
  maxConnections: number;
  /** A push that matters was accepted: fetch and run a pass. */
  onPush: (verdict: Extract<WebhookVerdict, { kind: 'push' }>) => void;
  /** Every request's outcome, for logs. */
  onRequest?: (
    status: number,
    verdict: WebhookVerdict | { kind: 'too-large' | 'too-slow' | 'ignored-ref'; ref?: string },
  ) => void;
}

/** The defaults of {@link WebhookServerOptions}. */
type Defaulted = 'statusBranch' | 'maxBodyBytes' | 'bodyTimeoutMs' | 'maxConnections';

export const DEFAULT_WEBHOOK_SERVER_OPTIONS: Readonly<Pick<WebhookServerOptions, Defaulted>> = Object.freeze({
  statusBranch: () => DEFAULT_FLEET_CONFIG.statusBranch,
  maxBodyBytes: 5 * 1024 * 1024,
  bodyTimeoutMs: 10_000,
  maxConnections: 64,
});

/** A listening webhook server. */
export interface WebhookServer {
  /** `http://HOST:PORT`, or `https://` with TLS. */
  url: string;
  close(): Promise<void>;
}

/** The body, or why there is none: over the size limit, or not all there in time. */
function readBody(req: IncomingMessage, limit: number, timeoutMs: number): Promise<Buffer | 'too-large' | 'too-slow'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => resolve('too-slow'), timeoutMs);
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => {
      clearTimeout(timer);
      resolve(size > limit ? 'too-large' : Buffer.concat(chunks));
    });
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

async function handle(options: WebhookServerOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const reply = (status: number, text: string): void =>
    void res.writeHead(status, { 'content-type': 'text/plain' }).end(`${text}\n`);
  if (req.method !== 'POST') return reply(405, 'POST only');
  const body = await readBody(req, options.maxBodyBytes, options.bodyTimeoutMs);
  if (body === 'too-slow') {
    options.onRequest?.(408, { kind: 'too-slow' });
    res.setHeader('connection', 'close');
    res.on('finish', () => req.destroy());
    return reply(408, 'request body too slow');
  }
  if (body === 'too-large') {
    options.onRequest?.(413, { kind: 'too-large' });
    return reply(413, 'payload too large');
  }
  const verdict = verifyWebhook(req.headers, body, options.secret);
  const status = { push: 202, ping: 200, 'other-event': 202, unauthorized: 401, 'bad-request': 400 }[verdict.kind];
  if (verdict.kind === 'push' && !pushMatters(verdict.ref, options.ref, options.statusBranch())) {
    options.onRequest?.(202, { kind: 'ignored-ref', ref: verdict.ref });
    return reply(202, `ignored: ${verdict.ref}`);
  }
  options.onRequest?.(status, verdict);
  if (verdict.kind === 'push') options.onPush(verdict);
  reply(status, verdict.kind === 'unauthorized' || verdict.kind === 'bad-request' ? verdict.reason : verdict.kind);
}

/** Starts the webhook endpoint (any path; POST only). */
export async function startWebhookServer(
  options: Partial<WebhookServerOptions> & Omit<WebhookServerOptions, Defaulted>,
): Promise<WebhookServer> {
  const full: WebhookServerOptions = { ...DEFAULT_WEBHOOK_SERVER_OPTIONS, ...options };
  // Node's own timers cut off headers that trickle in; the whole request's is only a backstop
  // behind the body timer, which answers (and reports) first.
  const timeouts = {
    headersTimeout: full.bodyTimeoutMs,
    requestTimeout: 2 * full.bodyTimeoutMs,
    connectionsCheckingInterval: Math.min(1000, full.bodyTimeoutMs),
  };
  const server = createListener({ ...timeouts, tls: full.tls }, (req, res) => {
    handle(full, req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  server.maxConnections = full.maxConnections;
  return listenHttp(server, full.address);
}
