import { rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { posix } from 'node:path';
import type { Diagnostic, FleetConfig } from '../../model/index.ts';
import type { SourceFile } from '../snapshot.ts';
import { buildRoot, kustomizeFlags, secretValuesOf } from './build-root.ts';
import { findRoots, type RenderRoot } from './find-roots.ts';
import { readKustomization, type KustomizationRefs } from './kustomization-file.ts';
import { ensureChart } from './chart-cache.ts';
import { materialize } from './materialize.ts';
import { withKubeVersion } from './members-version.ts';
import { stripOrigins, withOriginAnnotations } from './origin-annotations.ts';
import { cachedRender, renderCacheDir, renderKey, storeRender } from './render-cache.ts';
import { renderOptions, type RenderOptions } from './render-options.ts';
import { findRenderTools, type RenderTools } from './render-tools.ts';
import { hasRenderInputs, isKustomizationFile, isUnder, withoutRoots } from './root-files.ts';
import type { RootReport } from './root-report.ts';

/** Part of every render key: renders made before Flotilla asked for origin annotations hold none. */
const ORIGINS = 'originAnnotations';

/** One blob of the fleet at the commit, any type of file. */
export interface FleetBlob {
  path: string;
  oid: string;
}

export interface RenderRootsInput {
  /** Every file of the fleet not excluded, paths relative to the fleet root. */
  blobs: readonly FleetBlob[];
  readBlobs(oids: readonly string[]): Promise<Map<string, Buffer>>;
  config: FleetConfig;
  /** Set on every helmCharts entry without its own `kubeVersion`: the members' version; asked only when a kustomization uses helmCharts. */
  kubeVersion?: () => Promise<string | undefined>;
  env?: NodeJS.ProcessEnv;
}

export interface RenderedRoots {
  /** One per root that rendered: its kustomization's path, holding `kustomize build`'s output. */
  files: SourceFile[];
  /** Folders whose files are inputs of a render (kustomizations, charts), never templates. */
  inputFolders: string[];
  roots: RootReport[];
  /** Roots whose kustomization asks for origin annotations itself: their output keeps them. */
  ownOrigins: Set<string>;
  /** The programs' versions, when any root needed them. */
  tools?: { kustomize: string; helm?: string };
  /** Present when a kustomization uses helmCharts: the Kubernetes version they rendered for (none: helm's default). */
  charts?: { kubeVersion?: string };
  diagnostics: Diagnostic[];
}

/**
 * Builds every render root of the fleet (docs/architecture.md#render-roots), reusing any render
 * whose inputs are unchanged. A root that fails is an error diagnostic naming its kustomization
 * and the rest still render: the caller treats the error like a parse error and holds prune back.
 */
export async function renderRoots(input: RenderRootsInput): Promise<RenderedRoots> {
  if (!hasRenderInputs(input.blobs.map((blob) => blob.path))) return withoutRoots();
  const kustomizationBlobs = input.blobs.filter((blob) => isKustomizationFile(blob.path));
  const texts = await input.readBlobs(kustomizationBlobs.map((blob) => blob.oid));
  const refs = new Map<string, KustomizationRefs | undefined>(
    kustomizationBlobs.map((blob) => [blob.path, readKustomization(texts.get(blob.oid)?.toString('utf8') ?? '')]),
  );
  const { options, diagnostics } = renderOptions(input.config);
  const layout = findRoots(
    input.blobs.map((blob) => blob.path),
    refs,
    options,
  );
  const textOf = (file: string) =>
    texts.get(kustomizationBlobs.find((b) => b.path === file)?.oid ?? '')?.toString('utf8');
  const ownOrigins = new Set(
    layout.roots.map((root) => root.file).filter((file) => withOriginAnnotations(textOf(file) ?? '') === undefined),
  );
  const out: RenderedRoots = { files: [], inputFolders: layout.inputFolders, roots: [], ownOrigins, diagnostics };
  if (layout.roots.length === 0) return out;
  let tools: RenderTools;
  try {
    tools = await findRenderTools(options.tools, input.env);
  } catch (error) {
    for (const root of layout.roots) fail(out, root.file, error instanceof Error ? error.message : String(error));
    return out;
  }
  out.tools = { kustomize: tools.kustomizeVersion, ...(tools.helmVersion ? { helm: tools.helmVersion } : {}) };
  // Only charts read the version: a fleet without them never asks (nor contacts a member for it).
  const usesCharts = kustomizationBlobs.some((blob) => texts.get(blob.oid)?.includes('helmCharts'));
  const kubeVersion = usesCharts ? await input.kubeVersion?.() : undefined;
  if (usesCharts) out.charts = kubeVersion ? { kubeVersion } : {};
  const pending: PendingRoot[] = [];
  for (const root of layout.roots) {
    const refused = root.folders.flatMap((folder) => layout.refusals.get(kustomizationIn(folder, refs)) ?? []);
    if (refused.length > 0) {
      out.diagnostics.push(
        ...refused.map((d) =>
          d.file === root.file ? d : { ...d, file: root.file, message: `${d.file}: ${d.message}` },
        ),
      );
      out.roots.push({ file: root.file, outcome: 'error' });
      continue;
    }
    const charts = await remoteChartsOf(root, refs, tools, options, input.env ?? process.env);
    if (charts instanceof Error) {
      fail(out, root.file, charts.message);
      continue;
    }
    const inputs = input.blobs.filter((blob) => isUnder(blob.path, root.folders));
    const key = renderKey({
      root: root.file,
      files: [...inputs, ...charts.digests],
      tools: [tools.kustomize.join(' '), tools.kustomizeVersion, tools.helmVersion],
      // Only a root inflating charts reads the version: another keeps its render when the members' version moves.
      options: [
        ...kustomizeFlags(tools, options).filter((flag) => flag !== tools.helm),
        inflatesCharts(inputs, texts) ? (kubeVersion ?? '') : '',
        ORIGINS,
      ],
    });
    const cached = cachedRender(key, renderCacheDir(input.env));
    if (cached === undefined) pending.push({ root, key, inputs, charts: charts.files });
    else succeed(out, root.file, key, cached, 'cached');
  }
  if (pending.length > 0) await buildPending(pending, { ...input, kubeVersion }, tools, options, refs, out);
  out.files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  out.roots.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return out;
}

/** Whether a root's inputs hold a kustomization using helmCharts (`texts`: every kustomization's content by blob id). */
function inflatesCharts(inputs: readonly FleetBlob[], texts: ReadonlyMap<string, Buffer>): boolean {
  return inputs.some((blob) => isKustomizationFile(blob.path) && texts.get(blob.oid)?.includes('helmCharts'));
}

/** A root to build: its key, the fleet files it reads and the remote charts' files by scratch path. */
interface PendingRoot {
  root: RenderRoot;
  key: string;
  inputs: FleetBlob[];
  charts: Map<string, Buffer>;
}

async function buildPending(
  pending: readonly PendingRoot[],
  input: Omit<RenderRootsInput, 'kubeVersion'> & { kubeVersion: string | undefined },
  tools: RenderTools,
  options: RenderOptions,
  refs: ReadonlyMap<string, KustomizationRefs | undefined>,
  out: RenderedRoots,
): Promise<void> {
  const needed = new Map(pending.flatMap(({ inputs }) => inputs.map((blob) => [blob.path, blob.oid] as const)));
  const contents = await input.readBlobs([...new Set(needed.values())]);
  const files = new Map<string, Buffer>();
  const rootFiles = new Set(pending.map(({ root }) => root.file));
  for (const [path, oid] of needed) {
    const content = contents.get(oid);
    if (content === undefined) continue;
    const { kubeVersion } = input;
    const inflates = kubeVersion !== undefined && isKustomizationFile(path) && content.includes('helmCharts');
    let text = inflates ? withKubeVersion(content.toString('utf8'), kubeVersion) : undefined;
    if (rootFiles.has(path)) text = withOriginAnnotations(text ?? content.toString('utf8')) ?? text;
    files.set(path, text === undefined ? content : Buffer.from(text));
  }
  for (const { charts } of pending) for (const [path, content] of charts) files.set(path, content);
  const scratch = await materialize(files);
  try {
    const queue = [...pending];
    const worker = async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        const { root, key, inputs } = next;
        const secrets = () => secretsOf(root, inputs, files, refs);
        const outcome = await buildRoot(root.file, scratch, tools, options, secrets);
        if (outcome.ok) {
          storeRender(key, renderCacheDir(input.env), outcome.output);
          succeed(out, root.file, key, outcome.output, 'rendered');
        } else {
          out.diagnostics.push(outcome.diagnostic);
          out.roots.push({ file: root.file, outcome: 'error' });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(availableParallelism(), pending.length) }, worker));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

function secretsOf(
  root: RenderRoot,
  inputs: readonly FleetBlob[],
  files: ReadonlyMap<string, Buffer>,
  refs: ReadonlyMap<string, KustomizationRefs | undefined>,
): string[] {
  const texts = inputs.map((blob) => files.get(blob.path)?.toString('utf8') ?? '');
  const literals: string[] = [];
  for (const folder of root.folders) {
    const ref = refs.get(kustomizationIn(folder, refs));
    literals.push(...(ref?.secretLiterals ?? []));
    for (const file of ref?.secretFiles ?? []) {
      const text = files.get(posix.join(folder, file))?.toString('utf8');
      if (text !== undefined)
        literals.push(text.trim(), ...text.split('\n').map((line) => line.slice(line.indexOf('=') + 1).trim()));
    }
  }
  return secretValuesOf(
    texts,
    literals.filter((value) => value !== ''),
  );
}

function kustomizationIn(folder: string, refs: ReadonlyMap<string, unknown>): string {
  for (const file of refs.keys()) if (posix.dirname(file) === folder) return file;
  return folder;
}

/**
 * Keeps a render: the output as the cache holds it still carries the origin annotations Flotilla
 * asked for, which are taken off here (what reaches members is what `kustomize build` prints) and
 * kept as each object's source. A root whose kustomization asks for them itself keeps them.
 */
function succeed(out: RenderedRoots, file: string, key: string, output: string, outcome: 'rendered' | 'cached'): void {
  const own = out.ownOrigins.has(file);
  const { manifest, sources } = own
    ? { manifest: output, sources: undefined }
    : stripOrigins(output, posix.dirname(file));
  // The blob id names the render, so a parse cache keyed by blob ids parses each render once.
  out.files.push({
    path: file,
    blobId: `render:${key}`,
    content: Buffer.from(manifest),
    ...(sources ? { sources } : {}),
  });
  out.roots.push({ file, outcome });
}

function fail(out: RenderedRoots, file: string, message: string): void {
  out.diagnostics.push({ file, line: 1, column: 1, severity: 'error', message });
  out.roots.push({ file, outcome: 'error' });
}

/**
 * The remote charts a root's kustomizations inflate, from the chart cache (pulled once): their
 * digests for the render key, and their files where kustomize looks before it would pull
 * (`<chartHome>/<name>-<version>/<name>`), so a render never reaches the network itself.
 */
async function remoteChartsOf(
  root: RenderRoot,
  refs: ReadonlyMap<string, KustomizationRefs | undefined>,
  tools: RenderTools,
  options: RenderOptions,
  env: NodeJS.ProcessEnv,
): Promise<{ digests: FleetBlob[]; files: Map<string, Buffer> } | Error> {
  const digests: FleetBlob[] = [];
  const files = new Map<string, Buffer>();
  for (const folder of root.folders) {
    const file = kustomizationIn(folder, refs);
    const ref = refs.get(file);
    for (const chart of ref?.remoteCharts ?? []) {
      const what = `helmCharts ${chart.name} from ${chart.repo} (${file})`;
      if (chart.version === undefined)
        return new Error(`${what}: set its version, so the chart can be pulled once and cached`);
      if (!/^(?:https?|oci):\/\//.test(chart.repo))
        return new Error(`${what}: the repository must be an https:// or oci:// URL`);
      if (tools.helm === undefined) return new Error(`${what}: no helm program was found to pull it`);
      try {
        const cached = await ensureChart({ ...chart, version: chart.version }, tools.helm, options.bounds, env);
        digests.push({ path: `chart:${chart.repo}/${chart.name}@${chart.version}`, oid: cached.digest });
        const home = posix.join(folder, ref?.chartHome ?? 'charts', `${chart.name}-${chart.version}`, chart.name);
        for (const [path, content] of cached.files) files.set(posix.join(home, path), content);
      } catch (error) {
        return new Error(`${what}: cannot get the chart: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  return { digests, files };
}
