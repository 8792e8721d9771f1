// The parts of `npm run demo` (scripts/fleet/demo.ts) that talk to the demo repository, the
// members and the long-running Flotilla processes.
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync } from 'node:fs';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot } from './config.ts';
import { run, spawnCollect } from './run.ts';

export const log = (message: string): void => console.log(`[demo] ${message}`);
export const cliEntry = join(repoRoot, 'bin', 'run.js');

/** A git command in `dir` with a fixed identity: the demo must not depend on the user's git config. */
export async function git(dir: string, ...args: string[]): Promise<string> {
  const identity = ['-c', 'user.name=Flotilla demo', '-c', 'user.email=demo@flotilla.invalid'];
  return (await run('git', [...identity, ...args], { cwd: dir })).stdout.trim();
}

/**
 * A fresh repository from examples/repo, then member3 switched to Pull by a commit of its own, as
 * a user would: examples/repo keeps member3 a Push member for the tests that apply it.
 */
export async function makeDemoRepo(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await cp(join(repoRoot, 'examples', 'repo'), dir, { recursive: true });
  await git(dir, 'init', '--quiet', '--initial-branch=main');
  await git(dir, 'add', '--all');
  await git(dir, 'commit', '--quiet', '-m', 'Fleet from examples/repo');
  const member3 = join(dir, 'clusters', 'member3.yaml');
  const text = await readFile(member3, 'utf8');
  if (!text.includes('syncMode: Push')) throw new Error('examples/repo/clusters/member3.yaml has no syncMode: Push');
  await writeFile(member3, text.replace('syncMode: Push', 'syncMode: Pull'));
  await git(dir, 'commit', '--quiet', '-am', 'member3: Pull mode, its agent applies its Work');
}

/** Runs `flotilla ARGS` with its output on the terminal, as a user would see it. */
export async function flotilla(args: readonly string[]): Promise<void> {
  console.log(`\n$ flotilla ${args.join(' ')}`);
  const result = await spawnCollect(process.execPath, [cliEntry, ...args], { cwd: repoRoot, inherit: true });
  if (result.code !== 0) throw new Error(`flotilla ${args[0]} exited with ${result.code}`);
}

/** A long-running `flotilla agent` or `flotilla run`, its log in a file. */
export interface Background {
  child: ChildProcess;
  logFile: string;
}

export function startBackground(command: 'agent' | 'run', args: readonly string[], logFile: string): Background {
  console.log(`\n$ flotilla ${command} ${args.join(' ')} &   # log: ${logFile}`);
  const out = openSync(logFile, 'w');
  const child = spawn(process.execPath, [cliEntry, command, ...args], { cwd: repoRoot, stdio: ['ignore', out, out] });
  // Even when the demo dies on an error, nothing it started stays behind.
  process.once('exit', () => child.kill('SIGKILL'));
  return { child, logFile };
}

export async function stopBackground(process: Background | undefined): Promise<void> {
  if (process === undefined || process.child.exitCode !== null || process.child.signalCode !== null) return;
  const exited = new Promise((resolve) => process.child.once('exit', resolve));
  process.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (process.child.exitCode === null) process.child.kill('SIGKILL');
}

/** Polls `probe` until it returns a value, or fails naming `what` after `timeoutMs`. */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** kubectl against one member of the local fleet. */
export function kubectl(bin: string, kubeconfig: string, member: string, ...args: string[]): Promise<string> {
  return run(bin, ['--kubeconfig', kubeconfig, '--context', member, ...args]).then((r) => r.stdout.trim());
}

/** A file of a branch of the demo repository, or undefined while the branch or file is missing. */
export async function branchFile(dir: string, branch: string, path: string): Promise<string | undefined> {
  const shown = await spawnCollect('git', ['show', `${branch}:${path}`], { cwd: dir });
  return shown.code === 0 ? shown.stdout : undefined;
}
