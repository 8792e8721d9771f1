// flotilla apply and the live plan against the local fleet: create, update,
// no-op with zero writes, drift, conflictResolution, staged CRDs, Secret masking.
import { CoreV1Api } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { actions, configMap, FleetRepo, planChanges, policy } from './helpers/apply-fleet.ts';
import { apiFor, memberNames } from './helpers/fleet.ts';
import { fleetNamespace } from './helpers/namespace.ts';

const CONFIGMAPS = policy([['v1', 'ConfigMap']]);

describe('apply', () => {
  const namespace = fleetNamespace('apply');

  it('creates, updates, then makes zero writes when nothing changed, and plan shows no changes', async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    repo.commit({ 'policy.yaml': CONFIGMAPS, 'app.yaml': [configMap(ns, 'a', { k: '1' }), configMap(ns, 'b', { k: '2' })].join('\n---\n') });

    const first = await repo.apply();
    expect(first.ok).toBe(true);
    for (const m of memberNames) expect(actions(first, m)).toEqual({ created: 2, skipped: 1 });
    const live = await apiFor('member2', CoreV1Api).readNamespacedConfigMap({ name: 'a', namespace: ns });
    expect(live.metadata?.labels?.['flotilla.io/managed-by']).toBe('flotilla');
    expect(live.metadata?.managedFields?.some((f) => f.manager === 'flotilla' && f.operation === 'Apply')).toBe(true);

    repo.commit({ 'policy.yaml': CONFIGMAPS, 'app.yaml': [configMap(ns, 'a', { k: 'changed' }), configMap(ns, 'b', { k: '2' })].join('\n---\n') });
    const plan = await repo.plan();
    expect(planChanges(plan, 'member1')).toEqual(['update ConfigMap/a']);
    expect(plan.document.changes?.['member1']?.find((c) => c.name === 'a')?.diff).toMatch(/-\s+k: "?1"?\n\+\s+k: changed/);
    const second = await repo.apply();
    for (const m of memberNames) expect(actions(second, m)).toEqual({ configured: 1, unchanged: 1, skipped: 1 });

    // A new commit that changes nothing of the objects: no write but the Lease, not even the commit annotation.
    repo.commit({
      'policy.yaml': CONFIGMAPS,
      'app.yaml': [configMap(ns, 'a', { k: 'changed' }), configMap(ns, 'b', { k: '2' })].join('\n---\n'),
      'README.md': 'x',
    });
    const third = await repo.apply();
    expect(third.ok).toBe(true);
    expect(repo.writes()).toBe(0);
    expect(planChanges(await repo.plan(), 'member3')).toEqual([]);
  });

  it('shows drift in the plan and reverts it on apply', async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    repo.commit({ 'policy.yaml': CONFIGMAPS, 'app.yaml': configMap(ns, 'drifty', { k: 'desired' }) });
    await repo.apply();
    const core = apiFor('member1', CoreV1Api);
    const live = await core.readNamespacedConfigMap({ name: 'drifty', namespace: ns });
    await core.replaceNamespacedConfigMap({ name: 'drifty', namespace: ns, body: { ...live, data: { k: 'edited by hand' } } });

    const plan = await repo.plan();
    expect(planChanges(plan, 'member1')).toEqual(['update ConfigMap/drifty']);
    expect(planChanges(plan, 'member2')).toEqual([]);
    const result = await repo.apply();
    expect(actions(result, 'member1')).toMatchObject({ configured: 1 });
    expect((await core.readNamespacedConfigMap({ name: 'drifty', namespace: ns })).data).toEqual({ k: 'desired' });
  });

  it.each([
    ['Abort leaves an object Flotilla did not create alone and reports it', 'Abort' as const, 'theirs', false],
    ['Overwrite takes it over', 'Overwrite' as const, 'ours', true],
  ])('%s', async (_name, resolution, expected, ok) => {
    const ns = namespace();
    await Promise.all(
      memberNames.map((m) => apiFor(m, CoreV1Api).createNamespacedConfigMap({ namespace: ns, body: { metadata: { name: 'taken' }, data: { k: 'theirs' } } })),
    );
    const repo = new FleetRepo(ns);
    repo.commit({ 'policy.yaml': policy([['v1', 'ConfigMap']], resolution), 'app.yaml': configMap(ns, 'taken', { k: 'ours' }) });
    const result = await repo.apply();
    expect(result.ok).toBe(ok);
    const outcome = result.clusters[0]?.objects.find((o) => o.ref.name === 'taken');
    expect(outcome?.action).toBe(ok ? 'configured' : 'conflict');
    if (!ok) expect(outcome?.error?.message).toMatch(/^ConfigMap\/.+\/taken already exists in cluster member1 and was not created by Flotilla/);
    expect((await apiFor('member1', CoreV1Api).readNamespacedConfigMap({ name: 'taken', namespace: ns })).data).toEqual({ k: expected });
  });

  it('applies a CRD and a custom resource of it in one pass', async () => {
    const ns = namespace();
    const group = `${ns}.e2e.flotilla.io`;
    const crd = JSON.stringify({
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: `widgets.${group}` },
      spec: {
        group,
        scope: 'Namespaced',
        names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
        versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
      },
    });
    const widget = JSON.stringify({ apiVersion: `${group}/v1`, kind: 'Widget', metadata: { name: 'w', namespace: ns }, spec: { size: 3 } });
    const repo = new FleetRepo(ns);
    repo.commit({
      'policy.yaml': policy([
        ['apiextensions.k8s.io/v1', 'CustomResourceDefinition'],
        [`${group}/v1`, 'Widget'],
      ]),
      'crd.yaml': crd,
      'widget.yaml': widget,
    });
    const result = await repo.apply();
    expect(result.clusters.map((c) => c.error?.message ?? null)).toEqual([null, null, null]);
    expect(result.ok).toBe(true);
    for (const m of memberNames) expect(actions(result, m)).toMatchObject({ created: 2 });
    expect(planChanges(await repo.plan(), 'member1')).toEqual([]);
    // The CRD is cluster-scoped: prune it (and its widget) so the next run starts clean.
    repo.commit({ 'policy.yaml': CONFIGMAPS });
    const cleaned = await repo.apply({ enabled: true, allowMassPrune: true });
    expect(actions(cleaned, 'member1')).toEqual({ 'prune-deleted': 2 });
  });

  it('masks Secret values in plan diffs, showing which keys changed', async () => {
    const ns = namespace();
    const secret = (password: string) =>
      JSON.stringify({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: ns }, stringData: { user: 'admin', password } });
    const repo = new FleetRepo(ns);
    repo.commit({ 'policy.yaml': policy([['v1', 'Secret']]), 'secret.yaml': secret('hunter2') });
    await repo.apply();
    repo.commit({ 'policy.yaml': policy([['v1', 'Secret']]), 'secret.yaml': secret('correct horse') });
    const plan = await repo.plan();
    const diff = plan.document.changes?.['member1']?.find((c) => c.kind === 'Secret')?.diff ?? '';
    expect(planChanges(plan, 'member1')).toEqual(['update Secret/s']);
    expect(diff).toContain('*** (before)');
    expect(diff).toContain('*** (after)');
    expect(diff).not.toMatch(/hunter2|correct horse|aHVudGVyMg|Y29ycmVjdCBob3JzZQ/);
  });
});
