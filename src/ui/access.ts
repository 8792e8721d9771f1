/**
 * The token check: a request carries the token once (`Authorization: Bearer`, from the page's
 * token form) and gets a session cookie, `HttpOnly` (no script reads it) and `SameSite=Strict`
 * (no other site's page sends it). The cookie holds an HMAC of the token, never the token.
 */
import { createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { safeEqual } from '../source/index.ts';

export const SESSION_COOKIE = 'flotilla_ui';

export interface Access {
  /** Whether the request may read the fleet. */
  allowed(req: IncomingMessage): boolean;
  /** Whether the request carries the token itself (the login). */
  bearer(req: IncomingMessage): boolean;
  /** The Set-Cookie header for a session. */
  sessionCookie(): string;
}

function cookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The access check for `token`; without a token (loopback) everything is allowed. */
export function access(token: string | undefined, secure: boolean): Access {
  if (token === undefined) return { allowed: () => true, bearer: () => false, sessionCookie: () => '' };
  const session = createHmac('sha256', token).update('flotilla ui session').digest('base64url');
  const bearer = (req: IncomingMessage): boolean => {
    const header = req.headers.authorization ?? '';
    return header.startsWith('Bearer ') && safeEqual(header.slice(7), token);
  };
  return {
    allowed: (req) => bearer(req) || safeEqual(cookie(req, SESSION_COOKIE) ?? '', session),
    bearer,
    sessionCookie: () =>
      `${SESSION_COOKIE}=${session}; Path=/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}; Max-Age=43200`,
  };
}
