import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseFleetConfig, parseFleetConfigText } from '../../src/source/index.ts';
import { readPlainYaml } from '../../src/source/plain-yaml.ts';
import { REPO_ROOT } from '../cli/run-cli.ts';

const EXAMPLE = readFileSync(join(REPO_ROOT, 'examples/repo/flotilla.yaml'), 'utf8');

/** Read by js-yaml alone: the `yaml` library would read the same value. */
const PLAIN: [string, string][] = [
  ['the example repository', EXAMPLE],
  ['what flotilla init writes', '# Flotilla settings\nstatusBranch: status\nexclude:\n  - "docs/**"\nprune:\n  enabled: false\n'],
  ['an empty file', ''],
  ['a comment', '# nothing yet\n'],
  ['flow collections', 'exclude: ["a/**", b.yaml]\nprune: {enabled: true, maxFraction: 0.5}\n'],
  ['null and boolean words', 'a: ~\nb: Null\nc:\nd: TRUE\ne: False\n'],
  ['numbers', 'a: 0\nb: -12\nc: 0.25\nd: 123456789012345\n'],
  ['quoted strings on one line', "a: 'it''s'\nb: \"x y\"\nc: '0x1F'\nd: \"yes\"\n"],
  ['unknown keys kept for later stages', 'worksBranch: rendered\nrender:\n  allowRemoteBases: true\n'],
  ['tenants', 'tenants:\n  - name: team-a\n    paths: [apps/a]\n    namespaces: [a]\n'],
];

/** Left to the `yaml` library: the two read these differently, or a problem needs its position. */
const LEFT_TO_YAML: [string, string][] = [
  ['octal', 'a: 0o17\n'],
  ['hexadecimal', 'a: 0x1F\n'],
  ['binary', 'a: 0b101\n'],
  ['underscores', 'a: 1_000\n'],
  ['a leading zero', 'a: 012\n'],
  ['an exponent', 'a: 1e3\n'],
  ['infinity', 'a: .inf\n'],
  ['minus zero', 'a: -0\n'],
  ['a YAML 1.1 directive', '%YAML 1.1\n---\na: yes\n'],
  ['a tag', 'a: !!binary aGk=\n'],
  ['an anchor and alias', 'a: &x 1\nb: *x\n'],
  ['a merge key', 'base: {a: 1}\nc:\n  <<: {a: 2}\n'],
  ['a block scalar', 'a: |\n  text\n'],
  ['a folded plain scalar', 'a: one\n  two\n'],
  ['a double-quoted escape', 'a: "\\x41"\n'],
  ['a collection as a key', '? [a, b]\n: c\n'],
  ['an empty key', '? \n: a\n'],
  ['an empty key in a flow mapping', '{: a}\n'],
  ['a null word as a key', 'null: a\n'],
  ['a tilde as a key', '~: a\n'],
  ['a key past the implicit key limit', `${'k'.repeat(1025)}: a\n`],
  ['two documents', 'a: 1\n---\nb: 2\n'],
  ['a duplicate key', 'a: 1\na: 2\n'],
  ['broken YAML', 'exclude: [a\n'],
  ['a plain string with spaces', 'statusBranch: my status\n'],
  ['a word that starts with a digit', 'resync: 5m\n'],
];

describe('readPlainYaml', () => {
  it.each(PLAIN)('reads %s as the yaml library does', (_case, text) => {
    const read = readPlainYaml(text);
    expect(read).toBeDefined();
    expect(read?.value ?? null).toEqual(parse(text) ?? null);
  });

  it.each(LEFT_TO_YAML)('leaves %s to the yaml library', (_case, text) => {
    expect(readPlainYaml(text)).toBeUndefined();
  });
});

describe('parseFleetConfigText', () => {
  it.each([
    ...PLAIN,
    ...LEFT_TO_YAML,
    ['a list at the top', '- a\n'],
    ['exclude that is not a list of strings', 'exclude: [1]\n'],
    ['an empty status branch', 'statusBranch: ""\n'],
    ['prune.enabled that is not a boolean', 'prune:\n  enabled: "yes"\n'],
    ['a fraction above one', 'prune:\n  maxFraction: 2\n'],
    ['a feature gate it does not honour', 'featureGates:\n  Failover: true\n  FederatedQuotaEnforcement: true\n'],
    ['a tenant without a name', 'tenants:\n  - paths: [apps/a]\n'],
  ])('reads %s with the settings and diagnostics of parseFleetConfig', async (_case, text) => {
    expect(await parseFleetConfigText(text)).toEqual(parseFleetConfig(text));
  });
});
