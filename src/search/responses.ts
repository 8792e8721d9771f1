/**
 * The search server's answers: JSON bodies, and errors as `v1 Status` documents, which kubectl
 * and client libraries read (kubectl prints `Error from server (<reason>): <message>`).
 */
import type { ServerResponse } from 'node:http';

const REASONS: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  409: 'Conflict',
  500: 'InternalError',
  504: 'Timeout',
};

/** What a Status says of the object it is about (`kubectl` names it from these). */
export interface StatusDetails {
  name?: string;
  group?: string;
  kind?: string;
}

export function status(
  res: ServerResponse,
  code: number,
  message: string,
  headers: Record<string, string> = {},
  details?: StatusDetails,
): void {
  const body = {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason: REASONS[code],
    ...(details ? { details } : {}),
    code,
  };
  res.writeHead(code, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

/** A 200 with a JSON body (an object, or JSON text already). */
export function sendJson(res: ServerResponse, body: object | string): void {
  res
    .writeHead(200, { 'content-type': 'application/json' })
    .end(typeof body === 'string' ? body : JSON.stringify(body));
}

/** An HTTP warning (`299 - "text"`), one line, quotes escaped. */
export const warning = (text: string): string => `299 - "${text.replace(/[\r\n]+/g, ' ').replace(/["\\]/g, '\\$&')}"`;

/** A `<Kind>List` of items already in JSON text. */
export function listText(gv: string, kind: string, metadata: object, items: readonly string[]): string {
  return `{"apiVersion":${JSON.stringify(gv)},"kind":${JSON.stringify(`${kind}List`)},"metadata":${JSON.stringify(metadata)},"items":[${items.join(',')}]}`;
}
