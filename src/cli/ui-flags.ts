import { readFile } from 'node:fs/promises';
import { Flags } from '@oclif/core';
import { type Exposure, exposure } from '../ui/index.ts';
import { readTls, tlsFlags } from './tls-flags.ts';

/** The web view's token and TLS flags, shared by `ui` and `run --ui-addr` (README.md#flotilla-ui). */
export const uiSecurityFlags = {
  'ui-token-file': Flags.string({
    description: 'a file holding the token the view asks for once (required on a non-loopback address)',
  }),
  ...tlsFlags('ui', 'the view', { note: 'required on a non-loopback address' }),
};

type UiSecurityValues = {
  'ui-token-file'?: string | undefined;
  'ui-tls-cert-file'?: string | undefined;
  'ui-tls-key-file'?: string | undefined;
};

/** Reads the token and certificate files and checks the address may be served with them. */
export async function uiExposure(address: string, flags: UiSecurityValues): Promise<Exposure> {
  const token = flags['ui-token-file'] ? await readFile(flags['ui-token-file'], 'utf8') : undefined;
  return exposure(address, { token, tls: await readTls('ui', flags) });
}
