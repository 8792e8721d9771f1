import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** What a webhook request turned out to be. */
export type WebhookVerdict =
  | { kind: 'push'; provider: 'github' | 'gitlab'; ref: string; after?: string }
  | { kind: 'ping'; provider: 'github' | 'gitlab' }
  | { kind: 'other-event'; provider: 'github' | 'gitlab'; event: string }
  | { kind: 'unauthorized'; reason: string }
  | { kind: 'bad-request'; reason: string };

/** Equal strings, compared in constant time whatever their lengths (both sides are hashed first). */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function pushOf(provider: 'github' | 'gitlab', body: Buffer): WebhookVerdict {
  let payload: unknown;
  try {
    payload = JSON.parse(body.toString('utf8'));
  } catch {
    return { kind: 'bad-request', reason: 'body is not JSON' };
  }
  // `null`, a number or a list is JSON too: a bad request, not a crash.
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    return { kind: 'bad-request', reason: 'body is not a JSON object' };
  const { ref, after } = payload as { ref?: unknown; after?: unknown };
  if (typeof ref !== 'string') return { kind: 'bad-request', reason: 'push event without ref' };
  return { kind: 'push', provider, ref, ...(typeof after === 'string' ? { after } : {}) };
}

/**
 * Checks a webhook request: GitHub (`X-GitHub-Event`, `X-Hub-Signature-256`: HMAC-SHA256 of the
 * raw body with the secret) or GitLab (`X-Gitlab-Event`, `X-Gitlab-Token`: the secret itself).
 * The signature is checked before the body is parsed; comparisons are constant-time.
 */
export function verifyWebhook(headers: IncomingHttpHeaders, body: Buffer, secret: string): WebhookVerdict {
  const githubEvent = header(headers, 'x-github-event');
  if (githubEvent !== undefined) {
    const signature = header(headers, 'x-hub-signature-256');
    if (signature === undefined) return { kind: 'unauthorized', reason: 'missing X-Hub-Signature-256' };
    const expected = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
    if (!safeEqual(signature, expected)) return { kind: 'unauthorized', reason: 'X-Hub-Signature-256 does not match' };
    if (githubEvent === 'ping') return { kind: 'ping', provider: 'github' };
    return githubEvent === 'push'
      ? pushOf('github', body)
      : { kind: 'other-event', provider: 'github', event: githubEvent };
  }
  const gitlabEvent = header(headers, 'x-gitlab-event');
  if (gitlabEvent !== undefined) {
    const token = header(headers, 'x-gitlab-token');
    if (token === undefined) return { kind: 'unauthorized', reason: 'missing X-Gitlab-Token' };
    if (!safeEqual(token, secret)) return { kind: 'unauthorized', reason: 'X-Gitlab-Token does not match' };
    return gitlabEvent === 'Push Hook'
      ? pushOf('gitlab', body)
      : { kind: 'other-event', provider: 'gitlab', event: gitlabEvent };
  }
  return { kind: 'bad-request', reason: 'neither X-GitHub-Event nor X-Gitlab-Event' };
}
