// A self-signed certificate for loopback (CN and subjectAltName localhost and 127.0.0.1, so Go
// clients such as kubectl accept it as its own CA), made by the real openssl.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export function selfSignedCert(dir: string, name = 'server'): { cert: string; key: string } {
  const cert = join(dir, `${name}.crt`);
  const key = join(dir, `${name}.key`);
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1']
      .concat(['-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'])
      .concat(['-keyout', key, '-out', cert]),
    { stdio: 'ignore' },
  );
  return { cert, key };
}
