// Prune and its safety rules, a member that is down, and kubeconfig merging,
// against the local fleet.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { CoreV1Api } from '@kubernetes/client-node';
import { parse, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { actions, configMap, FleetRepo, policy } from './helpers/apply-fleet.ts';
import { apiFor, fleetKubeconfig, isNotFound, memberNames } from './helpers/fleet.ts';
import { fleetNamespace } from './helpers/namespace.ts';

const CONFIGMAPS = policy([['v1', 'ConfigMap']]);

function maps(ns: string, names: readonly string[]): string {
  return names.map((n) => configMap(ns, n, { n })).join('\n---\n');
}

async function exists(member: string, ns: string, name: string): Promise<boolean> {
  return apiFor(member, CoreV1Api)
    .readNamespacedConfigMap({ name, namespace: ns })
    .then(
      () => true,
      (e: unknown) => {
        if (isNotFound(e)) return false;
        throw e;
      },
    );
}

describe('prune', () => {
  const namespace = fleetNamespace('prune');

  it('deletes what the inventory holds and the Work lacks, only with prune on', async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    repo.commit({ 'policy.yaml': CONFIGMAPS, 'app.yaml': maps(ns, ['a', 'b', 'c', 'd']) });
    await repo.apply();
    repo.commit({ 'policy.yaml': CONFIGMAPS, 'app.yaml': maps(ns, ['a', 'b', 'c']) });

    const off = await repo.apply();
    expect(off.ok).toBe(true);
    expect(off.clusters[0]?.pruneBlocked?.reason).toBe('disabled');
    expect(await exists('member1', ns, 'd')).toBe(true);

    const on = await repo.apply({ enabled: true });
    for (const m of memberNames) expect(actions(on, m)).toMatchObject({ 'prune-deleted': 1 });
    expect(await exists('member1', ns, 'd')).toBe(false);
    expect(await exists('member1', ns, 'c')).toBe(true);
  });

  it('refuses to prune when a file of the source has errors', async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    repo.commit({ 'policy.yaml': CONFIGMAPS, 'app.yaml': maps(ns, ['a', 'b', 'c', 'd']) });
    await repo.apply();
    repo.commit({ 'policy.yaml': CONFIGMAPS, 'app.yaml': maps(ns, ['a', 'b', 'c']), 'broken.yaml': 'kind: [unclosed' });
    const result = await repo.apply({ enabled: true });
    expect(result.ok).toBe(false);
    expect(result.clusters[0]?.pruneBlocked?.reason).toBe('source-errors');
    expect(result.clusters[0]?.pruneBlocked?.message).toMatch(/prune refused: the source has errors/);
    expect(await exists('member2', ns, 'd')).toBe(true);
  });

  it('refuses to prune more than a quarter of the inventory unless mass prune is allowed', async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    repo.commit({ 'policy.yaml': CONFIGMAPS, 'app.yaml': maps(ns, ['a', 'b', 'c', 'd']) });
    await repo.apply();
    repo.commit({ 'policy.yaml': CONFIGMAPS, 'app.yaml': maps(ns, ['a', 'b']) });
    const refused = await repo.apply({ enabled: true });
    expect(refused.ok).toBe(false);
    expect(refused.clusters[0]?.pruneBlocked?.message).toMatch(/2 of 4 inventory objects would be deleted, more than 25%/);
    expect(await exists('member3', ns, 'c')).toBe(true);
    const allowed = await repo.apply({ enabled: true, allowMassPrune: true });
    expect(allowed.ok).toBe(true);
    expect(actions(allowed, 'member3')).toMatchObject({ 'prune-deleted': 2 });
  });

  it("keeps objects annotated prune: disabled, preserved on deletion, or no longer labelled as Flotilla's", async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    const kept = configMap(ns, 'kept', { n: '1' }, { 'flotilla.io/prune': 'disabled' });
    const preserved = `${policy([['v1', 'ConfigMap']], 'Abort', 'preserving')
      .replace('  conflictResolution: Abort', '  preserveResourcesOnDeletion: true\n  conflictResolution: Abort')
      .replace('    - apiVersion: v1\n      kind: ConfigMap', '    - apiVersion: v1\n      kind: ConfigMap\n      name: preserved')}`;
    repo.commit({
      'policy.yaml': CONFIGMAPS,
      'preserving.yaml': preserved,
      'app.yaml': [kept, maps(ns, ['preserved', 'released', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'])].join('\n---\n'),
    });
    await repo.apply();
    const core = apiFor('member1', CoreV1Api);
    const released = await core.readNamespacedConfigMap({ name: 'released', namespace: ns });
    await core.replaceNamespacedConfigMap({ name: 'released', namespace: ns, body: { ...released, metadata: { ...released.metadata, labels: {} } } });

    repo.commit({ 'policy.yaml': CONFIGMAPS, 'app.yaml': maps(ns, ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) });
    const result = await repo.apply({ enabled: true });
    const pruned = result.clusters.find((c) => c.cluster === 'member1')?.pruned ?? [];
    expect(pruned.map((p) => [p.ref.name, p.action]).sort()).toEqual([
      ['kept', 'skipped'],
      ['preserved', 'skipped'],
      ['released', 'skipped'],
    ]);
    for (const name of ['kept', 'preserved', 'released']) expect(await exists('member1', ns, name)).toBe(true);
    // Abandoned: the next pass neither prunes nor reports them.
    const again = await repo.apply({ enabled: true });
    expect(again.clusters.find((c) => c.cluster === 'member1')?.pruned).toEqual([]);
    expect(repo.writes()).toBe(0);
  });
});

describe('connections', () => {
  const namespace = fleetNamespace('conn');

  it('applies to the members that are up while one is down, and reports the one that is not', async () => {
    const ns = namespace();
    const config = parse(readFileSync(fleetKubeconfig(), 'utf8')) as { clusters: { name: string; cluster: { server: string } }[] };
    const down = config.clusters.find((c) => c.name === 'member3');
    if (down) down.cluster.server = 'https://127.0.0.1:9';
    const file = join(mkdtempSync(join(tmpdir(), 'flotilla-kc-')), 'config');
    writeFileSync(file, stringify(config));
    const repo = new FleetRepo(ns);
    repo.kubeconfig = { kubeconfig: file };
    repo.commit({ 'policy.yaml': CONFIGMAPS, 'app.yaml': maps(ns, ['a']) });
    const result = await repo.apply();
    expect(result.ok).toBe(false);
    expect(result.clusters.map((c) => [c.cluster, c.error?.name ?? null])).toEqual([
      ['member1', null],
      ['member2', null],
      ['member3', 'ClusterUnreachableError'],
    ]);
    expect(result.clusters[2]?.error?.message).toMatch(/^cluster member3: API server https:\/\/127\.0\.0\.1:9 is unreachable/);
    expect(await exists('member2', ns, 'a')).toBe(true);
  });

  it('merges several KUBECONFIG files as kubectl does: the first file to name a context wins', async () => {
    const ns = namespace();
    const config = parse(readFileSync(fleetKubeconfig(), 'utf8')) as Record<string, { name: string }[]>;
    const only = (names: string[]) =>
      Object.fromEntries(['clusters', 'users', 'contexts'].map((k) => [k, (config[k] ?? []).filter((e) => names.includes(e.name))]));
    const dir = mkdtempSync(join(tmpdir(), 'flotilla-kc-'));
    writeFileSync(join(dir, 'a'), stringify({ ...only(['member1']), 'current-context': 'member1' }));
    // The second file names member1 again, unreachable: kubectl's rules keep the first.
    const shadow = only(['member2', 'member3', 'member1']);
    shadow['clusters'] = (shadow['clusters'] ?? []).map((c) => (c.name === 'member1' ? { name: 'member1', cluster: { server: 'https://127.0.0.1:9' } } : c));
    writeFileSync(join(dir, 'b'), stringify(shadow));
    const repo = new FleetRepo(ns);
    repo.kubeconfig = { env: [join(dir, 'a'), join(dir, 'missing'), join(dir, 'b')].join(delimiter) };
    repo.commit({ 'policy.yaml': CONFIGMAPS, 'app.yaml': maps(ns, ['merged']) });
    const result = await repo.apply();
    expect(result.clusters.map((c) => c.error?.message ?? null)).toEqual([null, null, null]);
    for (const m of memberNames) expect(await exists(m, ns, 'merged')).toBe(true);
  });

  it('names the missing kubeconfig context of a cluster', async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    const file = join(mkdtempSync(join(tmpdir(), 'flotilla-kc-')), 'config');
    const config = parse(readFileSync(fleetKubeconfig(), 'utf8')) as { contexts: { name: string }[] };
    config.contexts = config.contexts.filter((c) => c.name !== 'member2');
    writeFileSync(file, stringify(config));
    repo.kubeconfig = { kubeconfig: file };
    repo.commit({ 'policy.yaml': CONFIGMAPS, 'app.yaml': maps(ns, ['a']) });
    const result = await repo.apply();
    expect(result.clusters[1]?.error?.message).toMatch(/^cluster member2: kubeconfig context member2 not found in /);
    expect(result.clusters[0]?.error).toBeUndefined();
  });
});
