import type { Diagnostic, FleetConfig } from '../model/index.ts';
import { PathNotFoundError, RefNotFoundError } from './errors/index.ts';
import { SYMLINK_MODE, type GitStore, type TreeEntry } from './git-store.ts';
import { defaultFleetConfig, FLEET_CONFIG_FILE, type ParsedFleetConfig } from './fleet-config-fields.ts';
import { parseFleetConfigText } from './parse-fleet-config-text.ts';
import { hasRenderInputs, isUnder, type RenderedRoots, withoutRoots } from './render-roots/index.ts';
import { selectEntries } from './select-entries.ts';
import type { Snapshot, SourceFile } from './snapshot.ts';

/** Which commit and folder of an opened repository to read. */
export interface SnapshotTarget {
  /** `--repo` as it should appear in the snapshot and in messages. */
  repo: string;
  /** `--ref` as given or defaulted. */
  ref: string;
  /** The revision to resolve in the store, when it differs from `ref` (a fetched remote's commit). @default ref */
  revision?: string;
  root: string;
  /** Normalised fleet folder, posix, '' for the root. */
  path: string;
  /** Contents of blobs read before (see `OpenSourceOptions.blobCache`); left holding this snapshot's. */
  blobCache?: Map<string, Buffer>;
  /** Build the render roots (kustomizations) into templates. @default false */
  renderRoots?: boolean;
  /** The members' version observed live (see `OpenSourceOptions.kubeVersion`). @default the status branch's record */
  kubeVersion?: string;
}

/** git's own test for binary content (`buffer_is_binary`): a NUL byte in the first 8,000 bytes. */
const BINARY_SNIFF_BYTES = 8000;

/**
 * A manifest that cannot be read is an error, never a warning: the objects it defined would
 * otherwise vanish from the Work and the next prune would delete them from every member.
 */
const BINARY_MESSAGE =
  'binary file not read: a NUL byte, so neither YAML nor JSON; fix it, or exclude it in flotilla.yaml';

/**
 * Reads a fleet's snapshot through any {@link GitStore}: resolves the ref, lists the tree under
 * the fleet folder, reads `flotilla.yaml`, then every selected manifest in one batch.
 */
export async function snapshotFromStore(store: GitStore, target: SnapshotTarget): Promise<Snapshot> {
  const commit = await store.resolveRef(target.revision ?? target.ref);
  if (commit === undefined) throw new RefNotFoundError(target.repo, target.ref);
  const entries = await store.listTree(commit, target.path);
  if (entries === undefined)
    throw new PathNotFoundError({ repo: target.repo, ref: target.ref, commit, path: target.path });
  const { config, diagnostics } = await readFleetConfig(store, entries);
  const selection = selectEntries(entries, config);
  const rendered = target.renderRoots
    ? await renderFleetRoots(store, [...selection.blobs, ...selection.others], config, target)
    : undefined;
  const manifests = rendered
    ? selection.blobs.filter((entry) => !isUnder(entry.path, rendered.inputFolders))
    : selection.blobs;
  const blobs = await readSelected(
    store,
    manifests.map((entry) => entry.oid),
    target.blobCache,
  );
  const files: SourceFile[] = [...(rendered?.files ?? [])];
  diagnostics.push(...selection.diagnostics, ...(rendered?.diagnostics ?? []));
  for (const entry of manifests) {
    const content = blobs.get(entry.oid);
    if (content === undefined)
      diagnostics.push(
        fileDiagnostic(entry.path, 'error', `cannot read blob ${entry.oid}: the object is missing from the repository`),
      );
    else if (content.subarray(0, BINARY_SNIFF_BYTES).includes(0))
      diagnostics.push(fileDiagnostic(entry.path, 'error', BINARY_MESSAGE));
    else files.push({ path: entry.path, blobId: entry.oid, content });
  }
  files.sort((a, b) => compare(a.path, b.path));
  diagnostics.sort((a, b) => compare(a.file, b.file) || a.line - b.line || a.column - b.column);
  return {
    repo: target.repo,
    ref: target.ref,
    commit,
    root: target.root,
    path: target.path,
    config,
    files,
    diagnostics,
    ...rootsOf(rendered),
  };
}

/**
 * The fleet's render roots built. Their code (the YAML library, the programs' runners) is
 * imported only when the fleet has a kustomization or a chart, so a plain fleet never loads it.
 * The imports name modules, not the folder's face: a face imported dynamically would become a
 * chunk of its own that every static user of the face then loads whole.
 */
async function renderFleetRoots(
  store: GitStore,
  blobs: readonly TreeEntry[],
  config: FleetConfig,
  target: SnapshotTarget,
): Promise<RenderedRoots> {
  if (!hasRenderInputs(blobs.map((blob) => blob.path))) return withoutRoots();
  const { renderRoots } = await import('./render-roots/render-roots.ts');
  return renderRoots({
    blobs,
    readBlobs: (oids) => store.readBlobs(oids),
    config,
    kubeVersion: async () => target.kubeVersion ?? (await membersVersion(store, config.statusBranch)),
  });
}

async function membersVersion(store: GitStore, statusBranch: string): Promise<string | undefined> {
  const { membersKubeVersion } = await import('./render-roots/members-version.ts');
  return membersKubeVersion(store, statusBranch);
}

function rootsOf(rendered: RenderedRoots | undefined): Pick<Snapshot, 'roots' | 'renderTools' | 'charts'> {
  if (rendered === undefined) return {};
  return {
    roots: rendered.roots,
    ...(rendered.tools ? { renderTools: rendered.tools } : {}),
    ...(rendered.charts ? { charts: rendered.charts } : {}),
  };
}

/** The blobs' contents: from the cache when it has them (ids are content hashes), else read. */
async function readSelected(
  store: GitStore,
  oids: readonly string[],
  cache: Map<string, Buffer> | undefined,
): Promise<Map<string, Buffer>> {
  if (cache === undefined) return store.readBlobs(oids);
  const read = await store.readBlobs(oids.filter((oid) => !cache.has(oid)));
  const out = new Map<string, Buffer>();
  for (const oid of oids) {
    const content = cache.get(oid) ?? read.get(oid);
    if (content !== undefined) out.set(oid, content);
  }
  cache.clear();
  for (const [oid, content] of out) cache.set(oid, content);
  return out;
}

async function readFleetConfig(store: GitStore, entries: readonly TreeEntry[]): Promise<ParsedFleetConfig> {
  const entry = entries.find((candidate) => candidate.path === FLEET_CONFIG_FILE && candidate.type === 'blob');
  if (entry === undefined) return { config: defaultFleetConfig(), diagnostics: [] };
  const defaults: FleetConfig = defaultFleetConfig();
  if (entry.mode === SYMLINK_MODE) {
    return {
      config: defaults,
      diagnostics: [fileDiagnostic(FLEET_CONFIG_FILE, 'error', 'symlink not followed: defaults used')],
    };
  }
  const content = (await store.readBlobs([entry.oid])).get(entry.oid);
  if (content !== undefined) return parseFleetConfigText(content.toString('utf8'));
  return {
    config: defaults,
    diagnostics: [fileDiagnostic(FLEET_CONFIG_FILE, 'error', `cannot read blob ${entry.oid}: defaults used`)],
  };
}

function fileDiagnostic(file: string, severity: Diagnostic['severity'], message: string): Diagnostic {
  return { file, line: 1, column: 1, severity, message };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
