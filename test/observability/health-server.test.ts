import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { get as httpsGet } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHealthServer } from '../../src/observability/health-server.ts';
import type { HealthServer } from '../../src/observability/health-server.ts';
import { createMetrics } from '../../src/observability/metrics.ts';
import { selfSignedCert } from '../helpers/self-signed.ts';

let server: HealthServer;
beforeAll(async () => {
  server = await startHealthServer({ address: '127.0.0.1:0', registry: createMetrics({ defaultMetrics: false }).registry, ready: () => true });
});
afterAll(() => server.close());

/** The status of a GET of `path` exactly as written (fetch would normalise it). */
function statusOf(path: string): Promise<number> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    request({ hostname, port, path }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    })
      .on('error', reject)
      .end();
  });
}

describe('the health server', () => {
  it('answers a request target URL cannot parse with 404 and keeps serving', async () => {
    expect(await statusOf('http://[')).toBe(404);
    expect(await statusOf('/healthz')).toBe(200);
  });
});

describe('the health server with a certificate', () => {
  it('serves /metrics and /readyz over TLS', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'health-tls-'));
    const files = selfSignedCert(dir);
    const tls = { cert: readFileSync(files.cert), key: readFileSync(files.key) };
    const secure = await startHealthServer({ address: '127.0.0.1:0', tls, registry: createMetrics({ defaultMetrics: false }).registry, ready: () => false });
    try {
      expect(secure.url).toMatch(/^https:/);
      const status = await new Promise<number>((resolve, reject) =>
        httpsGet(`${secure.url}/readyz`, { ca: tls.cert }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        }).on('error', reject),
      );
      expect(status).toBe(503);
    } finally {
      await secure.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
