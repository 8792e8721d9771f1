// Pull mode on the local fleet: kubeconfigs that hold only some members (the
// hub's has no context for its Pull member, the agent's only that member), the
// Cluster objects, and reading the works branch and an agent's report from the
// repository as git holds them.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import type { AgentReport, WorkDocument } from '../../../src/model/index.ts';
import { fleetKubeconfig } from './fleet.ts';
import { startFlotilla } from './run-process.ts';
import type { RunProcess } from './run-process.ts';

type Named = { name: string; [key: string]: unknown };

/** A kubeconfig file with only these members' contexts (and their clusters and users), the first one current. */
export function kubeconfigOf(members: readonly string[]): string {
  const doc = parse(readFileSync(fleetKubeconfig(), 'utf8')) as Record<string, Named[] | string>;
  const contexts = (doc['contexts'] as Named[]).filter((c) => members.includes(c.name));
  const uses = (field: 'cluster' | 'user') => new Set(contexts.map((c) => (c['context'] as Record<string, string>)[field]));
  const out = {
    ...doc,
    contexts,
    clusters: (doc['clusters'] as Named[]).filter((c) => uses('cluster').has(c.name)),
    users: (doc['users'] as Named[]).filter((u) => uses('user').has(u.name)),
    'current-context': members[0] ?? '',
  };
  const file = join(mkdtempSync(join(tmpdir(), 'flotilla-pull-e2e-')), 'kubeconfig');
  writeFileSync(file, stringify(out));
  return file;
}

/** Cluster objects: Push members, and Pull members with an optional heartbeat grace. */
export function pullClusters(push: readonly string[], pull: readonly string[], heartbeatGrace?: string): string {
  const cluster = (name: string, mode: 'Push' | 'Pull') =>
    `apiVersion: cluster.karmada.io/v1alpha1
kind: Cluster
metadata:
  name: ${name}
${mode === 'Pull' && heartbeatGrace ? `  annotations: {flotilla.io/heartbeat-grace: ${heartbeatGrace}}\n` : ''}spec:
  syncMode: ${mode}
`;
  return [...push.map((n) => cluster(n, 'Push')), ...pull.map((n) => cluster(n, 'Pull'))].join('---\n');
}

function show(repoDir: string, spec: string): string | undefined {
  try {
    return execFileSync('git', ['show', spec], { cwd: repoDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return undefined;
  }
}

/** The report on an agent's branch now, if there is one. */
export function agentReportOf(repoDir: string, cluster: string): AgentReport | undefined {
  const text = show(repoDir, `flotilla/agents/${cluster}:report.json`);
  return text === undefined ? undefined : (JSON.parse(text) as AgentReport);
}

/** A member's work.json on the works branch now, and its blob id. */
export function workOf(repoDir: string, cluster: string): { document: WorkDocument; blob: string } | undefined {
  const text = show(repoDir, `works:${cluster}/work.json`);
  if (text === undefined) return undefined;
  const blob = execFileSync('git', ['rev-parse', `works:${cluster}/work.json`], { cwd: repoDir, encoding: 'utf8' }).trim();
  return { document: JSON.parse(text) as WorkDocument, blob };
}

/** A file of the status branch now, parsed. */
export function statusFileOf<T>(repoDir: string, path: string): T | undefined {
  const text = show(repoDir, `status:${path}`);
  return text === undefined ? undefined : (parse(text) as T);
}

/** `flotilla agent` for `cluster` over `repoDir`, fast: short poll, heartbeat and Lease. */
export function startAgent(repoDir: string, cluster: string, kubeconfig: string, inventoryName: string): RunProcess {
  return startFlotilla('agent', [
    '--cluster',
    cluster,
    '--repo',
    repoDir,
    '--kubeconfig',
    kubeconfig,
    '--inventory-name',
    inventoryName,
    '--poll',
    '300ms',
    '--heartbeat',
    '1s',
    '--lease-duration',
    '2s',
  ]);
}
