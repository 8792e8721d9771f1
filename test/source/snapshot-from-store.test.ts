import { describe, expect, it } from 'vitest';
import { PathNotFoundError, RefNotFoundError, snapshotFromStore } from '../../src/source/index.ts';
import { FakeGitStore, type FakeFile } from '../fakes/git-store.ts';

const target = { repo: 'fleet', ref: 'main', root: '/fleet', path: '' };

async function read(files: Record<string, FakeFile>, path = '') {
  const store = new FakeGitStore();
  store.commit(files);
  return snapshotFromStore(store, { ...target, path });
}

describe('snapshotFromStore', () => {
  it.each([
    [
      'reads yaml, yml and json in any case',
      { 'a.yaml': 'a', 'b.yml': 'b', 'c.json': '{}', 'D.YAML': 'd', 'e.txt': 'e', Makefile: 'x' },
      ['D.YAML', 'a.yaml', 'b.yml', 'c.json'],
    ],
    ['skips every path with a dot component', { '.a.yaml': 'a', 'x/.b/c.yaml': 'c', 'x/d.yaml': 'd' }, ['x/d.yaml']],
    ['skips flotilla.yaml at the fleet root only', { 'flotilla.yaml': '', 'apps/flotilla.yaml': 'kind: X' }, ['apps/flotilla.yaml']],
    ['excludes by a folder glob', { 'flotilla.yaml': 'exclude: ["drafts/**"]', 'drafts/a.yaml': 'a', 'apps/b.yaml': 'b' }, ['apps/b.yaml']],
    ['excludes everything under a folder a glob names', { 'flotilla.yaml': 'exclude: [vendor]', 'vendor/x/a.yaml': 'a', 'b.yaml': 'b' }, ['b.yaml']],
    ['excludes by an extension glob', { 'flotilla.yaml': 'exclude: ["**/*.json"]', 'a/b.json': '{}', 'c.json': '{}', 'd.yaml': 'd' }, ['d.yaml']],
    ['sorts by path', { 'b/a.yaml': '', 'a/b.yaml': '', 'a.yaml': '' }, ['a.yaml', 'a/b.yaml', 'b/a.yaml']],
  ])('%s', async (_case, files, expected) => {
    const snapshot = await read(files);
    expect(snapshot.files.map((file) => file.path)).toEqual(expected);
    expect(snapshot.diagnostics).toEqual([]);
  });

  it.each([
    ['a symlink is a warning, never followed', { 'a.yaml': { symlink: '/etc/passwd' } }, 'a.yaml', 'warning', /^symlink not followed/],
    ['a symlinked folder is a warning', { apps: { symlink: '../other' } }, 'apps', 'warning', /^symlink not followed/],
    ['a submodule is a warning', { vendor: { submodule: 'a'.repeat(40) } }, 'vendor', 'warning', /^submodule not read/],
    ['a binary file is an error (its objects must not look deleted)', { 'a.yaml': Buffer.from([1, 0, 2]) }, 'a.yaml', 'error', /^binary file not read/],
    ['a bad flotilla.yaml is an error at its position', { 'flotilla.yaml': 'exclude: [a\n' }, 'flotilla.yaml', 'error', /./],
    ['a symlinked flotilla.yaml is an error', { 'flotilla.yaml': { symlink: 'x.yaml' } }, 'flotilla.yaml', 'error', /^symlink not followed/],
  ])('%s', async (_case, files, file, severity, message) => {
    const snapshot = await read(files);
    expect(snapshot.files).toEqual([]);
    expect(snapshot.diagnostics).toHaveLength(1);
    expect(snapshot.diagnostics[0]).toMatchObject({ file, severity, message: expect.stringMatching(message) });
  });

  it('does not warn about a symlink or submodule the config excludes', async () => {
    const snapshot = await read({
      'flotilla.yaml': 'exclude: [vendor, "*.link.yaml"]',
      vendor: { submodule: 'b'.repeat(40) },
      'x.link.yaml': { symlink: 'y' },
    });
    expect(snapshot.diagnostics).toEqual([]);
  });

  it('keeps reading when the config is wrong, with defaults', async () => {
    const snapshot = await read({ 'flotilla.yaml': 'statusBranch: 3\n', 'a.yaml': 'a' });
    expect(snapshot.files.map((file) => file.path)).toEqual(['a.yaml']);
    expect(snapshot.config.statusBranch).toBe('status');
    expect(snapshot.diagnostics).toEqual([
      { file: 'flotilla.yaml', line: 1, column: 15, severity: 'error', message: 'statusBranch must be a non-empty branch name', field: 'statusBranch' },
    ]);
  });

  it('reports an unreadable blob as an error and reads the rest', async () => {
    const store = new FakeGitStore();
    store.commit({ 'a.yaml': 'a', 'b.yaml': 'b' });
    const [, b] = (await store.listTree((await store.resolveRef('main'))!, ''))!;
    store.lose(b!.oid);
    const snapshot = await snapshotFromStore(store, target);
    expect(snapshot.files.map((file) => [file.path, file.content.toString()])).toEqual([['a.yaml', 'a']]);
    expect(snapshot.diagnostics).toMatchObject([{ file: 'b.yaml', severity: 'error' }]);
  });

  it('reads a sub-folder with paths relative to it', async () => {
    const snapshot = await read({ 'fleet/flotilla.yaml': 'statusBranch: s', 'fleet/a/b.yaml': 'b', 'c.yaml': 'c' }, 'fleet');
    expect(snapshot.files.map((file) => file.path)).toEqual(['a/b.yaml']);
    expect(snapshot.config.statusBranch).toBe('s');
  });

  it.each([
    ['an unknown ref', { ref: 'nope' }, RefNotFoundError],
    ['a missing folder', { path: 'nope' }, PathNotFoundError],
  ])('rejects %s', async (_case, override, errorClass) => {
    const store = new FakeGitStore();
    store.commit({ 'a.yaml': 'a' });
    await expect(snapshotFromStore(store, { ...target, ...override })).rejects.toBeInstanceOf(errorClass);
  });
});
