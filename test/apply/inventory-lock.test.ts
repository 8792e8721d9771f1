import { describe, expect, it } from 'vitest';
import { applyCluster, DEFAULT_APPLY_OPTIONS } from '../../src/apply/apply-cluster.ts';
import type { ApplyOptions } from '../../src/apply/apply-cluster.ts';
import { InventoryLockedError, MemberTimeoutError } from '../../src/apply/errors/index.ts';
import type { ApplyEvent } from '../../src/apply/events.ts';
import { decodeInventory, inventoryRef } from '../../src/apply/inventory.ts';
import { lockInventory } from '../../src/apply/inventory-lock.ts';
import { memberDeadline } from '../../src/apply/member-deadline.ts';
import type { DesiredObject } from '../../src/apply/triage.ts';
import { FakeKubeClient } from '../fakes/kube-client.ts';

const cm = (name: string): DesiredObject => ({
  manifest: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'ns', labels: { 'flotilla.io/managed-by': 'flotilla' } }, data: { name } },
  suspended: false,
  preserveOnDeletion: false,
});
const LEASE = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', namespace: 'flotilla-system', name: 'flotilla-inventory' };
const pruning = (holder: string, extra: Partial<ApplyOptions> = {}): ApplyOptions => ({
  ...DEFAULT_APPLY_OPTIONS,
  prune: { ...DEFAULT_APPLY_OPTIONS.prune, enabled: true, allowMassPrune: true },
  concurrency: 1,
  lock: { holder, retryMs: 5 },
  ...extra,
});

function lease(holder: string, renewTime: Date, durationSeconds = 15) {
  return {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: { name: 'flotilla-inventory', namespace: 'flotilla-system' },
    spec: {
      holderIdentity: holder,
      leaseDurationSeconds: durationSeconds,
      renewTime: renewTime.toISOString(),
      acquireTime: '2026-12-01T04:00:00.000000Z',
      leaseTransitions: 2,
    },
  };
}

async function inventoryIds(client: FakeKubeClient): Promise<string[]> {
  return decodeInventory(await client.get(inventoryRef()))
    .map((e) => e.id)
    .sort();
}

function managedIds(client: FakeKubeClient): string[] {
  return [...client.objects.values()]
    .filter((o) => o.kind === 'ConfigMap' && o.metadata.namespace === 'ns' && o.metadata.labels?.['flotilla.io/managed-by'] === 'flotilla')
    .map((o) => `ns_${o.metadata.name}__ConfigMap`)
    .sort();
}

describe('the inventory Lease', () => {
  it('serialises two writers pruning at once: every object either applied stays listed', async () => {
    for (const [a, b] of [
      [
        ['a', 'b', 'c'],
        ['c', 'd', 'e'],
      ],
      [['x'], ['y', 'z']],
      [['p', 'q'], []],
    ] as const) {
      const client = new FakeKubeClient();
      await applyCluster(client, ['old1', 'old2'].map(cm), pruning('seed'), () => undefined);
      const [first, second] = await Promise.all([
        applyCluster(client, a.map(cm), pruning('ci-1/100/flotilla apply'), () => undefined),
        applyCluster(client, b.map(cm), pruning('ci-2/200/flotilla apply'), () => undefined),
      ]);
      expect([first.error, second.error]).toEqual([undefined, undefined]);
      // The last writer's Work, and nothing the other applied left unlisted.
      expect(await inventoryIds(client)).toEqual(managedIds(client));
      expect(managedIds(client)).not.toContain('ns_old1__ConfigMap');
    }
  });

  it('is free again after a pass, and records the holder and the transitions', async () => {
    const client = new FakeKubeClient();
    client.put(lease('crashed/1/flotilla run', new Date(Date.now() - 60_000)));
    const result = await applyCluster(client, [cm('a')], pruning('me/1/flotilla apply'), () => undefined);
    expect(result.error).toBeUndefined();
    const spec = (await client.get(LEASE))?.['spec'] as Record<string, unknown>;
    // Taken over from the expired holder (one transition), then given back.
    expect(spec).toMatchObject({ holderIdentity: '', leaseTransitions: 3 });
    expect(spec['renewTime']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
  });

  it('makes the second writer wait, then fails the member naming the holder when its deadline comes', async () => {
    const client = new FakeKubeClient();
    client.put(lease('ci-7/4242/flotilla apply', new Date()));
    const started = Date.now();
    const events: ApplyEvent[] = [];
    const result = await applyCluster(client.withSignal(memberDeadline('member1', 150)), [cm('a')], pruning('me'), (e) => events.push(e));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(events.filter((e) => e.type === 'locked')).toEqual([
      { type: 'locked', cluster: 'member1', holder: 'ci-7/4242/flotilla apply', since: '2026-12-01T04:00:00.000Z' },
    ]);
    expect(result.error).toBeInstanceOf(InventoryLockedError);
    expect(result.error?.message).toBe(
      'member1: inventory locked by ci-7/4242/flotilla apply since 2026-12-01T04:00:00.000Z (Lease flotilla-system/flotilla-inventory)',
    );
    expect(client.objects.has('/ConfigMap/ns/a')).toBe(false);
  });

  it('lets one of two writers creating it at once win; the other waits until it is given back', async () => {
    const client = new FakeKubeClient();
    const holderNow = async () => ((await client.get(LEASE))?.['spec'] as Record<string, unknown> | undefined)?.['holderIdentity'];
    const locks = ['one', 'two'].map((holder) => lockInventory(client, 'flotilla-inventory', { holder, retryMs: 5 }).then((held) => ({ holder, held })));
    const winner = await Promise.race(locks);
    let loserDone = false;
    const loser = Promise.all(locks).then((both) => {
      loserDone = true;
      return both.find((l) => l.holder !== winner.holder)!;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loserDone).toBe(false);
    expect(await holderNow()).toBe(winner.holder);
    await winner.held.release();
    const second = await loser;
    expect(await holderNow()).toBe(second.holder);
    await second.held.release();
    expect(await holderNow()).toBe('');
  });

  it("aborts what is left of the member's work when another writer takes the Lease over", async () => {
    const client = new FakeKubeClient();
    client.hangWhen('list', (t) => t.startsWith('/ConfigMap/ns'));
    const pass = applyCluster(client, [cm('a')], pruning('slow', { lock: { holder: 'slow', durationSeconds: 1, retryMs: 5 } }), () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    client.put(lease('usurper/9/flotilla apply', new Date()));
    const result = await pass;
    expect(result.error).toBeInstanceOf(InventoryLockedError);
    expect(result.error?.message).toMatch(/^member1: inventory locked by usurper\/9\/flotilla apply since /);
  });

  it('gives up on a member that never answers at its deadline, with its requests aborted', async () => {
    const client = new FakeKubeClient();
    client.hangWhen('get');
    const started = Date.now();
    const result = await applyCluster(client.withSignal(memberDeadline('member1', 100)), [cm('a')], pruning('me'), () => undefined);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(result.error).toBeInstanceOf(MemberTimeoutError);
    expect(result.error?.message).toBe('member1: not done within the member deadline of 100ms (--member-timeout): its requests were aborted');
  });
});
