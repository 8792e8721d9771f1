// deploy/agent/ as kubectl apply -k reads it: every file in the kustomization, and the Deployment
// wired to what the other files define and to flags `flotilla agent` has.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { COMMANDS } from '../../src/cli/commands.ts';
import { parseDuration } from '../../src/model/index.ts';
import { REPO_ROOT } from './run-cli.ts';

type Doc = { kind: string; metadata: { name: string; namespace?: string }; [key: string]: unknown };

const dir = join(REPO_ROOT, 'deploy/agent');
const kustomization = parse(readFileSync(join(dir, 'kustomization.yaml'), 'utf8')) as { resources: string[] };
const docs = kustomization.resources.flatMap((f) => parseAllDocuments(readFileSync(join(dir, f), 'utf8')).map((d) => d.toJS() as Doc));
const named = (kind: string, name: string) => docs.find((d) => d.kind === kind && d.metadata.name === name);
const deployment = docs.find((d) => d.kind === 'Deployment') as Doc & {
  spec: {
    template: {
      spec: {
        serviceAccountName: string;
        containers: { args: string[]; env: { name: string; valueFrom?: Record<string, { name: string; key: string }> }[] }[];
      };
    };
  };
};
const pod = deployment.spec.template.spec;
const container = pod.containers[0]!;

describe('deploy/agent', () => {
  it('lists every manifest of the folder in its kustomization, all in flotilla-system', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
    expect([...kustomization.resources].sort()).toEqual(files.sort());
    const namespaced = docs.filter((d) => !['Namespace', 'ClusterRole', 'ClusterRoleBinding'].includes(d.kind));
    expect(namespaced.every((d) => d.metadata.namespace === 'flotilla-system')).toBe(true);
  });

  it('runs flotilla agent with flags it has, from variables the container declares', async () => {
    const flags = new Set(Object.keys((await COMMANDS.agent.load()).flags));
    expect(container.args[0]).toBe('agent');
    for (const arg of container.args.slice(1)) expect(flags).toContain(/^--([a-z-]+)=/.exec(arg)?.[1]);
    const declared = new Set(container.env.map((e) => e.name));
    for (const arg of container.args) for (const [, name] of arg.matchAll(/\$\(([A-Z_]+)\)/g)) expect(declared).toContain(name);
  });

  it('takes each variable from a key the ConfigMap or Secret of the folder holds, the durations parseable', () => {
    for (const { valueFrom } of container.env) {
      const ref = valueFrom?.['configMapKeyRef'] ?? valueFrom?.['secretKeyRef'];
      if (ref === undefined) continue;
      const source = named(valueFrom?.['configMapKeyRef'] ? 'ConfigMap' : 'Secret', ref.name) as Doc & {
        data?: Record<string, string>;
        stringData?: Record<string, string>;
      };
      expect(Object.keys({ ...source.data, ...source.stringData })).toContain(ref.key);
    }
    const config = named('ConfigMap', 'flotilla-agent-config') as Doc & { data: Record<string, string> };
    expect(parseDuration(config.data['poll']!)).toBeGreaterThan(0);
    expect(parseDuration(config.data['heartbeat']!)).toBeGreaterThan(0);
  });

  it('binds every role of the folder to the ServiceAccount the Deployment runs as', () => {
    expect(named('ServiceAccount', pod.serviceAccountName)).toBeDefined();
    const bindings = docs.filter((d) => d.kind === 'RoleBinding' || d.kind === 'ClusterRoleBinding') as (Doc & {
      roleRef: { kind: string; name: string };
      subjects: { kind: string; name: string; namespace: string }[];
    })[];
    const roles = docs.filter((d) => d.kind === 'Role' || d.kind === 'ClusterRole').map((r) => `${r.kind}/${r.metadata.name}`);
    expect(bindings.map((b) => `${b.roleRef.kind}/${b.roleRef.name}`).sort()).toEqual(roles.sort());
    for (const b of bindings) expect(b.subjects).toEqual([{ kind: 'ServiceAccount', name: pod.serviceAccountName, namespace: 'flotilla-system' }]);
  });
});
