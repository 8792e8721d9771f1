import { describe, expect, it } from 'vitest';
import type { Tenant } from '../../../src/model/index.ts';
import { codeowners } from '../../../src/render/tenancy/index.ts';

const tenant = (name: string, paths: string[], owners: string[]): Tenant => ({ name, paths, owners, namespaces: [name], clusterScoped: [] });
const rules = (text: string) => text.split('\n').filter((l) => l !== '' && !l.startsWith('# Written') && !l.startsWith('# tenant') && !l.startsWith('# the'));

describe('codeowners', () => {
  it.each([
    [
      'the first tenant listed wins a file, so it is written last',
      [tenant('a', ['teams/**'], ['@a']), tenant('b', ['teams/b/**'], ['@b'])],
      '',
      [],
      ['/teams/b/** @b', '/teams/** @a'],
    ],
    [
      'a fleet in a sub-folder anchors its globs there',
      [tenant('a', ['teams/a/**'], ['@a'])],
      'fleet',
      ['@p'],
      ['* @p', '/fleet/teams/a/** @a', '/fleet/flotilla.yaml @p'],
    ],
    [
      'a glob CODEOWNERS cannot express is a comment',
      [tenant('a', ['teams/{a,b}/**'], ['@a'])],
      '',
      [],
      ['# teams/{a,b}/**: not expressible in CODEOWNERS (braces, brackets or !); list its folders instead'],
    ],
    ['a tenant without owners is said to have none', [tenant('a', ['teams/a/**'], [])], '', [], ["# (no owners: its files are reviewed as the platform's)"]],
  ])('%s', (_what, tenants, root, platform, expected) => {
    expect(rules(codeowners(tenants, root, platform))).toEqual(expected);
  });
});
