import { parse } from 'yaml';
import { isRecord } from '../../model/index.ts';

/** What Flotilla must know of one kustomization before kustomize runs. */
export interface KustomizationRefs {
  /** `resources`, `bases` and `components` entries, as written. */
  includes: string[];
  /** `helmGlobals.chartHome` as written, or kustomize's default when the file inflates charts. */
  chartHome: string | undefined;
  /** Secret values written in the file (`secretGenerator` literals), masked in a render's stderr. */
  secretLiterals: string[];
  /** Files and env files `secretGenerator` reads, relative to the kustomization's folder. */
  secretFiles: string[];
  /** Every file path the kustomization names (patches, generators, values files, ...), as written. */
  files: string[];
  /** helmCharts entries that name a chart repository (`https://`, `oci://`) rather than a vendored chart. */
  remoteCharts: RemoteChart[];
}

/** A chart kustomize would pull: Flotilla pulls it once into its chart cache instead. */
export interface RemoteChart {
  name: string;
  repo: string;
  /** As written; a chart without one cannot be cached by content and is refused. */
  version: string | undefined;
}

/** A reference kustomize would fetch from the network (a git or http base) rather than read from the tree. */
export function isRemoteReference(entry: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(entry) || /^(?:git@|github\.com\/|gitlab\.com\/|bitbucket\.org\/)/.test(entry);
}

/** The references of a kustomization; `undefined` when it is not a YAML mapping (kustomize will say why). */
export function readKustomization(text: string): KustomizationRefs | undefined {
  let data: unknown;
  try {
    data = parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(data)) return undefined;
  const strings = (value: unknown): string[] =>
    Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  const includes = [...strings(data.resources), ...strings(data.bases), ...strings(data.components)];
  const globals = isRecord(data.helmGlobals) ? data.helmGlobals : {};
  const inflates = Array.isArray(data.helmCharts) && data.helmCharts.length > 0;
  const chartHome = typeof globals.chartHome === 'string' ? globals.chartHome : inflates ? 'charts' : undefined;
  const secretLiterals: string[] = [];
  const secretFiles: string[] = [];
  for (const generator of Array.isArray(data.secretGenerator) ? data.secretGenerator : []) {
    if (!isRecord(generator)) continue;
    for (const literal of strings(generator.literals)) secretLiterals.push(literal.slice(literal.indexOf('=') + 1));
    for (const file of [...strings(generator.files), ...strings(generator.envs)])
      secretFiles.push(file.slice(file.indexOf('=') + 1));
    if (typeof generator.env === 'string') secretFiles.push(generator.env);
  }
  const remoteCharts = (Array.isArray(data.helmCharts) ? data.helmCharts : [])
    .filter(isRecord)
    .filter((chart) => typeof chart.repo === 'string' && chart.repo !== '' && typeof chart.name === 'string')
    .map((chart) => ({
      name: String(chart.name),
      repo: String(chart.repo),
      version: typeof chart.version === 'string' && chart.version !== '' ? chart.version : undefined,
    }));
  return { includes, chartHome, secretLiterals, secretFiles, files: filesNamed(data, strings), remoteCharts };
}

/**
 * The fields through which kustomize (v5, with helmCharts) reads a file. Flotilla checks each one
 * stays inside the repository, which is what lets kustomize run without its per-folder restrictor:
 * a root may then read a shared chart home or a sibling's file, as Argo CD users configure it.
 */
function filesNamed(data: Record<string, unknown>, strings: (value: unknown) => string[]): string[] {
  const records = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isRecord) : []);
  const paths = (value: unknown): string[] => (typeof value === 'string' ? [value] : strings(value));
  const afterKey = (entry: string) => entry.slice(entry.indexOf('=') + 1);
  const out = [
    ...strings(data.patchesStrategicMerge),
    ...strings(data.crds),
    ...strings(data.configurations),
    ...strings(data.generators),
    ...strings(data.transformers),
    ...strings(data.validators),
    ...records(data.patches).flatMap((patch) => paths(patch.path)),
    ...records(data.patchesJson6902).flatMap((patch) => paths(patch.path)),
    ...records(data.replacements).flatMap((replacement) => paths(replacement.path)),
    ...records(data.helmCharts).flatMap((chart) => [
      ...paths(chart.valuesFile),
      ...strings(chart.additionalValuesFiles),
    ]),
    ...(isRecord(data.openapi) ? paths(data.openapi.path) : []),
  ];
  for (const generator of [...records(data.configMapGenerator), ...records(data.secretGenerator)])
    out.push(...[...strings(generator.files), ...strings(generator.envs), ...paths(generator.env)].map(afterKey));
  // An entry with a newline is an inline patch or plugin config, not a path.
  return out.filter((entry) => !entry.includes('\n'));
}
