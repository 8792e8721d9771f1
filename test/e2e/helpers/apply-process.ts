// `flotilla apply` as a child process, as a CI job runs it: its exit code, its
// JSON output and how long it took; and the check that nothing Flotilla labelled
// in a namespace is missing from the member's inventory.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CoreV1Api } from '@kubernetes/client-node';
import { afterEach } from 'vitest';
import { apiFor, isNotFound } from './fleet.ts';

const CLI = fileURLToPath(new URL('../../../bin/run.js', import.meta.url));

/** How an apply process ended. */
export interface ApplyExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** One cluster of `apply -o json`. */
export interface JsonCluster {
  name: string;
  error: string | null;
  objects: { name: string; action: string }[];
}

const running = new Set<ChildProcess>();

/** Registers the hook that kills every apply process a test left running. */
export function cleanUpApplyProcesses(): void {
  afterEach(() => {
    for (const child of running) child.kill('SIGKILL');
    running.clear();
  });
}

/** Starts `flotilla apply ARGS`; `exit` resolves when it ends, however it ends. */
export function startApply(args: readonly string[]): { child: ChildProcess; exit: Promise<ApplyExit> } {
  const started = Date.now();
  const child = spawn(process.execPath, [CLI, 'apply', '--no-color', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exit = new Promise<ApplyExit>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal, stdout, stderr, ms: Date.now() - started });
    }),
  );
  return { child, exit };
}

/** The exit code, with what the process said when it is not 0 (for the assertion's message). */
export function outcome(exit: ApplyExit): [number | null, string] {
  return [exit.code, exit.code === 0 ? '' : `${exit.stderr}\n${exit.stdout.slice(0, 4000)}`];
}

/** The clusters of an `apply -o json` run, by name. */
export function jsonClusters(exit: ApplyExit): Map<string, JsonCluster> {
  const doc = JSON.parse(exit.stdout) as { clusters: JsonCluster[] };
  return new Map(doc.clusters.map((c) => [c.name, c]));
}

/**
 * The ConfigMaps of `namespace` in the member that carry Flotilla's label but that the inventory
 * `inventoryName` does not list: objects no later prune would ever delete.
 */
export async function unlisted(member: string, namespace: string, inventoryName: string, kubeconfig?: string): Promise<string[]> {
  const core = apiFor(member, CoreV1Api, kubeconfig);
  const inventory = await core.readNamespacedConfigMap({ name: inventoryName, namespace: 'flotilla-system' }).catch((error: unknown) => {
    if (isNotFound(error)) return undefined;
    throw error;
  });
  const entries = (JSON.parse(inventory?.data?.['inventory.json'] ?? '{"entries":[]}') as { entries: { id: string }[] }).entries;
  const listed = new Set(entries.map((e) => e.id));
  const labelled = await core.listNamespacedConfigMap({ namespace, labelSelector: 'flotilla.io/managed-by=flotilla' });
  return labelled.items.map((cm) => `${namespace}_${cm.metadata?.name ?? ''}__ConfigMap`).filter((id) => !listed.has(id));
}

/** The names of the ConfigMaps of `namespace` in the member that carry Flotilla's label. */
export async function labelledNames(member: string, namespace: string, kubeconfig?: string): Promise<string[]> {
  const labelled = await apiFor(member, CoreV1Api, kubeconfig).listNamespacedConfigMap({ namespace, labelSelector: 'flotilla.io/managed-by=flotilla' });
  return labelled.items.map((cm) => cm.metadata?.name ?? '').sort();
}
