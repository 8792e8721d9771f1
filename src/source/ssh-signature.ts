/**
 * Git's SSH commit signatures (docs/deploy.md#signed-works), made and checked the way `git commit -S`
 * with `gpg.format=ssh` and `git verify-commit` do: the signed payload is the commit object without
 * its `gpgsig` header, signed by `ssh-keygen -Y sign -n git`, and the armored signature is the
 * `gpgsig` header's value, each further line indented by one space.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Signs a commit payload and returns the armored signature. */
export type CommitSigner = (payload: Buffer) => Promise<string>;

/** `ssh-keygen`, overridable for a machine that keeps OpenSSH elsewhere. */
const SSH_KEYGEN = process.env['FLOTILLA_SSH_KEYGEN'] ?? 'ssh-keygen';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function sshKeygen(args: readonly string[], input: Buffer): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(SSH_KEYGEN, [...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    child.on('error', (error) =>
      reject(new Error(`cannot run ${SSH_KEYGEN} (is OpenSSH installed?): ${error.message}`)),
    );
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.stdin.on('error', () => undefined);
    child.on('close', (code) =>
      resolve({
        code: code ?? 1,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      }),
    );
    child.stdin.end(input);
  });
}

/** A signer with the private key at `keyFile`, as `user.signingkey` names it. */
export function sshCommitSigner(keyFile: string): CommitSigner {
  return async (payload) => {
    const run = await sshKeygen(['-Y', 'sign', '-n', 'git', '-f', keyFile], payload);
    if (run.code !== 0 || !run.stdout.includes('BEGIN SSH SIGNATURE'))
      throw new Error(`signing the works commit with ${keyFile} failed: ${run.stderr.trim() || `exit ${run.code}`}`);
    return run.stdout;
  };
}

/** The commit object `payload` (unsigned) with `signature` as its `gpgsig` header, after the committer line. */
export function withSignature(payload: Buffer, signature: string): Buffer {
  const text = payload.toString('utf8');
  const end = text.indexOf('\n\n');
  const headers = end < 0 ? text : text.slice(0, end + 1);
  const header = `gpgsig ${signature.trimEnd().split('\n').join('\n ')}\n`;
  return Buffer.from(`${headers}${header}${end < 0 ? '' : text.slice(end + 1)}`, 'utf8');
}

/** A signed commit object split into the payload that was signed and its signature; no signature, `undefined`. */
export function splitSignature(commit: Buffer): { payload: Buffer; signature: string } | undefined {
  const text = commit.toString('utf8');
  const end = text.indexOf('\n\n');
  const headers = (end < 0 ? text : text.slice(0, end)).split('\n');
  const start = headers.findIndex((line) => line.startsWith('gpgsig '));
  if (start < 0) return undefined;
  let stop = start + 1;
  while (stop < headers.length && headers[stop]?.startsWith(' ')) stop++;
  const signature = `${headers
    .slice(start, stop)
    .map((line, i) => (i === 0 ? line.slice('gpgsig '.length) : line.slice(1)))
    .join('\n')}\n`;
  const kept = [...headers.slice(0, start), ...headers.slice(stop)].join('\n');
  return { payload: Buffer.from(`${kept}${end < 0 ? '\n' : text.slice(end)}`, 'utf8'), signature };
}

/** Whether a key file holds one public key (`ssh-ed25519 AAAA…`) rather than an allowed-signers list. */
function isPublicKey(text: string): boolean {
  const lines = text.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));
  return lines.length === 1 && /^(ssh-|ecdsa-|sk-)/.test(lines[0] ?? '');
}

/**
 * Why the commit object `commit` is not signed by a key `verifyKeyFile` allows (an SSH public key
 * or an allowed-signers file, as `gpg.ssh.allowedSignersFile`), or `undefined` when it is.
 */
export async function commitSignatureProblem(commit: Buffer, verifyKeyFile: string): Promise<string | undefined> {
  const split = splitSignature(commit);
  if (split === undefined) return 'the commit is not signed';
  if (!split.signature.includes('BEGIN SSH SIGNATURE')) return 'the commit is not signed with an SSH key';
  const keyText = await readFile(verifyKeyFile, 'utf8');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'flotilla-verify-'));
  try {
    const allowed = path.join(dir, 'allowed_signers');
    const signature = path.join(dir, 'commit.sig');
    await writeFile(allowed, isPublicKey(keyText) ? `flotilla ${keyText.trim()}\n` : keyText);
    await writeFile(signature, split.signature);
    const found = await sshKeygen(['-Y', 'find-principals', '-s', signature, '-f', allowed], Buffer.alloc(0));
    const principal = found.stdout.split('\n')[0]?.trim();
    if (found.code !== 0 || !principal) return `the commit is signed by a key ${verifyKeyFile} does not allow`;
    const run = await sshKeygen(
      ['-Y', 'verify', '-n', 'git', '-I', principal, '-f', allowed, '-s', signature],
      split.payload,
    );
    if (run.code !== 0)
      return `the commit's signature does not match its content (${run.stderr.trim() || `exit ${run.code}`})`;
    return undefined;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
