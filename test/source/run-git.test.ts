import { describe, expect, it } from 'vitest';
import { isSupportedGitVersion } from '../../src/source/run-git.ts';

describe('isSupportedGitVersion', () => {
  it.each([
    ['a current Linux git', 'git version 2.39.5\n', true],
    ['Apple git', 'git version 2.39.3 (Apple Git-146)', true],
    ['the first supported version', 'git version 2.24.0', true],
    ['git 3', 'git version 3.0.0', true],
    ['a git without --end-of-options', 'git version 2.23.4', false],
    ['git 1', 'git version 1.9.1', false],
    ['unrecognised output', 'hub version', false],
  ])('accepts or refuses %s', (_case, output, supported) => {
    expect(isSupportedGitVersion(output)).toBe(supported);
  });
});
