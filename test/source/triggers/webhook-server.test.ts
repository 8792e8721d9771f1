import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { parseAddress, startWebhookServer } from '../../../src/source/triggers/webhook-server.ts';
import type { WebhookServer } from '../../../src/source/triggers/webhook-server.ts';

const SECRET = 'hook-secret';
let server: WebhookServer | undefined;
afterEach(async () => { await server?.close(); server = undefined; });

function github(ref: string, key = SECRET): { headers: Record<string, string>; body: string } {
  const body = JSON.stringify({ ref, after: 'b'.repeat(40) });
  return { body, headers: { 'x-github-event': 'push', 'x-hub-signature-256': `sha256=${createHmac('sha256', key).update(body).digest('hex')}` } };
}

describe('startWebhookServer', () => {
  it.each([
    ['a signed push to the watched branch is accepted and triggers', github('refs/heads/main'), 202, 1],
    ['a push signed with another secret is refused and does not trigger', github('refs/heads/main', 'wrong'), 401, 0],
    ['a signed push to another branch is ignored', github('refs/heads/feature'), 202, 0],
    ['a signed push to the status branch is ignored', github('refs/heads/status'), 202, 0],
    ['a GitLab push with the token is accepted and triggers', { body: JSON.stringify({ ref: 'refs/heads/main' }), headers: { 'x-gitlab-event': 'Push Hook', 'x-gitlab-token': SECRET } }, 202, 1],
  ])('%s', async (_name, request, status, pushes) => {
    const seen: string[] = [];
    server = await startWebhookServer({ address: '127.0.0.1:0', secret: SECRET, ref: 'main', onPush: (v) => seen.push(v.ref) });
    const res = await fetch(`${server.url}/hooks/flotilla`, { method: 'POST', headers: request.headers, body: request.body });
    expect(res.status).toBe(status);
    expect(seen.length).toBe(pushes);
  });

  it('ignores pushes to the status branch as it is named at each request (flotilla.yaml can rename it)', async () => {
    const seen: string[] = [];
    let statusBranch = 'status';
    server = await startWebhookServer({ address: '127.0.0.1:0', secret: SECRET, ref: 'HEAD', statusBranch: () => statusBranch, onPush: (v) => seen.push(v.ref) });
    const send = (ref: string) => fetch(server?.url ?? '', { method: 'POST', ...github(ref) });
    await send('refs/heads/fleet-status');
    statusBranch = 'fleet-status';
    await send('refs/heads/fleet-status');
    await send('refs/heads/status');
    expect(seen).toEqual(['refs/heads/fleet-status', 'refs/heads/status']);
  });

  it('refuses a body over the limit with 413', async () => {
    server = await startWebhookServer({ address: '127.0.0.1:0', secret: SECRET, ref: 'main', maxBodyBytes: 10, onPush: () => undefined });
    const res = await fetch(server.url, { method: 'POST', headers: github('refs/heads/main').headers, body: 'x'.repeat(100) });
    expect(res.status).toBe(413);
  });

  it('answers 405 to anything but POST', async () => {
    server = await startWebhookServer({ address: '127.0.0.1:0', secret: SECRET, ref: 'main', onPush: () => undefined });
    expect((await fetch(server.url)).status).toBe(405);
  });
});

describe('parseAddress', () => {
  it.each([
    ['host and port', '127.0.0.1:9000', { host: '127.0.0.1', port: 9000 }],
    ['a port alone listens everywhere', ':8080', { host: '0.0.0.0', port: 8080 }],
    ['a bare port number', '8080', { host: '0.0.0.0', port: 8080 }],
    ['an IPv6 host in brackets', '[::1]:9000', { host: '::1', port: 9000 }],
  ])('reads %s', (_name, text, expected) => {
    expect(parseAddress(text)).toEqual(expected);
  });

  it('refuses an address without a port', () => {
    expect(() => parseAddress('localhost')).toThrow(/HOST:PORT/);
  });
});
