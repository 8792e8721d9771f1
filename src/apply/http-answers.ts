/**
 * What the client makes of an API server's answers: a body read to its end, the Status it carries,
 * and whether a failure is worth another try (429, 5xx and transport failures, after the server's
 * Retry-After when it gave one).
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { ClusterUnreachableError } from './errors/index.ts';
import type { RetryVerdict } from './retry.ts';

/** A response read to its end. */
export interface Response {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** An HTTP status worth another try, with the server's Retry-After when it gave one. */
export class RetryableStatus extends Error {
  readonly response: Response;
  constructor(response: Response) {
    super(`HTTP ${response.status}`);
    this.response = response;
  }
}

export const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);

export function classify(error: unknown): RetryVerdict {
  if (error instanceof RetryableStatus) {
    const after = Number(error.response.headers['retry-after']);
    return { retry: true, ...(Number.isFinite(after) ? { afterMs: after * 1000 } : {}) };
  }
  return { retry: error instanceof ClusterUnreachableError };
}

export function statusOf(body: string): { reason: string; message: string } {
  try {
    const status = JSON.parse(body) as { reason?: string; message?: string };
    return { reason: status.reason ?? 'Unknown', message: status.message ?? body };
  } catch {
    return { reason: 'Unknown', message: body.slice(0, 500) };
  }
}

/** Reads a response to its end. */
export function bodyOf(res: IncomingMessage): Promise<Response> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () =>
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
    );
    res.on('error', reject);
  });
}
