/**
 * Render roots: kustomizations (Helm charts through their `helmCharts`) built by the real
 * `kustomize` and `helm` programs at a commit, cached by the content they read. The render floor
 * receives their output as data (docs/architecture.md#render-roots).
 */
export * from './render-roots.ts';
export * from './find-roots.ts';
export * from './kustomization-file.ts';
export * from './members-version.ts';
export * from './root-files.ts';
export * from './root-report.ts';
export type { RenderedSource } from './origin-annotations.ts';
