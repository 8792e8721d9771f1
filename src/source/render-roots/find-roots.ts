import { posix } from 'node:path';
import type { Diagnostic } from '../../model/index.ts';
import { isRemoteReference, type KustomizationRefs } from './kustomization-file.ts';
import { CHART_FILE, isKustomizationFile, KUSTOMIZATION_NAMES } from './root-files.ts';

/** One kustomization of the fleet that nothing else includes: kustomize builds it. */
export interface RenderRoot {
  /** The kustomization file, relative to the fleet root (`apps/web/overlays/prod/kustomization.yaml`). */
  file: string;
  /** Every folder the build may read: the root's, those it includes (transitively), their chart homes. */
  folders: string[];
}

/** The roots of a fleet and the folders whose files are inputs, not templates. */
export interface RootLayout {
  roots: RenderRoot[];
  /** Folders of kustomizations and of charts: files under them are never read as templates. */
  inputFolders: string[];
  /** References refused before kustomize runs (remote bases, paths out of the fleet), by kustomization file. */
  refusals: Map<string, Diagnostic[]>;
}

export interface FindRootsOptions {
  /** Whether `flotilla.yaml` lets kustomize fetch remote bases (`render.allowRemoteBases`). */
  allowRemoteBases: boolean;
}

/**
 * Finds the render roots among the fleet's files: each folder holding a kustomization is one,
 * unless another kustomization includes it (a base, a component), in which case the includer's
 * build reads it. `kustomizations` holds the references of each kustomization file.
 */
export function findRoots(
  paths: readonly string[],
  kustomizations: ReadonlyMap<string, KustomizationRefs | undefined>,
  options: FindRootsOptions,
): RootLayout {
  const byFolder = new Map<string, string>();
  for (const path of paths.filter(isKustomizationFile).sort(byPreference)) {
    const folder = posix.dirname(path);
    if (!byFolder.has(folder)) byFolder.set(folder, path);
  }
  const refusals = new Map<string, Diagnostic[]>();
  const edges = new Map<string, string[]>();
  const chartHomes = new Map<string, string[]>();
  for (const [folder, file] of byFolder) {
    const refs = kustomizations.get(file);
    const refuse = (message: string) => refusals.set(file, [...(refusals.get(file) ?? []), error(file, message)]);
    const included: string[] = [];
    for (const entry of refs?.includes ?? []) {
      if (isRemoteReference(entry)) {
        if (!options.allowRemoteBases)
          refuse(`remote base ${entry} refused: set render.allowRemoteBases in flotilla.yaml to fetch it`);
        continue;
      }
      const target = inFleet(folder, entry);
      if (target === undefined) refuse(`${entry} is outside the repository: kustomize may read only the fleet's files`);
      else if (byFolder.has(target)) included.push(target);
    }
    for (const entry of refs?.files ?? [])
      if (inFleet(folder, entry) === undefined || isRemoteReference(entry))
        refuse(`${entry} is outside the repository: kustomize may read only the fleet's files`);
    edges.set(folder, included);
    const home = refs?.chartHome === undefined ? undefined : inFleet(folder, refs.chartHome);
    if (refs?.chartHome !== undefined && home === undefined)
      refuse(`helmGlobals.chartHome ${refs.chartHome} is outside the repository`);
    chartHomes.set(folder, home === undefined ? [] : [home]);
  }
  const includedSomewhere = new Set([...edges.values()].flat());
  const roots = [...byFolder]
    .filter(([folder]) => !includedSomewhere.has(folder))
    .map(([folder, file]) => ({ file, folders: closure(folder, edges, chartHomes) }));
  const chartFolders = paths.filter((path) => posix.basename(path) === CHART_FILE).map((path) => posix.dirname(path));
  return { roots, inputFolders: [...new Set([...byFolder.keys(), ...chartFolders])].sort(), refusals };
}

function closure(start: string, edges: Map<string, string[]>, chartHomes: Map<string, string[]>): string[] {
  const seen = new Set<string>();
  const pending = [start];
  const out = new Set<string>();
  for (let folder = pending.pop(); folder !== undefined; folder = pending.pop()) {
    if (seen.has(folder)) continue;
    seen.add(folder);
    out.add(folder);
    for (const home of chartHomes.get(folder) ?? []) out.add(home);
    pending.push(...(edges.get(folder) ?? []));
  }
  return [...out].sort();
}

/** The folder `entry` names from `folder`, or `undefined` when it climbs out of the fleet. */
function inFleet(folder: string, entry: string): string | undefined {
  if (posix.isAbsolute(entry)) return undefined;
  const joined = posix.normalize(posix.join(folder, entry)).replace(/\/+$/, '');
  return joined === '..' || joined.startsWith('../') ? undefined : joined;
}

function byPreference(a: string, b: string): number {
  const rank = (path: string) => (KUSTOMIZATION_NAMES as readonly string[]).indexOf(posix.basename(path));
  const [da, db] = [posix.dirname(a), posix.dirname(b)];
  return da < db ? -1 : da > db ? 1 : rank(a) - rank(b);
}

function error(file: string, message: string): Diagnostic {
  return { file, line: 1, column: 1, severity: 'error', message };
}
