import { describe, expect, it } from 'vitest';
import { exposure, isLoopback } from '../../src/ui/index.ts';

const tls = { cert: Buffer.from('cert'), key: Buffer.from('key') };

describe('isLoopback', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['localhost', true],
    ['::1', true],
    ['[::1]', true],
    ['0.0.0.0', false],
    ['::', false],
    ['10.0.0.5', false],
    ['example.com', false],
    ['128.0.0.1', false],
  ])('%s is loopback: %s', (host, expected) => {
    expect(isLoopback(host)).toBe(expected);
  });
});

describe('exposure', () => {
  it.each([
    ['127.0.0.1:8080', {}, undefined],
    ['127.0.0.1:8080', { token: 't' }, undefined],
    ['0.0.0.0:8443', { token: 't', tls }, undefined],
    ['0.0.0.0:8443', {}, 'needs --ui-token-file and --ui-tls-cert-file and --ui-tls-key-file'],
    ['10.1.2.3:8443', { token: 't' }, 'needs --ui-tls-cert-file and --ui-tls-key-file'],
    [':8443', { tls }, 'needs --ui-token-file'],
    ['0.0.0.0:8443', { token: '  \n', tls }, 'needs --ui-token-file'],
    ['127.0.0.1:8080', { token: '\n' }, 'the UI token file is empty'],
    ['nonsense', {}, 'expected HOST:PORT'],
  ])('%s with %o: %s', (address, secrets, error) => {
    if (error === undefined) expect(exposure(address, secrets).port).toBeGreaterThan(0);
    else expect(() => exposure(address, secrets)).toThrow(error);
  });

  it('trims the token as read from its file', () => {
    expect(exposure('127.0.0.1:1', { token: 'abc\n' }).token).toBe('abc');
  });
});
