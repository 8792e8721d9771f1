import { describe, expect, it } from 'vitest';
import { authFromEnvironment, authHeaders } from '../../src/source/git-auth.ts';

describe('authFromEnvironment', () => {
  it.each([
    ['no token', {}, undefined, {}],
    ['an empty token', { FLOTILLA_GIT_TOKEN: '' }, undefined, {}],
    ['a token', { FLOTILLA_GIT_TOKEN: 't' }, { token: 't' }, { Authorization: `Basic ${Buffer.from('x-access-token:t').toString('base64')}` }],
    [
      'a token and a user',
      { FLOTILLA_GIT_TOKEN: 't', FLOTILLA_GIT_USERNAME: 'me' },
      { username: 'me', token: 't' },
      { Authorization: `Basic ${Buffer.from('me:t').toString('base64')}` },
    ],
  ])('reads %s', (_case, env, auth, headers) => {
    expect(authFromEnvironment(env)).toEqual(auth);
    expect(authHeaders(authFromEnvironment(env))).toEqual(headers);
  });
});
