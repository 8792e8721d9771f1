import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../../src/source/triggers/webhook-verify.ts';

const SECRET = 's3cret';
const body = Buffer.from(JSON.stringify({ ref: 'refs/heads/main', after: 'a'.repeat(40) }));
const sign = (b: Buffer, key = SECRET): string => `sha256=${createHmac('sha256', key).update(b).digest('hex')}`;

describe('verifyWebhook', () => {
  it.each([
    ['a GitHub push with the right signature is a push', { 'x-github-event': 'push', 'x-hub-signature-256': sign(body) }, body, 'push'],
    ['a GitHub push signed with another key is refused', { 'x-github-event': 'push', 'x-hub-signature-256': sign(body, 'other') }, body, 'unauthorized'],
    ['a GitHub push without a signature is refused', { 'x-github-event': 'push' }, body, 'unauthorized'],
    [
      'a GitHub push whose body was altered after signing is refused',
      { 'x-github-event': 'push', 'x-hub-signature-256': sign(body) },
      Buffer.from(`${body.toString()} `),
      'unauthorized',
    ],
    ['a signed GitHub ping is a ping', { 'x-github-event': 'ping', 'x-hub-signature-256': sign(body) }, body, 'ping'],
    ['a signed GitHub issue event is another event', { 'x-github-event': 'issues', 'x-hub-signature-256': sign(body) }, body, 'other-event'],
    ['a GitLab push with the right token is a push', { 'x-gitlab-event': 'Push Hook', 'x-gitlab-token': SECRET }, body, 'push'],
    ['a GitLab push with a wrong token is refused', { 'x-gitlab-event': 'Push Hook', 'x-gitlab-token': 'nope' }, body, 'unauthorized'],
    ['a GitLab push with a token that is a prefix of the secret is refused', { 'x-gitlab-event': 'Push Hook', 'x-gitlab-token': 's3c' }, body, 'unauthorized'],
    ['a GitLab tag push is another event', { 'x-gitlab-event': 'Tag Push Hook', 'x-gitlab-token': SECRET }, body, 'other-event'],
    ['a request from neither provider is a bad request', {}, body, 'bad-request'],
    [
      'a signed push whose body is not JSON is a bad request',
      { 'x-github-event': 'push', 'x-hub-signature-256': sign(Buffer.from('{')) },
      Buffer.from('{'),
      'bad-request',
    ],
  ])('%s', (_name, headers, payload, kind) => {
    expect(verifyWebhook(headers, payload, SECRET).kind).toBe(kind);
  });

  it.each([['null'], ['42'], ['[]'], ['"refs/heads/main"']])('a signed push whose body is %s is a bad request, not a crash', (text) => {
    const raw = Buffer.from(text);
    expect(verifyWebhook({ 'x-github-event': 'push', 'x-hub-signature-256': sign(raw) }, raw, SECRET)).toEqual({
      kind: 'bad-request',
      reason: 'body is not a JSON object',
    });
  });

  it('reads the pushed ref and commit from a verified push', () => {
    expect(verifyWebhook({ 'x-github-event': 'push', 'x-hub-signature-256': sign(body) }, body, SECRET)).toEqual({
      kind: 'push',
      provider: 'github',
      ref: 'refs/heads/main',
      after: 'a'.repeat(40),
    });
  });
});
