/** What became of one root in this read. */
export interface RootReport {
  /** The kustomization file (`apps/web/overlays/prod/kustomization.yaml`). */
  file: string;
  /** `cached`: the output was kept from a render of the same inputs; `error`: not rendered. */
  outcome: 'rendered' | 'cached' | 'error';
}

/**
 * The roots as plans and the status branch record them: whether a render came from the cache
 * depends on what ran before on this machine, so it is left out and the same commit reads the same.
 */
export function publishedRoots(roots: readonly RootReport[]): { file: string; outcome: 'rendered' | 'error' }[] {
  return roots.map(({ file, outcome }) => ({ file, outcome: outcome === 'error' ? 'error' : 'rendered' }));
}
