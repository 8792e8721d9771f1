// The web view's server over a real repository and status branch: read-only, Secret values in no
// response, the token and cookie, the Host check, the security headers, and a status change
// pushed to an open event stream.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exposure, startUiServer, watchRepository } from '../../src/ui/index.ts';
import type { UiServer, UiSource } from '../../src/ui/index.ts';
import { HOSTILE, SECRET_VALUE, UiFleet, WEB_ID } from './helpers/ui-fleet.ts';

let fleet: UiFleet;
let source: UiSource;
let server: UiServer;
let guarded: UiServer;

beforeAll(async () => {
  fleet = new UiFleet();
  await fleet.writeStatus(1);
  source = await watchRepository({ repo: fleet.dir }, { intervalMs: 30_000, onError: (e) => console.error(e) });
  server = await startUiServer(exposure('127.0.0.1:0', {}), source);
  guarded = await startUiServer(exposure('127.0.0.1:0', { token: 's3cret-token\n' }), source);
});

afterAll(async () => {
  await Promise.all([server?.close(), guarded?.close(), source?.close()]);
  fleet?.remove();
});

const get = (path: string, init: RequestInit = {}, base = server.url) => fetch(`${base}${path}`, init);

describe('ui server', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])('refuses %s with 405 and Allow: GET, HEAD', async (method) => {
    for (const path of ['/', '/api/fleet', '/api/session', '/api/events']) {
      const res = await get(path, { method });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
    }
  });

  it('answers HEAD like GET, without a body', async () => {
    const res = await get('/api/fleet', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('sends a Content-Security-Policy without inline script on every response', async () => {
    for (const path of ['/', '/assets/app.js', '/api/fleet', '/api/nothing']) {
      const csp = (await get(path)).headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).not.toContain('unsafe-inline');
      expect(csp, path).toContain("default-src 'none'");
    }
  });

  it("never sends a Secret's value, in any view", async () => {
    const change = await get('/api/change');
    const commits = ((await change.clone().json()) as { commits: { commit: string }[] }).commits;
    const paths = [
      '/api/fleet',
      '/api/fleet?q=db',
      `/api/template?id=${encodeURIComponent(WEB_ID)}`,
      `/api/template?id=${encodeURIComponent('core/Secret/shop/db')}`,
      '/api/controllers',
      ...commits.map((c) => `/api/change?commit=${c.commit}`),
    ];
    const secret = JSON.parse(await (await get(`/api/template?id=${encodeURIComponent('core/Secret/shop/db')}`)).text());
    expect(secret.manifests.map((m: { cluster: string }) => m.cluster)).toEqual(['member1', 'member2']);
    for (const path of paths) {
      const body = await (await get(path)).text();
      expect(body, path).not.toContain(SECRET_VALUE);
      expect(body, path).not.toContain(Buffer.from(SECRET_VALUE).toString('base64'));
    }
    expect(await change.text()).not.toContain(SECRET_VALUE);
  });

  it('carries hostile annotations as data, for the page to show as text', async () => {
    const view = (await (await get(`/api/template?id=${encodeURIComponent(WEB_ID)}`)).json()) as {
      manifests: { yaml: string }[];
    };
    expect(view.manifests[0]?.yaml).toContain(HOSTILE);
  });

  it('asks for the token, takes it once as a bearer, and then keeps an HttpOnly SameSite=Strict cookie', async () => {
    expect((await get('/api/fleet', {}, guarded.url)).status).toBe(401);
    expect((await get('/api/session', { headers: { authorization: 'Bearer wrong' } }, guarded.url)).status).toBe(401);
    const session = await get('/api/session', { headers: { authorization: 'Bearer s3cret-token' } }, guarded.url);
    expect(session.status).toBe(204);
    const cookie = session.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).not.toContain('s3cret-token');
    const pair = cookie.split(';')[0]!;
    expect((await get('/api/fleet', { headers: { cookie: pair } }, guarded.url)).status).toBe(200);
    expect((await get('/api/fleet', { headers: { cookie: `${pair}x` } }, guarded.url)).status).toBe(401);
    // The page and its bundle load without the token: they hold no fleet data.
    expect((await get('/', {}, guarded.url)).status).toBe(200);
  });

  it('refuses a non-loopback Host header on an open loopback server (DNS rebinding)', async () => {
    const port = new URL(server.url).port;
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: '/api/fleet', headers: { host: `evil.example:${port}` } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBe(403);
  });

  it('pushes a status change to an open event stream within 2 s', async () => {
    const controller = new AbortController();
    const res = await get('/api/events', { signal: controller.signal });
    const reader = res.body!.getReader();
    const versions: string[] = [];
    const next = async (): Promise<string> => {
      let text = '';
      for (;;) {
        const { value } = await reader.read();
        text += new TextDecoder().decode(value);
        const match = /event: version\ndata: "([^"]+)"/.exec(text);
        if (match) return match[1]!;
      }
    };
    versions.push(await next());
    const started = Date.now();
    const statusCommit = await fleet.writeStatus(2, '2026-12-04T11:00:00Z');
    versions.push(await next());
    const elapsed = Date.now() - started;
    controller.abort();
    expect(versions[1]).toBe(`${fleet.head()}:${statusCommit}`);
    expect(elapsed).toBeLessThan(2000);
    const fleetView = (await (await get('/api/fleet')).json()) as { matrix: { rows: { id: string; health: string }[] } };
    expect(fleetView.matrix.rows.find((r) => r.id === WEB_ID)?.health).toBe('Healthy');
  });

  it("compares a commit with a pull request's base (?base=), else with its parent", async () => {
    const first = fleet.head();
    const web2 = fleet.git('show', 'HEAD:web.json').replace('"replicas":2', '"replicas":4');
    const second = fleet.commit({ 'web.json': web2 }, 'scale web');
    const third = fleet.commit({ 'extra.json': '{}' }, 'unrelated');
    const change = async (query: string) => (await (await get(`/api/change?${query}`)).json()) as Record<string, unknown>;
    const parent = await change(`commit=${third}`);
    expect([parent['base'], parent['replicaMoves']]).toEqual([second, []]);
    const pr = await change(`commit=${third}&base=${first}`);
    expect(pr['base']).toBe(first);
    expect(pr['replicaMoves']).toMatchObject([{ replicas: { before: 2, after: 4 } }]);
    expect((await get(`/api/change?commit=${third}&base=--output=x`)).status).toBe(400);
    expect((await get(`/api/change?commit=${third}&base=${'0'.repeat(40)}`)).status).toBe(404);
  });
});
