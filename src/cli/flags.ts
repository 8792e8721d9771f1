import { Flags } from '@oclif/core';
import { accessSync, constants } from 'node:fs';
import { sshCommitSigner, type CommitSigner } from '../source/index.ts';

/** Flags of every command that reads a fleet repository. */
export const sourceFlags = {
  repo: Flags.string({
    description: 'fleet repository: a local path (anywhere inside a work tree) or a remote URL',
    default: '.',
  }),
  ref: Flags.string({
    description:
      'revision to read (branch, tag, commit, HEAD~1, origin/main); default: HEAD of a local repo, main of a remote one',
  }),
  path: Flags.string({ description: 'sub-folder of the repository holding the fleet (monorepos)' }),
  'no-color': Flags.boolean({ description: 'plain output without ANSI colours', default: false }),
};

/** `-o` with the formats a command supports. */
export function outputFlag<const T extends string>(formats: readonly T[]) {
  return Flags.option({
    char: 'o',
    description: 'output format',
    options: formats,
    default: formats[0] as T,
  })();
}

/** `--works-signing-key` of the commands that write the works branch (docs/deploy.md#signed-works). */
export const worksSigningFlags = {
  'works-signing-key': Flags.string({
    description:
      "SSH private key that signs every works-branch commit (as git's gpg.format=ssh); agents check it with --works-verify-key",
    env: 'FLOTILLA_WORKS_SIGNING_KEY',
  }),
};

/** The signer `--works-signing-key` names, after checking the key file can be read. */
export function worksSigner(keyFile: string | undefined): { worksSigner?: CommitSigner } {
  if (keyFile === undefined) return {};
  try {
    accessSync(keyFile, constants.R_OK);
  } catch (error) {
    throw new Error(`--works-signing-key: ${(error as Error).message}`);
  }
  return { worksSigner: sshCommitSigner(keyFile) };
}
