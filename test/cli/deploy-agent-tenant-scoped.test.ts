// deploy/agent-tenant-scoped/ as kustomize reads it over deploy/agent/: the apply role bound per
// namespace instead of cluster-wide (docs/deploy.md#tenants).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { REPO_ROOT } from './run-cli.ts';

type Doc = {
  kind: string;
  metadata: { name: string; namespace?: string };
  roleRef?: { kind: string; name: string };
  subjects?: { kind: string; name: string; namespace: string }[];
};

const read = (dir: string) => {
  const k = parse(readFileSync(join(REPO_ROOT, dir, 'kustomization.yaml'), 'utf8')) as {
    resources: string[];
    patches?: { target: { kind: string; name: string } }[];
  };
  const docs = k.resources
    .filter((f) => f.endsWith('.yaml'))
    .flatMap((f) => parseAllDocuments(readFileSync(join(REPO_ROOT, dir, f), 'utf8')).map((d) => d.toJS() as Doc));
  return { k, docs };
};

describe('deploy/agent-tenant-scoped', () => {
  const base = read('deploy/agent');
  const overlay = read('deploy/agent-tenant-scoped');

  it('builds on deploy/agent and deletes only its cluster-wide binding of the apply role', () => {
    expect(overlay.k.resources[0]).toBe('../agent');
    const deleted = (overlay.k.patches ?? []).map((p) => `${p.target.kind}/${p.target.name}`);
    expect(deleted).toEqual(['ClusterRoleBinding/flotilla-agent-apply']);
    expect(base.docs.some((d) => d.kind === 'ClusterRoleBinding' && d.metadata.name === 'flotilla-agent-apply')).toBe(true);
  });

  it("binds the base's apply role to the agent's ServiceAccount in flotilla-system and each tenant namespace", () => {
    const account = base.docs.find((d) => d.kind === 'ServiceAccount');
    const bindings = overlay.docs.filter((d) => d.kind === 'RoleBinding');
    expect(bindings.map((b) => b.metadata.namespace)).toEqual(['flotilla-system', 'shop', 'shop-staging']);
    for (const b of bindings) {
      expect(b.roleRef).toMatchObject({ kind: 'ClusterRole', name: 'flotilla-agent-apply' });
      expect(b.subjects).toEqual([{ kind: 'ServiceAccount', name: account?.metadata.name, namespace: account?.metadata.namespace }]);
    }
    expect(base.docs.some((d) => d.kind === 'ClusterRole' && d.metadata.name === 'flotilla-agent-apply')).toBe(true);
  });
});
