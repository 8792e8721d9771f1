import { vi } from 'vitest';
import { REPO_ROOT } from './run-cli.ts';
import { FlotillaCommand } from '../../src/cli/base-command.ts';

/** Runs a command class in-process, capturing what it logs and the exit code oclif would use. */
export async function runInProcess(
  command: { run(argv: string[], opts: { root: string }): Promise<unknown> },
  argv: string[],
): Promise<{ code: number; stdout: string }> {
  const chunks: string[] = [];
  const log = vi.spyOn(FlotillaCommand.prototype, 'log').mockImplementation((message?: string) => {
    chunks.push(`${message ?? ''}\n`);
  });
  let code = 0;
  try {
    await command.run([...argv, '--no-color'], { root: REPO_ROOT });
  } catch (e) {
    code = (e as { oclif?: { exit?: number } }).oclif?.exit ?? 1;
    chunks.push(e instanceof Error ? e.message : String(e));
  } finally {
    log.mockRestore();
  }
  return { code, stdout: chunks.join('') };
}
