import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import Run from '../../src/cli/commands/run.ts';
import { readTls } from '../../src/cli/tls-flags.ts';
import { selfSignedCert } from '../helpers/self-signed.ts';
import { runCli } from './run-cli.ts';
import { runInProcess } from './run-in-process.ts';

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

describe('the listeners’ TLS flags', () => {
  it.each([
    [['--search-tls-cert-file', 'a.crt', '--search-tls-key-file', 'a.key'], /search-addr/],
    [['--metrics-addr', '127.0.0.1:0', '--metrics-tls-cert-file', 'a.crt'], /metrics-tls-key-file/],
    [['--webhook-tls-cert-file', 'a.crt', '--webhook-tls-key-file', 'a.key'], /webhook-addr/],
  ])('%j is refused before anything starts', async (args, message) => {
    const { code, stdout } = await runInProcess(Run, [...args, '--repo', dir]);
    expect(code).not.toBe(0);
    expect(stdout).toMatch(message);
  });

  it('agent --metrics-tls-* without --metrics-addr is refused', async () => {
    const args = ['--cluster', 'member1', '--metrics-tls-cert-file', 'a.crt', '--metrics-tls-key-file', 'a.key'];
    const { code, stderr } = runCli(['agent', ...args, '--repo', dir]);
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/metrics-addr/);
  });

  it('a certificate that does not load stops run at start, naming the flags', async () => {
    const junk = write('junk.pem', 'junk');
    const args = ['--search-addr', '127.0.0.1:0', '--search-token', 't', '--search-tls-cert-file', junk, '--search-tls-key-file', junk];
    const { code, stdout } = await runInProcess(Run, [...args, '--repo', dir]);
    expect(code).toBe(1);
    expect(stdout).toContain(`--search-tls-cert-file ${junk} and --search-tls-key-file ${junk}: not a PEM certificate and its key`);
  });
});
