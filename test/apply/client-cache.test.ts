import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { ClientCache } from '../../src/apply/connect.ts';
import type { Cluster } from '../../src/model/index.ts';

const cluster = (name: string): Cluster => ({ apiVersion: 'cluster.karmada.io/v1alpha1', kind: 'Cluster', metadata: { name }, spec: {} });

function kubeconfig(server: string, contexts: readonly string[]): string {
  return stringify({
    clusters: [{ name: 'c', cluster: { server } }],
    users: [{ name: 'u', user: { token: 't' } }],
    contexts: contexts.map((name) => ({ name, context: { cluster: 'c', user: 'u' } })),
    'current-context': '',
  });
}

describe('ClientCache', () => {
  const dir = mkdtempSync(join(tmpdir(), 'flotilla-client-cache-'));
  const file = join(dir, 'config');

  it('keeps a client while its kubeconfig is unchanged, and makes a new one when it changes', async () => {
    writeFileSync(file, kubeconfig('https://127.0.0.1:1', ['member1', 'member2']));
    const cache = new ClientCache({ kubeconfig: file });
    const first = await cache.connect([cluster('member1'), cluster('member2')]);
    const again = await cache.connect([cluster('member1'), cluster('member2')]);
    expect(again.get('member1')).toBe(first.get('member1'));
    expect(again.get('member2')).toBe(first.get('member2'));

    writeFileSync(file, kubeconfig('https://127.0.0.1:2', ['member1', 'member2']));
    const rotated = await cache.connect([cluster('member1')]);
    expect(rotated.get('member1')).not.toBe(first.get('member1'));
    expect(rotated.get('member1')).not.toBeInstanceOf(Error);
  });

  it('keeps the clients of the clusters a call does not name', async () => {
    writeFileSync(file, kubeconfig('https://127.0.0.1:1', ['member1', 'member2']));
    const cache = new ClientCache({ kubeconfig: file });
    const one = (await cache.connect([cluster('member1')])).get('member1');
    const two = (await cache.connect([cluster('member2')])).get('member2');
    expect((await cache.connect([cluster('member1')])).get('member1')).toBe(one);
    expect((await cache.connect([cluster('member2')])).get('member2')).toBe(two);
  });

  it('does not keep a failure: a context added later connects on the next call', async () => {
    writeFileSync(file, kubeconfig('https://127.0.0.1:1', ['member1']));
    const cache = new ClientCache({ kubeconfig: file });
    expect((await cache.connect([cluster('member3')])).get('member3')).toBeInstanceOf(Error);
    writeFileSync(file, kubeconfig('https://127.0.0.1:1', ['member1', 'member3']));
    expect((await cache.connect([cluster('member3')])).get('member3')).not.toBeInstanceOf(Error);
  });

  it('gives every cluster the error of a kubeconfig that cannot be read', async () => {
    const cache = new ClientCache({ kubeconfig: join(dir, 'missing') });
    const clients = await cache.connect([cluster('member1'), cluster('member2')]);
    expect([...clients.values()].every((c) => c instanceof Error)).toBe(true);
  });
});
