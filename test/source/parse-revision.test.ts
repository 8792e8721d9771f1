import { describe, expect, it } from 'vitest';
import { parseRevision } from '../../src/source/parse-revision.ts';

describe('parseRevision', () => {
  it.each([
    ['a branch', 'main', { base: 'main', steps: [] }],
    ['a remote-tracking branch', 'origin/main', { base: 'origin/main', steps: [] }],
    ['HEAD~1', 'HEAD~1', { base: 'HEAD', steps: [{ kind: 'ancestor', generations: 1 }] }],
    ['a bare tilde', 'v1~', { base: 'v1', steps: [{ kind: 'ancestor', generations: 1 }] }],
    ['the second parent', 'abc1234^2', { base: 'abc1234', steps: [{ kind: 'parent', index: 2 }] }],
    [
      'chained steps',
      'main~2^^0',
      {
        base: 'main',
        steps: [
          { kind: 'ancestor', generations: 2 },
          { kind: 'parent', index: 1 },
          { kind: 'parent', index: 0 },
        ],
      },
    ],
    ['a peel', 'v1^{commit}', { base: 'v1', steps: [{ kind: 'peel', type: 'commit' }] }],
    ['@ as HEAD', '@~3', { base: 'HEAD', steps: [{ kind: 'ancestor', generations: 3 }] }],
  ])('splits %s', (_case, text, expected) => {
    expect(parseRevision(text)).toEqual(expected);
  });

  it.each([
    ['a reflog entry', 'main@{1}'],
    ['a range', 'a..b'],
    ['a path', 'HEAD:apps'],
    ['a message search', ':/fix'],
    ['an empty string', ''],
    ['a step alone', '~1'],
    ['a stray brace', 'main^{'],
  ])('leaves %s to native git', (_case, text) => {
    expect(parseRevision(text)).toBeUndefined();
  });
});
