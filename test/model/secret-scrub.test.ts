import { describe, expect, it } from 'vitest';
import { scrubSecretError, scrubSecretValues, secretValueForms } from '../../src/model/index.ts';
import type { KubeObject } from '../../src/model/index.ts';

const secret = (fields: Record<string, unknown>): KubeObject => ({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, ...fields });
const SERVER_MESSAGE = 'Secret "s" is invalid: .stringData.pin: expected string, got &value.valueUnstructured{Value:424242424242}';

describe('scrubSecretValues', () => {
  it.each<[string, KubeObject, string, string]>([
    [
      'a mistyped number as the API server quotes it',
      secret({ stringData: { pin: 424242424242 } }),
      SERVER_MESSAGE,
      'Secret "s" is invalid: .stringData.pin: expected string, got &value.valueUnstructured{Value:***}',
    ],
    ['a stringData value', secret({ stringData: { password: 'hunter22' } }), 'bad value "hunter22"', 'bad value "***"'],
    [
      'data as written and decoded',
      secret({ data: { token: Buffer.from('t0ken-value').toString('base64') } }),
      `got ${Buffer.from('t0ken-value').toString('base64')} (t0ken-value)`,
      'got *** (***)',
    ],
    ['a value holding another is masked whole', secret({ stringData: { a: 'abcd', b: 'abcdefgh' } }), 'x abcdefgh y abcd', 'x *** y ***'],
    ['a short value only as a whole word', secret({ stringData: { flag: 'on' } }), 'turned on: none of "on"', 'turned ***: none of "***"'],
    ['a boolean as it prints', secret({ stringData: { enabled: true } }), 'got true', 'got ***'],
    ['another kind is unchanged', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { a: 'hunter22' } }, 'hunter22', 'hunter22'],
    ['a Secret without values is unchanged', secret({}), 'nothing to hide', 'nothing to hide'],
  ])('%s', (_case, object, text, expected) => {
    expect(scrubSecretValues(text, object)).toBe(expected);
  });

  it('takes every form from several objects (the desired and the live copy)', () => {
    const desired = secret({ stringData: { a: 'new-secret' } });
    const live = secret({ data: { a: Buffer.from('old-secret').toString('base64') } });
    expect(scrubSecretValues('from old-secret to new-secret', desired, live)).toBe('from *** to ***');
  });

  it('lists the forms longest first', () => {
    expect(secretValueForms(secret({ stringData: { a: 'ab', b: 'abcdef', c: 7 } }))).toEqual(['abcdef', 'ab', '7']);
  });
});

describe('scrubSecretError', () => {
  it('scrubs the message and the stack in place, keeping the class', () => {
    class ApiError extends Error {}
    const error = new ApiError(SERVER_MESSAGE);
    const scrubbed = scrubSecretError(error, secret({ stringData: { pin: 424242424242 } }));
    expect(scrubbed).toBe(error);
    expect(scrubbed).toBeInstanceOf(ApiError);
    expect(scrubbed.message).not.toContain('424242424242');
    expect(scrubbed.stack).not.toContain('424242424242');
  });

  it('leaves errors about other kinds and non-errors alone', () => {
    const error = new Error('value 424242424242');
    expect(scrubSecretError(error, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } }).message).toBe('value 424242424242');
    expect(scrubSecretError('424242424242', secret({ stringData: { pin: 424242424242 } }))).toBe('424242424242');
  });
});
