import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

// `validate` asks the git binary without a `git --version` first; a git that is missing or too old
// still hands the read to isomorphic-git, with the same output (src/source/open-git-store.ts).
let scratch: string;
let fleet: string;

/** A folder for PATH holding `git` as this script, or no git at all. */
function pathWithGit(name: string, script?: string): string {
  const dir = join(scratch, name);
  mkdirSync(dir);
  if (script !== undefined) {
    writeFileSync(join(dir, 'git'), script);
    chmodSync(join(dir, 'git'), 0o755);
  }
  return dir;
}

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'flotilla-git-binary-'));
  fleet = join(scratch, 'fleet');
  expect(runCli(['init', fleet]).code).toBe(0);
  // An edit not committed: `git status` finds it, or isomorphic-git without git.
  writeFileSync(join(fleet, 'README.md'), `${readFileSync(join(fleet, 'README.md'), 'utf8')}\nedited\n`);
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('validate and the git binary', () => {
  it('starts no `git --version`: the real calls say whether git can serve', () => {
    const calls = join(scratch, 'calls.log');
    const git = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    const dir = pathWithGit('logging', `#!/bin/sh\necho "$*" >> '${calls}'\nexec '${git}' "$@"\n`);
    expect(runCli(['validate', '--repo', fleet], undefined, { PATH: `${dir}:${process.env.PATH}` }).code).toBe(0);
    const logged = readFileSync(calls, 'utf8').trim().split('\n');
    expect(logged.some((line) => line.includes('rev-parse'))).toBe(true);
    expect(logged.filter((line) => line === '--version')).toEqual([]);
  });

  it.each([
    ['missing', undefined],
    ['too old for --end-of-options', '#!/bin/sh\n[ "$1" = --version ] && echo "git version 2.23.0" && exit 0\nexit 129\n'],
  ])('reads through isomorphic-git, with the same output, when git is %s', (name, script) => {
    const expected = runCli(['validate', '--repo', fleet, '-o', 'json']);
    expect(expected.code).toBe(0);
    expect(expected.stdout).toContain('README.md');
    const dir = pathWithGit(name.split(' ')[0]!, script);
    expect(runCli(['validate', '--repo', fleet, '-o', 'json'], undefined, { PATH: dir })).toEqual(expected);
  });
});
