/**
 * Who may reach the view (README.md#flotilla-ui): loopback needs nothing; any other address
 * needs both a token and TLS, so a view of the fleet is never served in the clear or to anyone
 * who can reach the port.
 */
import { isIP } from 'node:net';
import { parseAddress } from '../source/index.ts';

/** How the server is exposed: the address and, elsewhere than loopback, its token and certificate. */
export interface Exposure {
  host: string;
  port: number;
  loopback: boolean;
  token?: string;
  tls?: { cert: Buffer; key: Buffer };
}

/** Whether `host` is reachable only from this machine. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare === '::1') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare.startsWith('::ffff:127.');
}

/**
 * The exposure for `--addr` (`HOST:PORT`; a bare `:PORT` means every interface); an error
 * naming the missing flags when a non-loopback address lacks a token or TLS.
 */
export function exposure(
  address: string,
  secrets: { token?: string | undefined; tls?: { cert: Buffer; key: Buffer } | undefined },
): Exposure {
  const { host, port } = parseAddress(address);
  const loopback = isLoopback(host);
  const token = secrets.token?.trim();
  if (!loopback) {
    const missing = [
      ...(token ? [] : ['--ui-token-file']),
      ...(secrets.tls ? [] : ['--ui-tls-cert-file and --ui-tls-key-file']),
    ];
    if (missing.length > 0)
      throw new Error(`${address} is not a loopback address: serving the view there needs ${missing.join(' and ')}`);
  }
  if (secrets.token !== undefined && !token) throw new Error('the UI token file is empty');
  return { host, port, loopback, ...(token ? { token } : {}), ...(secrets.tls ? { tls: secrets.tls } : {}) };
}
