import { readFile } from 'node:fs/promises';
import { Flags } from '@oclif/core';
import { type Exposure, exposure } from '../ui/index.ts';

/** The web view's token and TLS flags, shared by `ui` and `run --ui-addr` (README.md#flotilla-ui). */
export const uiSecurityFlags = {
  'ui-token-file': Flags.string({
    description: 'a file holding the token the view asks for once (required on a non-loopback address)',
  }),
  'ui-tls-cert-file': Flags.string({
    description: 'PEM certificate to serve the view over TLS (required on a non-loopback address)',
    dependsOn: ['ui-tls-key-file'],
  }),
  'ui-tls-key-file': Flags.string({ description: 'PEM key of --ui-tls-cert-file', dependsOn: ['ui-tls-cert-file'] }),
};

type UiSecurityValues = {
  'ui-token-file'?: string | undefined;
  'ui-tls-cert-file'?: string | undefined;
  'ui-tls-key-file'?: string | undefined;
};

/** Reads the token and certificate files and checks the address may be served with them. */
export async function uiExposure(address: string, flags: UiSecurityValues): Promise<Exposure> {
  const token = flags['ui-token-file'] ? await readFile(flags['ui-token-file'], 'utf8') : undefined;
  const cert = flags['ui-tls-cert-file'];
  const key = flags['ui-tls-key-file'];
  const tls = cert && key ? { cert: await readFile(cert), key: await readFile(key) } : undefined;
  return exposure(address, { token, tls });
}
