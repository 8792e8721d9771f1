import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { contextConfig, kubeconfigPaths, mergeKubeconfigs } from '../../src/apply/kubeconfig.ts';

const file = (path: string, doc: object) => ({ path, text: stringify(doc) });
const a = file('/home/a/config', {
  clusters: [{ name: 'c1', cluster: { server: 'https://one', 'certificate-authority': 'ca.crt' } }],
  users: [{ name: 'u1', user: { token: 'first' } }],
  contexts: [{ name: 'member1', context: { cluster: 'c1', user: 'u1' } }],
  'current-context': '',
});
const b = file('/etc/b/config', {
  clusters: [
    { name: 'c1', cluster: { server: 'https://shadowed' } },
    { name: 'c2', cluster: { server: 'https://two' } },
  ],
  users: [
    { name: 'u1', user: { token: 'second' } },
    { name: 'u2', user: { 'client-key': '/abs/key' } },
  ],
  contexts: [
    { name: 'member1', context: { cluster: 'c2', user: 'u2' } },
    { name: 'member2', context: { cluster: 'c2', user: 'u2' } },
  ],
  'current-context': 'member2',
});

describe('mergeKubeconfigs', () => {
  const merged = mergeKubeconfigs([a, b]);
  it.each([
    ['the first file to name a cluster wins', merged.clusters.find((c) => c.name === 'c1')?.value['server'], 'https://one'],
    ['the first file to name a user wins', merged.users.find((u) => u.name === 'u1')?.value['token'], 'first'],
    ['the first file to name a context wins', merged.contexts.find((c) => c.name === 'member1')?.value['cluster'], 'c1'],
    ['names only in a later file are added', merged.contexts.map((c) => c.name), ['member1', 'member2']],
    ['the first non-empty current-context wins', merged.currentContext, 'member2'],
    ['relative file paths resolve against their own file', merged.clusters[0]?.value['certificate-authority'], '/home/a/ca.crt'],
    ['absolute paths stay', merged.users.find((u) => u.name === 'u2')?.value['client-key'], '/abs/key'],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('builds the document of one context alone, and nothing for an unknown one', () => {
    const doc = contextConfig(merged, 'member1') as { clusters: { name: string }[]; 'current-context': string };
    expect(doc.clusters.map((c) => c.name)).toEqual(['c1']);
    expect(doc['current-context']).toBe('member1');
    expect(contextConfig(merged, 'member9')).toBeUndefined();
  });

  it('names the file that is not a kubeconfig', () => {
    expect(() => mergeKubeconfigs([{ path: '/x', text: '- a list' }])).toThrow(/^kubeconfig \/x: not a kubeconfig/);
  });
});

describe('kubeconfigPaths', () => {
  it.each([
    ['--kubeconfig alone, required', { kubeconfig: '/f', env: '/a:/b' }, [{ path: '/f', required: true }]],
    [
      'every $KUBECONFIG file once, in order, optional',
      { env: '/a::/b:/a' },
      [
        { path: '/a', required: false },
        { path: '/b', required: false },
      ],
    ],
    ['~/.kube/config without either', { env: '', home: '/home/u' }, [{ path: '/home/u/.kube/config', required: false }]],
  ])('%s', (_name, location, expected) => {
    expect(kubeconfigPaths(location)).toEqual(expected);
  });
});
