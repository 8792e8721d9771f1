import { describe, expect, it } from 'vitest';
import { isRemoteUrl, localPath, redactUrl } from '../../src/source/remote-url.ts';

describe('isRemoteUrl', () => {
  it.each([
    ['an https URL', 'https://github.com/acme/fleet.git', true],
    ['an http URL', 'http://127.0.0.1:8080/fleet.git', true],
    ['an scp-like address', 'git@github.com:acme/fleet.git', true],
    ['a file URL', 'file:///srv/fleet', false],
    ['a relative folder', 'examples/repo', false],
    ['an absolute folder', '/srv/fleet', false],
    ['the current folder', '.', false],
  ])('classifies %s', (_case, repo, remote) => {
    expect(isRemoteUrl(repo)).toBe(remote);
  });

  it('turns a file URL into a path', () => {
    expect(localPath('file:///srv/fleet')).toBe('/srv/fleet');
  });

  it.each([
    ['user and token', 'https://me:secret@host/x.git', 'https://host/x.git'],
    ['a token alone', 'https://secret@host/x.git', 'https://host/x.git'],
    ['no credentials', 'https://host/x.git', 'https://host/x.git'],
  ])('removes %s from a URL', (_case, url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
