import { describe, expect, it } from 'vitest';
import { openGitStore } from '../../src/source/index.ts';

describe('openGitStore', () => {
  it.each([
    ['the git binary when native is preferred and git exists', true, 'native'],
    ['isomorphic-git when native is not preferred', false, 'isomorphic'],
  ])('opens %s', async (_case, preferNative, kind) => {
    const store = await openGitStore({ gitdir: '/nowhere/.git', commonDir: '/nowhere/.git' }, preferNative);
    expect(store.kind).toBe(kind);
  });
});
