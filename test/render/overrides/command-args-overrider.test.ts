import { describe, expect, it } from 'vitest';
import type { CommandArgsOverrider, KubeObject } from '../../../src/model/index.ts';
import { applyCommandArgsOverriders, type CommandArgsField } from '../../../src/render/overrides/command-args-overrider.ts';

function deployment(containers: Record<string, unknown>[]): KubeObject {
  return { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { template: { spec: { containers } } } };
}

function containersOf(obj: KubeObject): unknown {
  return (obj['spec'] as { template: { spec: { containers: unknown } } }).template.spec.containers;
}

describe('commandOverrider and argsOverrider (commandargsoverride.go, docs/karmada-compatibility.md#the-overriders)', () => {
  it.each<[string, CommandArgsField, Record<string, unknown>[], CommandArgsOverrider[], unknown]>([
    [
      'add to an absent list creates it',
      'args',
      [{ name: 'app' }],
      [{ containerName: 'app', operator: 'add', value: ['--v'] }],
      [{ name: 'app', args: ['--v'] }],
    ],
    [
      'remove from an absent list creates an empty one',
      'command',
      [{ name: 'app' }],
      [{ containerName: 'app', operator: 'remove', value: ['x'] }],
      [{ name: 'app', command: [] }],
    ],
    [
      'a null list counts as absent',
      'args',
      [{ name: 'app', args: null }],
      [{ containerName: 'app', operator: 'add', value: ['a'] }],
      [{ name: 'app', args: ['a'] }],
    ],
    [
      'add appends and keeps duplicates',
      'args',
      [{ name: 'app', args: ['--a'] }],
      [{ containerName: 'app', operator: 'add', value: ['--a', '--b'] }],
      [{ name: 'app', args: ['--a', '--a', '--b'] }],
    ],
    [
      'remove drops every occurrence',
      'args',
      [{ name: 'app', args: ['--a', '--b', '--a'] }],
      [{ containerName: 'app', operator: 'remove', value: ['--a'] }],
      [{ name: 'app', args: ['--b'] }],
    ],
    [
      'the args example: remove then add',
      'args',
      [{ name: 'app', args: ['--a', '--b', '--a'] }],
      [
        { containerName: 'app', operator: 'remove', value: ['--a'] },
        { containerName: 'app', operator: 'add', value: ['--c'] },
      ],
      [{ name: 'app', args: ['--b', '--c'] }],
    ],
    [
      'only the named container changes',
      'command',
      [
        { name: 'a', command: ['x'] },
        { name: 'b', command: ['y'] },
      ],
      [{ containerName: 'b', operator: 'add', value: ['z'] }],
      [
        { name: 'a', command: ['x'] },
        { name: 'b', command: ['y', 'z'] },
      ],
    ],
    [
      'every container with that name changes',
      'command',
      [{ name: 'a' }, { name: 'a', command: ['y'] }],
      [{ containerName: 'a', operator: 'add', value: ['z'] }],
      [
        { name: 'a', command: ['z'] },
        { name: 'a', command: ['y', 'z'] },
      ],
    ],
    [
      'an unknown container name is a no-op',
      'args',
      [{ name: 'a', args: ['x'] }],
      [{ containerName: 'zz', operator: 'add', value: ['z'] }],
      [{ name: 'a', args: ['x'] }],
    ],
    [
      'non-string elements read as Go %s',
      'args',
      [{ name: 'a', args: [8080] }],
      [{ containerName: 'a', operator: 'add', value: [] }],
      [{ name: 'a', args: ['%!s(int64=8080)'] }],
    ],
  ])('%s', (_name, field, containers, entries, want) => {
    const input = deployment(containers);
    const before = JSON.stringify(input);
    const result = applyCommandArgsOverriders(input, field, entries);
    expect(result.ok && containersOf(result.doc)).toEqual(want);
    expect(JSON.stringify(input)).toBe(before);
  });

  it('applies to a Pod spec and leaves other kinds alone', () => {
    const pod: KubeObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'a' }] } };
    const result = applyCommandArgsOverriders(pod, 'command', [{ containerName: 'a', operator: 'add', value: ['sh'] }]);
    expect(result.ok && result.doc['spec']).toEqual({ containers: [{ name: 'a', command: ['sh'] }] });
    const cm: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, spec: { containers: [{ name: 'a' }] } };
    expect(applyCommandArgsOverriders(cm, 'command', [{ containerName: 'a', operator: 'add', value: ['sh'] }])).toEqual({ ok: true, doc: cm });
  });

  it('never touches initContainers', () => {
    const pod: KubeObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { initContainers: [{ name: 'a' }], containers: [] } };
    expect(applyCommandArgsOverriders(pod, 'args', [{ containerName: 'a', operator: 'add', value: ['x'] }])).toEqual({ ok: true, doc: pod });
  });

  it('fails on a list that is not a list, naming the entry and path', () => {
    const result = applyCommandArgsOverriders(deployment([{ name: 'a', args: 'x' }]), 'args', [
      { containerName: 'b', operator: 'add', value: ['y'] },
      { containerName: 'a', operator: 'add', value: ['y'] },
    ]);
    expect(result).toMatchObject({ ok: false, entry: 1, path: '/spec/template/spec/containers/0/args' });
  });
});
