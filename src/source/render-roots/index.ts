/**
 * Render roots: kustomizations (Helm charts through their `helmCharts`) built by the real
 * `kustomize` and `helm` programs at a commit, cached by the content they read. The render floor
 * receives their output as data (docs/architecture.md#render-roots).
 */
export {
  publishedRoots,
  renderRoots,
  type RenderedRoots,
  type RenderRootsInput,
  type RootReport,
} from './render-roots.ts';
export { isUnder } from './find-roots.ts';
export { isKustomizationFile } from './kustomization-file.ts';
export { membersKubeVersion, oldestVersion } from './members-version.ts';
export type { RenderedSource } from './origin-annotations.ts';
