import { describe, expect, it } from 'vitest';
import { pushMatters, watchedBranch } from '../../../src/source/triggers/watched-branch.ts';

describe('watchedBranch', () => {
  it.each([
    ['a branch name is that branch', 'main', 'main'],
    ['a full branch ref is that branch', 'refs/heads/release/1', 'release/1'],
    ['a branch with ancestry steps is the branch', 'main~2', 'main'],
    ['HEAD is no particular branch', 'HEAD', undefined],
    ['a commit id is no branch', 'abcdef1234567', undefined],
    ['a tag ref is no branch', 'refs/tags/v1', undefined],
  ])('%s', (_name, ref, branch) => {
    expect(watchedBranch(ref)).toBe(branch);
  });
});

describe('pushMatters', () => {
  it.each([
    ['a push to the watched branch matters', 'refs/heads/main', 'main', true],
    ['a push to another branch does not', 'refs/heads/feature', 'main', false],
    ['a push to the status branch never does, even when any branch could', 'refs/heads/status', 'HEAD', false],
    ['a push to any other branch matters when the ref is HEAD', 'refs/heads/feature', 'HEAD', true],
    ['a tag push does not', 'refs/tags/v1', 'HEAD', false],
  ])('%s', (_name, pushed, ref, expected) => {
    expect(pushMatters(pushed, ref, 'status')).toBe(expected);
  });
});
