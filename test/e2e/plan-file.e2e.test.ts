// plan --plan-file then apply --plan-file through the CLI against the local fleet: the saved Work
// is applied as reviewed, and a plan whose cluster state or commit has moved on is refused.
import { CoreV1Api } from '@kubernetes/client-node';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.ts';
import { configMap, FleetRepo, policy } from './helpers/apply-fleet.ts';
import { apiFor, fleetKubeconfig } from './helpers/fleet.ts';
import { fleetNamespace } from './helpers/namespace.ts';

const CONFIGMAPS = policy([['v1', 'ConfigMap']]);

describe('saved plans against live members', { timeout: 180_000 }, () => {
  const namespace = fleetNamespace('planfile');

  it('applies exactly the saved plan, and refuses one the members or the commit moved past', async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    const planFile = join(mkdtempSync(join(tmpdir(), 'flotilla-planfile-')), 'fleet.plan');
    const cli = (...args: string[]) => runCli([...args, '--repo', repo.dir, '--kubeconfig', fleetKubeconfig(), '--inventory-name', repo.inventoryName]);
    const core = apiFor('member1', CoreV1Api);

    repo.commit({ 'policy.yaml': CONFIGMAPS, 'app.yaml': configMap(ns, 'reviewed', { k: 'v1' }) });
    expect(cli('plan', '--plan-file', planFile, '-o', 'json').code).toBe(0);
    const applied = cli('apply', '--plan-file', planFile);
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    expect((await core.readNamespacedConfigMap({ name: 'reviewed', namespace: ns })).data).toEqual({ k: 'v1' });

    repo.commit({ 'policy.yaml': CONFIGMAPS, 'app.yaml': configMap(ns, 'reviewed', { k: 'v2' }) });
    expect(cli('plan', '--plan-file', planFile, '-o', 'json').code).toBe(0);
    const live = await core.readNamespacedConfigMap({ name: 'reviewed', namespace: ns });
    await core.replaceNamespacedConfigMap({ name: 'reviewed', namespace: ns, body: { ...live, data: { k: 'edited by hand' } } });
    const stale = cli('apply', '--plan-file', planFile);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toMatch(/member1/);
    expect((await core.readNamespacedConfigMap({ name: 'reviewed', namespace: ns })).data).toEqual({ k: 'edited by hand' });

    expect(cli('plan', '--plan-file', planFile, '-o', 'json').code).toBe(0);
    repo.commit({ 'policy.yaml': CONFIGMAPS, 'app.yaml': configMap(ns, 'reviewed', { k: 'v3' }) });
    const moved = cli('apply', '--plan-file', planFile);
    expect(moved.code).toBe(1);
    expect((await core.readNamespacedConfigMap({ name: 'reviewed', namespace: ns })).data).toEqual({ k: 'edited by hand' });
  });

  it('plans and applies with the inventory --inventory-name names, and prunes from it alone', async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    const inventory = `inv-${ns}`;
    const cli = (...args: string[]) => runCli([...args, '--repo', repo.dir, '--kubeconfig', fleetKubeconfig(), '--inventory-name', inventory]);
    const core = apiFor('member1', CoreV1Api);

    // Enough kept objects that dropping one stays under the mass-prune guard's quarter.
    const kept = ['kept-1', 'kept-2', 'kept-3', 'kept-4'];
    const objects = (names: readonly string[]) => names.map((n) => configMap(ns, n, { k: '1' })).join('\n---\n');
    repo.commit({ 'policy.yaml': CONFIGMAPS, 'app.yaml': objects([...kept, 'dropped']) });
    expect(cli('apply').code).toBe(0);
    const recorded = (await core.readNamespacedConfigMap({ name: inventory, namespace: 'flotilla-system' })).data?.['inventory.json'] ?? '';
    expect(recorded).toContain(`${ns}_dropped__ConfigMap`);

    repo.commit({ 'policy.yaml': CONFIGMAPS, 'app.yaml': objects(kept) });
    const plan = JSON.parse(cli('plan', '-o', 'json').stdout) as { changes: Record<string, { action: string; name: string }[]> };
    expect(plan.changes['member1']?.filter((c) => c.action === 'delete').map((c) => c.name)).toEqual(['dropped']);
    expect(cli('apply', '--prune').code).toBe(0);
    const names = (await core.listNamespacedConfigMap({ namespace: ns, labelSelector: 'flotilla.io/managed-by=flotilla' })).items.map((c) => c.metadata?.name);
    expect(names.sort()).toEqual(kept);
  });
});
