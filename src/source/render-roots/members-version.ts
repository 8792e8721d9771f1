import { isMap, isSeq, parseDocument, type Document } from 'yaml';
import type { GitStore } from '../git-store.ts';
import { compareVersions } from './version-order.ts';

const VERSION = /^\s*kubernetesVersion:\s*["']?(v?\d+\.\d+\.\d+)/m;

/**
 * The Kubernetes version charts are rendered for when no member was observed live in this process:
 * the oldest of the members' versions as the last pass observed them (`clusters/<name>.yaml` on
 * the status branch), so `.Capabilities.KubeVersion`
 * answers as on the members and a chart gated on a newer version is not rendered for a cluster that
 * lacks it. `undefined` before any pass has run, and helm's own default applies.
 */
export async function membersKubeVersion(store: GitStore, statusBranch: string): Promise<string | undefined> {
  const commit = await store.resolveRef(`refs/heads/${statusBranch}`);
  if (commit === undefined) return undefined;
  const entries = (await store.listTree(commit, 'clusters')) ?? [];
  const blobs = await store.readBlobs(entries.filter((e) => e.path.endsWith('.yaml')).map((e) => e.oid));
  return oldestVersion([...blobs.values()].map((content) => VERSION.exec(content.toString('utf8'))?.[1]));
}

/**
 * The oldest of the members' versions (`v1.36.3`; a build suffix such as `+k3s1` dropped, which
 * helm's `kubeVersion` refuses), or `undefined` when none is known.
 */
export function oldestVersion(versions: Iterable<string | undefined>): string | undefined {
  const known = [...versions]
    .map((version) => /^v?(\d+\.\d+\.\d+)/.exec(version ?? '')?.[1])
    .filter((version): version is string => version !== undefined)
    .map((version) => `v${version}`);
  return known.sort(compareVersions)[0];
}

/** The kustomization with `kubeVersion` set on every helmCharts entry that does not set its own. */
export function withKubeVersion(text: string, version: string): string {
  // As a plain Document: its maps take new plain values, which a Parsed one's types refuse.
  const doc: Document = parseDocument(text);
  const charts = isMap(doc.contents) ? doc.contents.get('helmCharts') : undefined;
  if (!isSeq(charts)) return text;
  let changed = false;
  for (const chart of charts.items) {
    if (!isMap(chart) || chart.has('kubeVersion')) continue;
    chart.set('kubeVersion', version);
    changed = true;
  }
  return changed ? doc.toString() : text;
}
