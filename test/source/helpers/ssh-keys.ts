import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from './git-fixture.ts';

/** A real ed25519 key pair made by ssh-keygen, and an allowed-signers file naming it `name`. */
export interface SshKeyPair {
  key: string;
  pub: string;
  allowedSigners: string;
}

/** A fresh key pair in a temp folder (removed by removeFixtures). */
export function sshKeyPair(name: string): SshKeyPair {
  const dir = tempDir('flotilla-keys-');
  const key = path.join(dir, name);
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', name, '-f', key]);
  const allowedSigners = path.join(dir, 'allowed_signers');
  writeFileSync(allowedSigners, `${name} ${readFileSync(`${key}.pub`, 'utf8')}`);
  return { key, pub: `${key}.pub`, allowedSigners };
}
