import { afterAll, describe, expect, it } from 'vitest';
import { planMarkdown } from '../../../src/cli/output/plan-markdown.ts';
import { planOffline } from '../../../src/reconcile/plan/plan.ts';
import { removeFixtures } from '../../source/helpers/git-fixture.ts';
import { SHOP_WEB, tenancyFleet } from './fleet-fixture.ts';

afterAll(removeFixtures);

describe('plan --base names the tenant of every change', { timeout: 60_000 }, () => {
  it('in the changes and the markdown a reviewer reads', async () => {
    const repo = tenancyFleet();
    const base = repo.git('rev-parse', 'HEAD');
    repo.write('teams/shop/web.yaml', SHOP_WEB.replace('nginx:1.27', 'nginx:1.28'));
    repo.write('platform/payments.yaml', 'apiVersion: v1\nkind: Namespace\nmetadata: {name: payments}\n');
    repo.commit('shop upgrades, platform retires payments');
    const { document } = await planOffline({ source: { repo: repo.dir }, base });
    const changes = Object.entries(document.changes ?? {}).flatMap(([cluster, list]) =>
      list.filter((c) => c.action !== 'unchanged').map((c) => `${cluster} ${c.action} ${c.kind}/${c.name} ${c.tenant}`),
    );
    expect(changes.filter((c) => c.includes('member1')).sort()).toEqual([
      'member1 delete ConfigMap/settings platform',
      'member1 update Deployment/web shop',
      'member1 update Namespace/payments platform',
    ]);
    const markdown = planMarkdown(document, { limit: null });
    expect(markdown).toContain('Tenants: **platform** (6 changes), **shop** (2 changes)');
    expect(markdown).toContain('**changed** `Deployment/shop/web` · tenant shop');
  });
});
