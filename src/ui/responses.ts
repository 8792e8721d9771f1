/**
 * Every response of the view: the security headers on all of them, JSON compressed when the
 * browser accepts it, and a last scrub of Secret values over every JSON body, behind the masking
 * each view already does (README.md#flotilla-ui).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { KubeObject } from '../model/index.ts';
import { scrubSecretValues } from '../model/index.ts';

/** No inline script or style, nothing from another origin, no framing. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
});

const accepts = (req: IncomingMessage, encoding: string): boolean =>
  String(req.headers['accept-encoding'] ?? '')
    .split(',')
    .some((e) => e.trim().split(';')[0] === encoding);

/** Sends `body`, gzipped when the browser takes it and it is worth it; HEAD gets the headers only. */
export function send(
  req: IncomingMessage,
  res: ServerResponse,
  code: number,
  type: string,
  body: Buffer,
  headers: Record<string, string> = {},
): void {
  const gzip = body.length > 1024 && accepts(req, 'gzip');
  const payload = gzip ? gzipSync(body) : body;
  res.writeHead(code, {
    ...SECURITY_HEADERS,
    'content-type': type,
    'content-length': String(payload.length),
    vary: 'accept-encoding',
    ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    ...headers,
  });
  res.end(req.method === 'HEAD' ? undefined : payload);
}

/** A JSON body with every value of the fleet's Secrets masked, whatever view built it. */
export function sendJson(
  req: IncomingMessage,
  res: ServerResponse,
  code: number,
  value: unknown,
  secrets: readonly KubeObject[],
  headers: Record<string, string> = {},
): void {
  const text = scrubSecretValues(JSON.stringify(value), ...secrets);
  send(req, res, code, 'application/json; charset=utf-8', Buffer.from(text), {
    'cache-control': 'no-store',
    ...headers,
  });
}

/** An error as JSON: `{ error }`, the message only. */
export function sendError(req: IncomingMessage, res: ServerResponse, code: number, message: string): void {
  sendJson(req, res, code, { error: message }, [], code === 405 ? { allow: 'GET, HEAD' } : {});
}
