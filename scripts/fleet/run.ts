// Child processes with their output kept for error messages: every failure of
// the fleet scripts should say which command failed and what it printed.
import { spawn } from 'node:child_process';

export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  input?: string;
  /** Called for every line on stdout or stderr, e.g. to report build progress. */
  onLine?: (line: string) => void;
  /** Stream the output to this process's stdout/stderr instead of only capturing it. */
  inherit?: boolean;
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export class CommandError extends Error {
  readonly result: RunResult;

  constructor(command: string, result: RunResult) {
    const output = tail(`${result.stdout}\n${result.stderr}`, 40);
    super(`\`${command}\` exited with ${result.code}${output ? `:\n${output}` : ''}`);
    this.name = 'CommandError';
    this.result = result;
  }
}

export function tail(text: string, lines: number): string {
  return text.trim().split('\n').slice(-lines).join('\n');
}

/** Runs a command to completion; resolves with its exit code and output, even when non-zero. */
export function spawnCollect(cmd: string, args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let pending = '';
    const feed = (chunk: string): void => {
      if (!options.onLine) return;
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) options.onLine(line);
    };
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      feed(chunk);
      if (options.inherit) process.stdout.write(chunk);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      feed(chunk);
      if (options.inherit) process.stderr.write(chunk);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (pending && options.onLine) options.onLine(pending);
      resolvePromise({ code: code ?? (signal ? 128 : 1), stdout, stderr });
    });
    // A child that exits without reading its input (git show of a missing branch) closes the pipe first.
    child.stdin.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') reject(error);
    });
    child.stdin.end(options.input ?? '');
  });
}

/** Runs a command and throws a CommandError with its output when it fails. */
export async function run(cmd: string, args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  const result = await spawnCollect(cmd, args, options);
  if (result.code !== 0) throw new CommandError([cmd, ...args].join(' '), result);
  return result;
}
