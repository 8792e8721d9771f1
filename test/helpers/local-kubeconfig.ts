import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';

/**
 * A kubeconfig file in a temp dir whose one context, `name`, reaches `server` (a test's local
 * server) with a token and without TLS verification.
 */
export function localKubeconfig(server: string, name: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'flotilla-kubeconfig-')), 'config');
  writeFileSync(
    file,
    stringify({
      clusters: [{ name, cluster: { server, 'insecure-skip-tls-verify': true } }],
      users: [{ name: 'u', user: { token: 't' } }],
      contexts: [{ name, context: { cluster: name, user: 'u' } }],
      'current-context': name,
    }),
  );
  return file;
}
