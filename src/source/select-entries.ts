import picomatch from 'picomatch';
import type { Diagnostic, FleetConfig } from '../model/index.ts';
import { SYMLINK_MODE, type TreeEntry } from './git-store.ts';
import { FLEET_CONFIG_FILE } from './fleet-config-fields.ts';
import { simpleGlobMatcher } from './simple-globs.ts';

/** The tree entries to read, and what was found but not read. */
export interface EntrySelection {
  blobs: TreeEntry[];
  /** Every other file read: inputs a render root may need (chart templates, `Kustomization`). */
  others: TreeEntry[];
  diagnostics: Diagnostic[];
}

const MANIFEST = /\.(?:ya?ml|json)$/i;

/**
 * Picks the manifests of a fleet from its tree listing (README.md#commands): `*.yaml`, `*.yml`,
 * `*.json`, minus paths with a dot component, `flotilla.yaml` itself and its `exclude` globs (a
 * glob matching a folder excludes what is under it). Symlinks are never followed and submodules
 * never entered; each one not excluded is a warning naming it.
 */
export function selectEntries(entries: readonly TreeEntry[], config: FleetConfig): EntrySelection {
  const excluded = simpleGlobMatcher(config.exclude) ?? picomatch(config.exclude, { dot: true });
  const isExcluded = (path: string) => ancestorsAndSelf(path).some((candidate) => excluded(candidate));
  const blobs: TreeEntry[] = [];
  const others: TreeEntry[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const entry of entries) {
    if (entry.path === FLEET_CONFIG_FILE || entry.path.split('/').some((part) => part.startsWith('.'))) continue;
    if (isExcluded(entry.path)) continue;
    if (entry.type === 'commit')
      diagnostics.push(warning(entry.path, 'submodule not read: Flotilla reads only files of this repository'));
    else if (entry.mode === SYMLINK_MODE)
      diagnostics.push(
        warning(entry.path, 'symlink not followed: commit the file itself, or exclude it in flotilla.yaml'),
      );
    else if (MANIFEST.test(entry.path)) blobs.push(entry);
    else others.push(entry);
  }
  return { blobs, others, diagnostics };
}

function ancestorsAndSelf(path: string): string[] {
  const parts = path.split('/');
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
}

function warning(file: string, message: string): Diagnostic {
  return { file, line: 1, column: 1, severity: 'warning', message };
}
