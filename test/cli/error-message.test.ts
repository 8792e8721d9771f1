import { describe, expect, it } from 'vitest';
import { errorMessage } from '../../src/cli/error-message.ts';
import { NotAGitRepositoryError, RefNotFoundError } from '../../src/source/index.ts';

function systemError(code: string, path?: string): Error {
  return Object.assign(new Error(`${code}: raw text, open '${path}'`), { code, ...(path ? { path } : {}) });
}

describe('errorMessage', () => {
  it.each([
    [
      'an engine error with a hint',
      new NotAGitRepositoryError('/tmp/x'),
      '/tmp/x is not inside a git repository\nHint: Flotilla reads committed files only: make the folder a repository (git init && git add -A && git commit -m fleet) or point --repo at one',
    ],
    [
      'an engine error',
      new RefNotFoundError('repo', 'nope'),
      'ref nope not found in repository repo\nHint: check --ref (a branch, tag, commit or HEAD~1); a new repository needs a first commit',
    ],
    ['a missing file', systemError('ENOENT', '/nope.yaml'), '/nope.yaml: no such file or directory'],
    ["a refused permission without a path keeps Node's text", systemError('EACCES'), "EACCES: raw text, open 'undefined'"],
    [
      'a refused connection names the address',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6443'), { code: 'ECONNREFUSED', address: '127.0.0.1', port: 6443 }),
      '127.0.0.1:6443: connection refused',
    ],
    ['an unknown system code', systemError('EWHATEVER'), "EWHATEVER: raw text, open 'undefined'"],
    ['a plain error', new Error('boom'), 'boom'],
    ['a thrown string', 'text', 'text'],
  ])('%s', (_, error, expected) => {
    expect(errorMessage(error)).toBe(expected);
  });

  it('never names the class', () => {
    expect(errorMessage(new NotAGitRepositoryError('/tmp/x'))).not.toContain('Error');
  });
});
