import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI (`bin/run.js`, as `npx flotilla` does) in a child process; `env` adds to the environment. */
export function runCli(args: readonly string[], cwd = ROOT, env: NodeJS.ProcessEnv = {}): CliResult {
  const out = spawnSync(process.execPath, [`${ROOT}bin/run.js`, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...env },
    timeout: 60_000,
  });
  return { code: out.status ?? -1, stdout: out.stdout, stderr: out.stderr };
}

export const REPO_ROOT = ROOT;
