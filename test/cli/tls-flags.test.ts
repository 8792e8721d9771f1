import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTls } from '../../src/cli/tls-flags.ts';
import { selfSignedCert } from '../helpers/self-signed.ts';

const dir = mkdtempSync(join(tmpdir(), 'tls-flags-'));
const files = selfSignedCert(dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readTls (the --*-tls-cert-file and --*-tls-key-file flags)', () => {
  it('is undefined when the flags are not given', async () => {
    expect(await readTls('search', {})).toBeUndefined();
  });

  it('reads a certificate and its key', async () => {
    const tls = await readTls('search', { 'search-tls-cert-file': files.cert, 'search-tls-key-file': files.key });
    expect(tls?.cert.toString()).toContain('BEGIN CERTIFICATE');
  });

  it.each([
    ['a missing file', () => ({ cert: join(dir, 'nope.crt'), key: files.key }), /nope\.crt/],
    ['a file that is no certificate', () => ({ cert: write('junk.crt', 'not pem'), key: files.key }), /not a PEM certificate and its key/],
    ['a key of another certificate', () => ({ cert: files.cert, key: selfSignedCert(dir, 'other').key }), /not a PEM certificate and its key/],
  ])('refuses %s, naming both flags and files', async (_what, make, reason) => {
    const { cert, key } = make();
    const read = readTls('webhook', { 'webhook-tls-cert-file': cert, 'webhook-tls-key-file': key });
    await expect(read).rejects.toThrow(reason);
    await expect(read).rejects.toThrow(`--webhook-tls-cert-file ${cert} and --webhook-tls-key-file ${key}`);
  });
});

function write(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}
