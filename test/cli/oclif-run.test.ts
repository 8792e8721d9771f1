import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startingPjson } from '../../src/cli/oclif-run.ts';

const pjson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const PLUGINS = ['@oclif/plugin-help', '@oclif/plugin-autocomplete', '@oclif/plugin-version'];

describe('startingPjson: oclif plugins only where they can matter', () => {
  it.each([
    ['one of Flotilla’s commands', ['validate', '--repo', '.'], undefined],
    ['a topic command', ['interpret', 'test', 'suite'], undefined],
    ['a command’s --help', ['validate', '--help'], PLUGINS],
    ['a command’s -h', ['plan', '-h'], PLUGINS],
    ['the help plugin’s command', ['help', 'plan'], PLUGINS],
    ['the version plugin’s command', ['version'], PLUGINS],
    ['the autocomplete plugin’s command', ['autocomplete', 'bash'], PLUGINS],
    ['no command at all', [], PLUGINS],
    ['an unknown command (its suggestion lists every command)', ['valdate'], PLUGINS],
  ])('%s', (_name, argv, plugins) => {
    const started = startingPjson(pjson, argv);
    expect(started.oclif.plugins).toEqual(plugins);
    expect({ ...started.oclif, plugins: undefined }).toEqual({ ...pjson.oclif, plugins: undefined });
  });

  it('leaves the package.json as read untouched', () => {
    startingPjson(pjson, ['validate']);
    expect(pjson.oclif.plugins).toEqual(PLUGINS);
  });
});
