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

/**
 * Bodies sent more than once (the assets, a state's first fleet page) and their gzip, made once:
 * an entry lives as long as its body.
 */
const gzipped = new WeakMap<Buffer, Buffer>();

function gzipOf(body: Buffer): Buffer {
  let zipped = gzipped.get(body);
  if (zipped === undefined) {
    zipped = gzipSync(body);
    gzipped.set(body, zipped);
  }
  return zipped;
}

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
  const payload = gzip ? gzipOf(body) : body;
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

/** `value` as JSON with every value of the fleet's Secrets masked, whatever view built it. */
export function jsonBody(value: unknown, secrets: readonly KubeObject[]): Buffer {
  return Buffer.from(scrubSecretValues(JSON.stringify(value), ...secrets));
}

/** A JSON body made by {@link jsonBody}. */
export function sendJsonBody(
  req: IncomingMessage,
  res: ServerResponse,
  code: number,
  body: Buffer,
  headers: Record<string, string> = {},
): void {
  send(req, res, code, 'application/json; charset=utf-8', body, { 'cache-control': 'no-store', ...headers });
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
  sendJsonBody(req, res, code, jsonBody(value, secrets), headers);
}

/** An error as JSON: `{ error }`, the message only. */
export function sendError(req: IncomingMessage, res: ServerResponse, code: number, message: string): void {
  sendJson(req, res, code, { error: message }, [], code === 405 ? { allow: 'GET, HEAD' } : {});
}
