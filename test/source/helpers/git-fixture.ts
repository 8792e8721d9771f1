import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A real git repository in a temp folder, driven through the `git` binary. */
export interface GitFixture {
  dir: string;
  git(...args: string[]): string;
  write(file: string, content: string | Buffer): void;
  symlink(file: string, target: string): void;
  /** Stages everything and commits; returns the commit id. */
  commit(message: string): string;
}

const created: string[] = [];

/** A fresh temp folder, removed by {@link removeFixtures}. */
export function tempDir(prefix = 'flotilla-source-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  created.push(dir);
  return dir;
}

/** Runs git with a fixed identity and clock, so fixtures are reproducible. */
export function runGitIn(cwd: string, args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      HOME: cwd,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_AUTHOR_NAME: 'Test',
      GIT_AUTHOR_EMAIL: 'test@example.com',
      GIT_COMMITTER_NAME: 'Test',
      GIT_COMMITTER_EMAIL: 'test@example.com',
      GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z',
      GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z',
    },
  }).trim();
}

/** A new repository on branch `main` at `dir` (a fresh temp folder when omitted). */
export function createGitRepo(dir = tempDir()): GitFixture {
  mkdirSync(dir, { recursive: true });
  runGitIn(dir, ['init', '-q', '-b', 'main']);
  return {
    dir,
    git: (...args) => runGitIn(dir, args),
    write(file, content) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), content);
    },
    symlink(file, target) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      symlinkSync(target, path.join(dir, file));
    },
    commit(message) {
      runGitIn(dir, ['add', '-A']);
      runGitIn(dir, ['commit', '-q', '--allow-empty', '-m', message]);
      return runGitIn(dir, ['rev-parse', 'HEAD']);
    },
  };
}

/** Removes every folder made by {@link tempDir}. */
export function removeFixtures(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}
