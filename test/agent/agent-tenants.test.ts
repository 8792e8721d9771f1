// The agent holds each manifest to the grant of the tenant owning its template, as work.json
// records it (docs/deploy.md#tenants): over a real git repository and an in-memory member.
import { afterAll, describe, expect, it } from 'vitest';
import type { KubeObject } from '../../src/model/index.ts';
import { AgentRounds } from '../../src/agent/agent-round.ts';
import { guardTenants } from '../../src/agent/tenant-guard.ts';
import { parseWork } from '../../src/status/index.ts';
import { removeFixtures } from '../source/helpers/git-fixture.ts';
import { edgeAgentOptions, edgeFleet, edgeWorks, publishEdgeWorks, T0 } from './helpers.ts';

afterAll(removeFixtures);

const object = (kind: string, name: string, namespace?: string): KubeObject => ({
  apiVersion: kind === 'ClusterRole' ? 'rbac.authorization.k8s.io/v1' : 'v1',
  kind,
  metadata: { name, ...(namespace ? { namespace } : {}), labels: { 'flotilla.io/managed-by': 'flotilla' } },
});
const GRANT = { namespaces: ['shop', 'shop-*'], clusterScoped: ['rbac.authorization.k8s.io/ClusterRole'] };

describe('the agent and tenants', () => {
  it.each([
    ['a ConfigMap in its namespace', object('ConfigMap', 'a', 'shop'), 'shop', undefined],
    ['a ConfigMap in another namespace', object('ConfigMap', 'a', 'payments'), 'shop', 'rule namespace'],
    ['a granted cluster-scoped kind', object('ClusterRole', 'a'), 'shop', undefined],
    ['a Namespace, not granted', object('Namespace', 'payments'), 'shop', 'rule cluster-scoped'],
    ["the platform's ConfigMap anywhere", object('ConfigMap', 'a', 'kube-system'), undefined, undefined],
  ])('%s', (_what, manifest, tenant, rule) => {
    const document = {
      cluster: 'edge',
      sourceCommit: 'a'.repeat(40),
      prune: { allowed: true, enabled: true, sourceHasErrors: false, maxFraction: 1, allowMassPrune: true },
      objects: [
        {
          file: 'x.yaml',
          apiVersion: 'v1',
          kind: manifest.kind,
          namespace: '',
          name: 'a',
          digest: '',
          template: { apiVersion: 'v1', kind: 'ConfigMap', namespace: '', name: 'a' },
          policy: null,
          suspended: false,
          preserveOnDeletion: false,
          ...(tenant ? { tenant } : {}),
        },
      ],
      keptCopies: [],
      tenants: { shop: GRANT },
    };
    const guarded = guardTenants(document, [manifest]);
    expect(guarded.refused.map((r) => /rule [a-z-]+/.exec(r)?.[0])).toEqual(rule ? [rule] : []);
    expect(guarded.manifests).toHaveLength(rule ? 0 : 1);
    expect(guarded.document.prune.allowed).toBe(!rule);
  });

  it("refuses a manifest outside its owner's grant, applies the rest, and prunes nothing that round", async () => {
    const { repo, source, member } = edgeFleet();
    const rounds = new AgentRounds({ ...edgeAgentOptions({ repo: repo.dir }, member), reportOnly: false });
    const tenancy = {
      owners: new Map([
        ['v1/ConfigMap/shop/a', 'shop'],
        ['v1/ConfigMap/shop/b', 'shop'],
      ]),
      grants: new Map([['shop', GRANT]]),
    };
    const write = (manifests: KubeObject[]) => publishEdgeWorks(repo.dir, edgeWorks(source, manifests, { tenancy }));
    await write([object('ConfigMap', 'a', 'shop'), object('ConfigMap', 'b', 'shop'), object('ConfigMap', 'c', 'shop')]);
    const work = parseWork(repo.git('show', 'works:edge/work.json'), 'edge');
    expect(work.objects.map((o) => o.tenant ?? 'platform')).toEqual(['shop', 'shop', 'platform']);
    expect(work.tenants).toEqual({ shop: GRANT });
    // An owner whose grant is missing would be held to nothing: the document is refused.
    const ungranted = repo.git('show', 'works:edge/work.json').replace(/"tenants": \{[\s\S]*\}\n\}\n?$/, '"tenants": {}\n}');
    expect(() => parseWork(ungranted, 'edge')).toThrow('work.json objects[0].tenant: names a tenant tenants does not grant');
    expect((await rounds.round(T0)).ok).toBe(true);

    // A works folder that puts shop's b in payments (and drops c): b is refused, c is not pruned.
    await write([object('ConfigMap', 'a', 'shop'), object('ConfigMap', 'b', 'payments')]);
    const round = await rounds.round(T0 + 1_000);
    expect(round.ok).toBe(false);
    expect(round.error).toMatch(
      /^ConfigMap\/payments\/b: tenant shop \(rule namespace\): namespace "payments" is outside its namespaces \(shop, shop-\*\); refused, not applied$/,
    );
    expect(round.applied?.pruneBlocked?.reason).toBe('source-errors');
    const held = [...member.objects.keys()].filter((k) => k.includes('ConfigMap/'));
    expect(held.filter((k) => k.includes('/payments/'))).toEqual([]);
    expect(held.filter((k) => k.includes('/shop/c'))).toHaveLength(1);
  });
});
