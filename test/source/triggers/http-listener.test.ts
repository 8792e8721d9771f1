import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get as httpsGet } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createListener, listenHttp, parseAddress } from '../../../src/source/triggers/http-listener.ts';
import { selfSignedCert } from '../../helpers/self-signed.ts';

const dir = mkdtempSync(join(tmpdir(), 'http-listener-'));
const files = selfSignedCert(dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('createListener and listenHttp', () => {
  it('serves plain HTTP without a certificate', async () => {
    const server = await listenHttp(
      createListener({}, (_req, res) => res.end('plain')),
      '127.0.0.1:0',
    );
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await (await fetch(server.url)).text()).toBe('plain');
    await server.close();
  });

  it('serves TLS with one, at an https URL a client trusting the certificate reads', async () => {
    const tls = { cert: readFileSync(files.cert), key: readFileSync(files.key) };
    const server = await listenHttp(
      createListener({ tls }, (_req, res) => res.end('secret')),
      '127.0.0.1:0',
    );
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const text = await new Promise<string>((resolve, reject) =>
      httpsGet(server.url, { ca: tls.cert }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve(body));
      }).on('error', reject),
    );
    expect(text).toBe('secret');
    // Plain HTTP on the TLS port gets nothing of the answer.
    expect(
      await fetch(server.url.replace('https:', 'http:'))
        .then((r) => r.text())
        .catch(() => 'refused'),
    ).not.toContain('secret');
    await server.close();
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
