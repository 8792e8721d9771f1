import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../src/model/index.ts';
import { maskSecret, maskSecretPair } from '../../src/render/mask-secrets.ts';

const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

function secret(pin: string, annotations?: Record<string, string>): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: 'db', namespace: 'shop', ...(annotations ? { annotations } : {}) },
    data: { pin: Buffer.from(pin).toString('base64') },
    stringData: { user: 'admin' },
  };
}

describe('maskSecret', () => {
  it.each([
    ['data and stringData', secret('1234'), { data: { pin: '***' }, stringData: { user: '***' } }],
    [
      "kubectl's last-applied copy of the values",
      secret('1234', { [LAST_APPLIED]: '{"data":{"pin":"MTIzNA=="}}', team: 'a' }),
      { metadata: { name: 'db', namespace: 'shop', annotations: { [LAST_APPLIED]: '***', team: 'a' } } },
    ],
  ])('masks %s', (_, object, expected) => {
    const masked = maskSecret(object);
    expect(masked).toMatchObject(expected);
    expect(JSON.stringify(masked)).not.toMatch(/MTIzNA|1234|admin/);
  });

  it('leaves other kinds alone', () => {
    const map: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', annotations: { [LAST_APPLIED]: 'x' } }, data: { a: 'b' } };
    expect(maskSecret(map)).toBe(map);
  });
});

describe('maskSecretPair', () => {
  it('marks changed values, last-applied included, as kubectl diff does', () => {
    const [before, after] = maskSecretPair(secret('1', { [LAST_APPLIED]: 'one' }), secret('2', { [LAST_APPLIED]: 'two' }));
    expect(before?.['data']).toEqual({ pin: '*** (before)' });
    expect(after?.['data']).toEqual({ pin: '*** (after)' });
    expect(after?.['stringData']).toEqual({ user: '***' });
    expect(after?.metadata.annotations?.[LAST_APPLIED]).toBe('*** (after)');
  });
});
