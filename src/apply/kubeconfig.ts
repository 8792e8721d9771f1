/**
 * Kubeconfig loading with kubectl's rules (README.md#flotilla-plan): `--kubeconfig`, else every file
 * of `$KUBECONFIG`, else `~/.kube/config`. @kubernetes/client-node cannot merge several files the
 * way kubectl does (it throws on a duplicate name and the last current-context wins), so the
 * merge is done here: the first file to set a cluster, user or context name wins, the first
 * non-empty current-context wins, and relative file paths are resolved against the file that
 * holds them (client-go's `ResolveLocalPaths`).
 */
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { delimiter, dirname, isAbsolute, join, resolve } from 'node:path';
import { parse } from 'yaml';
import { isRecord } from '../model/index.ts';
import { KubeconfigInvalidError } from './errors/index.ts';

/** A named kubeconfig entry, fields as the file spells them (`certificate-authority-data`, ...). */
export interface NamedEntry {
  name: string;
  value: Record<string, unknown>;
}

/** The merged view of one or more kubeconfig files. */
export interface Kubeconfig {
  /** The files read, in precedence order. */
  files: string[];
  clusters: NamedEntry[];
  users: NamedEntry[];
  contexts: NamedEntry[];
  currentContext: string;
}

/** One kubeconfig file's text and where it came from. */
export interface KubeconfigFile {
  path: string;
  text: string;
}

/** Where to look: the flag, the environment and the home directory (injected for tests). */
export interface KubeconfigLocation {
  /** `--kubeconfig`: only this file, which must exist. */
  kubeconfig?: string;
  /** `$KUBECONFIG`. @default process.env.KUBECONFIG */
  env?: string;
  /** @default os.homedir() */
  home?: string;
}

const PATH_FIELDS: Record<'cluster' | 'user', readonly string[]> = {
  cluster: ['certificate-authority'],
  user: ['client-certificate', 'client-key', 'tokenFile'],
};

function resolvePaths(
  value: Record<string, unknown>,
  fields: readonly string[],
  base: string,
): Record<string, unknown> {
  const out = { ...value };
  for (const field of fields) {
    const path = out[field];
    if (typeof path === 'string' && path !== '' && !isAbsolute(path)) out[field] = resolve(base, path);
  }
  return out;
}

function entries(doc: Record<string, unknown>, list: 'clusters' | 'users' | 'contexts', file: string): NamedEntry[] {
  const raw = doc[list];
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw new KubeconfigInvalidError(file, `${list} is not a list`);
  const field = list.slice(0, -1) as 'cluster' | 'user' | 'context';
  return raw.map((item: unknown, i) => {
    if (!isRecord(item) || typeof item['name'] !== 'string')
      throw new KubeconfigInvalidError(file, `${list}[${i}] has no name`);
    const value = isRecord(item[field]) ? item[field] : {};
    return {
      name: item['name'],
      value: field === 'context' ? value : resolvePaths(value, PATH_FIELDS[field], dirname(file)),
    };
  });
}

/** Merges kubeconfig files by kubectl's rules; pure (paths are resolved as strings). */
export function mergeKubeconfigs(files: readonly KubeconfigFile[]): Kubeconfig {
  const merged: Kubeconfig = { files: [], clusters: [], users: [], contexts: [], currentContext: '' };
  for (const { path, text } of files) {
    let doc: unknown;
    try {
      doc = parse(text) ?? {};
    } catch (error) {
      throw new KubeconfigInvalidError(path, `not YAML: ${(error as Error).message}`, { cause: error });
    }
    if (!isRecord(doc)) throw new KubeconfigInvalidError(path, 'not a kubeconfig (expected a mapping)');
    merged.files.push(path);
    for (const list of ['clusters', 'users', 'contexts'] as const) {
      const seen = new Set(merged[list].map((e) => e.name));
      for (const entry of entries(doc, list, path)) {
        if (!seen.has(entry.name)) merged[list].push(entry);
        seen.add(entry.name);
      }
    }
    const current = doc['current-context'];
    if (merged.currentContext === '' && typeof current === 'string') merged.currentContext = current;
  }
  return merged;
}

/** The files kubectl would read, in precedence order, and whether each must exist. */
export function kubeconfigPaths(location: KubeconfigLocation = {}): { path: string; required: boolean }[] {
  if (location.kubeconfig) return [{ path: resolve(location.kubeconfig), required: true }];
  const env = location.env ?? process.env['KUBECONFIG'] ?? '';
  const listed = [
    ...new Set(
      env
        .split(delimiter)
        .filter((p) => p !== '')
        .map((p) => resolve(p)),
    ),
  ];
  if (listed.length > 0) return listed.map((path) => ({ path, required: false }));
  return [{ path: join(location.home ?? homedir(), '.kube', 'config'), required: false }];
}

/** Reads and merges the kubeconfig files; files of `$KUBECONFIG` that do not exist are skipped, as kubectl does. */
export async function loadKubeconfig(location: KubeconfigLocation = {}): Promise<Kubeconfig> {
  const files: KubeconfigFile[] = [];
  for (const { path, required } of kubeconfigPaths(location)) {
    try {
      files.push({ path, text: await readFile(path, 'utf8') });
    } catch (error) {
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      if (required || !missing)
        throw new KubeconfigInvalidError(path, missing ? 'no such file' : (error as Error).message, { cause: error });
    }
  }
  return mergeKubeconfigs(files);
}

/**
 * The kubeconfig document of one context alone (its cluster and user), as current context: what
 * the adapter hands to client-node. `undefined` when the context is not there.
 */
export function contextConfig(config: Kubeconfig, context: string): Record<string, unknown> | undefined {
  const ctx = config.contexts.find((c) => c.name === context);
  if (!ctx) return undefined;
  const clusterName = ctx.value['cluster'];
  const userName = ctx.value['user'];
  const cluster = config.clusters.find((c) => c.name === clusterName);
  if (!cluster)
    throw new KubeconfigInvalidError(
      config.files.join(', '),
      `context ${context} names cluster ${String(clusterName)}, which is not defined`,
    );
  const user = config.users.find((u) => u.name === userName) ?? { name: String(userName ?? ''), value: {} };
  return {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: cluster.name, cluster: cluster.value }],
    users: [{ name: user.name, user: user.value }],
    contexts: [{ name: ctx.name, context: ctx.value }],
    'current-context': ctx.name,
  };
}
