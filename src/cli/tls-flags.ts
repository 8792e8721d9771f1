import { readFile } from 'node:fs/promises';
import { createSecureContext } from 'node:tls';
import { Flags } from '@oclif/core';
import type { TlsFiles } from '../source/index.ts';

const fileFlag = (description: string, dependsOn: string[]) => Flags.string({ description, dependsOn });

type CertFlag<P extends string> = `${P}-tls-cert-file`;
type KeyFlag<P extends string> = `${P}-tls-key-file`;

/**
 * `--<prefix>-tls-cert-file` and `--<prefix>-tls-key-file`, each needing the other: one shape for
 * every listener that can serve TLS (the web view, the search cache, the webhook, metrics).
 */
export function tlsFlags<P extends string>(
  prefix: P,
  what: string,
  options: { needs?: readonly string[]; note?: string } = {},
) {
  const cert = `${prefix}-tls-cert-file` as CertFlag<P>;
  const key = `${prefix}-tls-key-file` as KeyFlag<P>;
  const needs = options.needs ?? [];
  const note = options.note ? ` (${options.note})` : '';
  return {
    [cert]: fileFlag(`PEM certificate (chain) to serve ${what} over TLS${note}`, [key, ...needs]),
    [key]: fileFlag(`PEM key of --${cert}`, [cert, ...needs]),
  } as Record<CertFlag<P> | KeyFlag<P>, ReturnType<typeof fileFlag>>;
}

/**
 * The certificate and key files, read and checked together, so a wrong file is an error naming
 * both flags at start-up rather than a failed handshake later; undefined when neither is given.
 */
export async function readTls(
  prefix: string,
  flags: Readonly<Record<string, string | boolean | number | undefined>>,
): Promise<TlsFiles | undefined> {
  const [certFile, keyFile] = [flags[`${prefix}-tls-cert-file`], flags[`${prefix}-tls-key-file`]];
  if (typeof certFile !== 'string' || typeof keyFile !== 'string') return undefined;
  const where = `--${prefix}-tls-cert-file ${certFile} and --${prefix}-tls-key-file ${keyFile}`;
  try {
    const tls = { cert: await readFile(certFile), key: await readFile(keyFile) };
    createSecureContext(tls);
    return tls;
  } catch (error) {
    throw new Error(`${where}: not a PEM certificate and its key: ${(error as Error).message}`);
  }
}
