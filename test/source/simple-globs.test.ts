import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { simpleGlobMatcher } from '../../src/source/simple-globs.ts';

const PATHS = [
  'docs',
  'docs/a.yaml',
  'docs/a/b.yaml',
  'docs/.hidden/x.yaml',
  'docsx/a.yaml',
  'a/docs/b.yaml',
  'README.md',
  'x/README.md',
  'readme.md',
  'apps/web/deploy.yaml',
  'apps/web-2/deploy.yaml',
  'apps',
];

describe('simpleGlobMatcher', () => {
  it.each([[['docs/**']], [['README.md']], [['apps/web/**', 'README.md']], [['apps/web']], [['a_b-c.d/**']], [[]]])('matches %j as picomatch does', (globs) => {
    const simple = simpleGlobMatcher(globs);
    const reference = picomatch(globs, { dot: true });
    expect(simple).toBeDefined();
    expect(PATHS.filter((path) => simple?.(path))).toEqual(PATHS.filter((path) => reference(path)));
  });

  it.each([['**/testdata/**'], ['*.md'], ['docs/*'], ['./docs/**'], ['.github/**'], ['a/../b'], ['{a,b}/**'], ['a[bc]'], ['!docs'], ['docs/']])(
    'leaves %s to picomatch',
    (glob) => {
      expect(simpleGlobMatcher([glob])).toBeUndefined();
    },
  );
});
