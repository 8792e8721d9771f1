// Tenants by folder on the local fleet (docs/deploy.md#tenants): a team's legitimate change is
// planned and applied; what its files may not do is refused, and what the refusal leaves out of
// the Work is never pruned.
import { CoreV1Api } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { actions, configMap, FleetRepo, planChanges } from './helpers/apply-fleet.ts';
import { apiFor, isNotFound } from './helpers/fleet.ts';
import { fleetNamespace } from './helpers/namespace.ts';

const tenants = (ns: string) => `tenants:
  - name: shop
    paths: ["teams/shop/**"]
    namespaces: ["${ns}"]
    clusters:
      clusterNames: [member1, member2]
    owners: ["@acme/shop"]
`;

const shopPolicy = (ns: string, clusters: string) => `apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: shop, namespace: ${ns}}
spec:
  resourceSelectors: [{apiVersion: v1, kind: ConfigMap}]
  placement:
    clusterAffinity: {clusterNames: [${clusters}]}
`;

async function data(member: string, ns: string, name: string): Promise<Record<string, string> | undefined> {
  return apiFor(member, CoreV1Api)
    .readNamespacedConfigMap({ name, namespace: ns })
    .then(
      (cm) => cm.data ?? {},
      (e: unknown) => {
        if (isNotFound(e)) return undefined;
        throw e;
      },
    );
}

describe('tenants', () => {
  const namespace = fleetNamespace('tenants');

  it("plans and applies a tenant's change inside its grant; a refused placement is not propagated and nothing is pruned", async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    const files = (version: string, clusters = 'member1, member2', extra: Record<string, string> = {}) => ({
      'flotilla.yaml': tenants(ns),
      'teams/shop/policy.yaml': shopPolicy(ns, clusters),
      'teams/shop/app.yaml': [configMap(ns, 'a', { version }), configMap(ns, 'b', { version: '1' })].join('\n---\n'),
      ...extra,
    });
    repo.commit(files('1'));
    const first = await repo.apply({ enabled: true });
    expect(first.ok).toBe(true);
    expect(await data('member1', ns, 'a')).toEqual({ version: '1' });
    expect(await data('member3', ns, 'a')).toBeUndefined();

    // The team's legitimate change: planned against the live members, then applied.
    repo.commit(files('2'));
    const plan = await repo.plan();
    expect(plan.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(planChanges(plan, 'member1')).toEqual(['update ConfigMap/a']);
    expect(planChanges(plan, 'member3')).toEqual([]);
    const second = await repo.apply({ enabled: true });
    expect(second.ok).toBe(true);
    expect(actions(second, 'member2')).toMatchObject({ configured: 1 });
    expect(await data('member2', ns, 'a')).toEqual({ version: '2' });

    // The team widens its policy to member3 and writes into kube-system: both refused. The
    // policy's ConfigMaps leave the Work, yet their copies stay: prune is held back.
    repo.commit(
      files('3', 'member1, member2, member3', {
        'teams/shop/escape.yaml': configMap('kube-system', 'shop-escape', { x: '1' }),
      }),
    );
    const refused = await repo.apply({ enabled: true });
    expect(refused.ok).toBe(false);
    const errors = refused.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file} ${/rule [a-z-]+/.exec(d.message)?.[0]}`);
    expect(errors.sort()).toEqual(['teams/shop/escape.yaml rule namespace', 'teams/shop/policy.yaml rule placement']);
    for (const member of ['member1', 'member2']) {
      expect(refused.clusters.find((c) => c.cluster === member)?.pruneBlocked?.reason).toBe('source-errors');
      expect(await data(member, ns, 'a')).toEqual({ version: '2' });
      expect(await data(member, ns, 'b')).toEqual({ version: '1' });
    }
    expect(await data('member3', ns, 'a')).toBeUndefined();
    expect(await data('member1', 'kube-system', 'shop-escape')).toBeUndefined();
  });
});
