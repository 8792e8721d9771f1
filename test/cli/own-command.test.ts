import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ownCommand } from '../../src/cli/own-command.ts';
import { runCli } from './run-cli.ts';

const pjson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

describe('ownCommand: which arguments run without oclif', () => {
  it.each([
    ['a command and its flags', ['validate', '--repo', '.'], { id: 'validate', args: ['--repo', '.'] }],
    ['a command alone', ['plan'], { id: 'plan', args: [] }],
    ['a topic command named with a space', ['tenants', 'codeowners', '--check'], { id: 'tenants:codeowners', args: ['--check'] }],
    ['a topic command named with a colon', ['interpret:test', 'suite'], { id: 'interpret:test', args: ['suite'] }],
    ['the topic itself when what follows is no command', ['interpret', '--check'], { id: 'interpret', args: ['--check'] }],
    ['a command’s --help', ['validate', '--help'], undefined],
    ['a command’s -h', ['plan', '-o', 'json', '-h'], undefined],
    ['the help plugin’s command', ['help', 'plan'], undefined],
    ['the version plugin’s command', ['version'], undefined],
    ['the autocomplete plugin’s command', ['autocomplete', 'bash'], undefined],
    ['no command at all', [], undefined],
    ['an unknown command (oclif suggests one)', ['valdate'], undefined],
    ['a flag before any command', ['--repo', '.', 'validate'], undefined],
  ])('%s', (_name, argv, expected) => {
    expect(ownCommand(pjson, argv)).toEqual(expected);
  });
});

// oclif logs through `debug` (DEBUG=*) from its Config, its Command and its error handler: a
// command that runs on Flotilla's own base and oclif's parser alone loads none of them.
describe('a command that parses runs without oclif’s Command, Config or logger', () => {
  it.each([
    ['runs without them', ['validate', '--repo', '.', '--path', 'examples/repo', '--ref', 'HEAD'], 0, false],
    ['that does not parse goes to oclif, as before', ['validate', '--bogus'], 1, true],
  ])('a command %s', (_case, argv, code, logged) => {
    const out = runCli(argv, undefined, { DEBUG: '*' });
    expect(out.code).toBe(code);
    expect(/ oclif:/.test(out.stderr)).toBe(logged);
  });
});
