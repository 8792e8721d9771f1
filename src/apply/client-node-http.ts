/**
 * The HTTP pieces of the client-node adapter (client-node-kube-client.ts): the request and
 * response it sends and reads, which statuses and failures are worth a retry, query parameters,
 * the API server's Status in an error body, and the keep-alive agent with the kubeconfig's
 * credentials.
 */
import { Agent as HttpAgent } from 'node:http';
import type { IncomingHttpHeaders, RequestOptions } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { KubeConfig } from '@kubernetes/client-node';
import type { ObjectRef } from '../model/index.ts';
import { ClusterUnreachableError } from './errors/index.ts';
import type { ListQuery } from './kube-client.ts';
import type { RetryVerdict } from './retry.ts';

export interface Response {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}
export interface Send {
  method: string;
  path: string;
  body?: string;
  contentType?: string;
  accept?: string;
  ref?: ObjectRef;
}

/** An HTTP status worth another try, with the server's Retry-After when it gave one. */
export class RetryableStatus extends Error {
  readonly response: Response;
  constructor(response: Response) {
    super(`HTTP ${response.status}`);
    this.response = response;
  }
}

/**
 * A request that got no answer at all within the request timeout. Not retried: a member that accepts connections and
 * never answers would otherwise hold each request for (retries + 1) timeouts, and the pass for `--member-timeout`.
 */
export class RequestSilentError extends Error {}

export const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);

export function classify(error: unknown): RetryVerdict {
  if (error instanceof RetryableStatus) {
    const after = Number(error.response.headers['retry-after']);
    return { retry: true, ...(Number.isFinite(after) ? { afterMs: after * 1000 } : {}) };
  }
  return { retry: error instanceof ClusterUnreachableError && !(error.cause instanceof RequestSilentError) };
}

/** A list's or a watch's query parameters: `extra`, then the selectors. */
export function selectorParams(query: ListQuery, extra: Record<string, string>): URLSearchParams {
  const params = new URLSearchParams(extra);
  if (query.labelSelector) params.set('labelSelector', query.labelSelector);
  if (query.fieldSelector) params.set('fieldSelector', query.fieldSelector);
  return params;
}

export function statusOf(body: string): { reason: string; message: string } {
  try {
    const status = JSON.parse(body) as { reason?: string; message?: string };
    return { reason: status.reason ?? 'Unknown', message: status.message ?? body };
  } catch {
    return { reason: 'Unknown', message: body.slice(0, 500) };
  }
}

/** Request options carrying the kubeconfig's credentials, over one keep-alive agent for the cluster. */
export async function authRequestOptions(kc: KubeConfig, server: URL, maxSockets: number): Promise<RequestOptions> {
  const opts: RequestOptions & {
    ca?: unknown;
    cert?: unknown;
    key?: unknown;
    rejectUnauthorized?: boolean;
    servername?: string;
  } = {};
  await kc.applyToHTTPSOptions(opts);
  const { ca, cert, key, rejectUnauthorized, servername } = opts;
  const agentOptions = { keepAlive: true, maxSockets, ca, cert, key, rejectUnauthorized, servername };
  const agent =
    server.protocol === 'https:'
      ? new HttpsAgent(agentOptions as ConstructorParameters<typeof HttpsAgent>[0])
      : new HttpAgent(agentOptions);
  return { headers: opts.headers ?? {}, auth: opts.auth ?? null, agent };
}
