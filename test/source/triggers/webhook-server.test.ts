import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startWebhookServer } from '../../../src/source/triggers/webhook-server.ts';
import type { WebhookServer } from '../../../src/source/triggers/webhook-server.ts';
import { selfSignedCert } from '../../helpers/self-signed.ts';

const SECRET = 'hook-secret';
let server: WebhookServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

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
    [
      'a GitLab push with the token is accepted and triggers',
      { body: JSON.stringify({ ref: 'refs/heads/main' }), headers: { 'x-gitlab-event': 'Push Hook', 'x-gitlab-token': SECRET } },
      202,
      1,
    ],
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
    server = await startWebhookServer({
      address: '127.0.0.1:0',
      secret: SECRET,
      ref: 'HEAD',
      statusBranch: () => statusBranch,
      onPush: (v) => seen.push(v.ref),
    });
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

  /** A raw connection that sends `head` at once, then one byte every 50 ms; what it read when the server closed it, and when. */
  function trickle(url: string, head: string): Promise<{ reply: string; ms: number; socket: Socket }> {
    const { hostname, port } = new URL(url);
    const started = Date.now();
    const socket = connect(Number(port), hostname);
    let reply = '';
    const drip = setInterval(() => socket.writable && socket.write('x'), 50);
    socket.on('data', (chunk) => {
      reply += chunk.toString();
    });
    socket.on('error', () => undefined);
    socket.write(head);
    return new Promise((resolve) =>
      socket.on('close', () => {
        clearInterval(drip);
        resolve({ reply, ms: Date.now() - started, socket });
      }),
    );
  }

  it('cuts off a request whose body trickles in with 408 and closes the connection', async () => {
    const seen: string[] = [];
    server = await startWebhookServer({
      address: '127.0.0.1:0',
      secret: SECRET,
      ref: 'main',
      bodyTimeoutMs: 300,
      onPush: (v) => seen.push(v.ref),
      onRequest: (status) => seen.push(String(status)),
    });
    const { reply, ms } = await trickle(server.url, 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n');
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(3000);
    expect(seen).toEqual(['408']);
  });

  it('cuts off a request whose headers trickle in', async () => {
    server = await startWebhookServer({ address: '127.0.0.1:0', secret: SECRET, ref: 'main', bodyTimeoutMs: 300, onPush: () => undefined });
    const { ms } = await trickle(server.url, 'POST / HTTP/1.1\r\nX-Slow: ');
    expect(ms).toBeLessThan(3000);
  });

  it('refuses connections over the cap', async () => {
    server = await startWebhookServer({ address: '127.0.0.1:0', secret: SECRET, ref: 'main', maxConnections: 2, onPush: () => undefined });
    const { hostname, port } = new URL(server.url);
    const open = await Promise.all(
      [0, 1].map(
        () =>
          new Promise<Socket>((resolve) => {
            const s = connect(Number(port), hostname, () => resolve(s));
          }),
      ),
    );
    const extra = connect(Number(port), hostname);
    extra.on('error', () => undefined);
    await new Promise((resolve) => extra.on('close', resolve));
    const res = await fetch(server.url, { method: 'POST', headers: github('refs/heads/main').headers, body: github('refs/heads/main').body }).catch(
      (e: unknown) => e,
    );
    expect(res).toBeInstanceOf(Error);
    for (const s of open) s.destroy();
  });

  it('answers 405 to anything but POST', async () => {
    server = await startWebhookServer({ address: '127.0.0.1:0', secret: SECRET, ref: 'main', onPush: () => undefined });
    expect((await fetch(server.url)).status).toBe(405);
  });
});

describe('startWebhookServer with a certificate', () => {
  it('takes a signed push over TLS', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'webhook-tls-'));
    const files = selfSignedCert(dir);
    const tls = { cert: readFileSync(files.cert), key: readFileSync(files.key) };
    const seen: string[] = [];
    server = await startWebhookServer({ address: '127.0.0.1:0', secret: SECRET, ref: 'main', tls, onPush: (v) => seen.push(v.ref) });
    expect(server.url).toMatch(/^https:/);
    const push = github('refs/heads/main');
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpsRequest(`${server?.url}/hook`, { method: 'POST', ca: tls.cert, headers: push.headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end(push.body);
    });
    expect([status, seen]).toEqual([202, ['refs/heads/main']]);
    rmSync(dir, { recursive: true, force: true });
  });
});
