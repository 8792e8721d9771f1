import { posix } from 'node:path';
import type { RenderedRoots } from './render-roots.ts';

/** The file names kustomize looks for in a folder, in its order of preference. */
export const KUSTOMIZATION_NAMES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'] as const;

/** A folder holding one of these is a chart: an input wherever it sits, never templates. */
export const CHART_FILE = 'Chart.yaml';

export function isKustomizationFile(path: string): boolean {
  return (KUSTOMIZATION_NAMES as readonly string[]).includes(posix.basename(path));
}

/**
 * Whether any of a fleet's files makes a render root (a kustomization, or a chart, which is refused
 * outside one): a fleet without either never loads the code that renders them.
 */
export function hasRenderInputs(paths: readonly string[]): boolean {
  return paths.some((path) => isKustomizationFile(path) || posix.basename(path) === CHART_FILE);
}

/** Whether `path` lies in one of `folders` ('.' is the fleet root and holds everything). */
export function isUnder(path: string, folders: readonly string[]): boolean {
  return folders.some((folder) => folder === '.' || path.startsWith(`${folder}/`));
}

/** What a fleet without render roots renders to. */
export function withoutRoots(): RenderedRoots {
  return { files: [], inputFolders: [], roots: [], ownOrigins: new Set(), diagnostics: [] };
}
