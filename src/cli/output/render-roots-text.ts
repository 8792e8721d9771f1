import type { Snapshot } from '../../source/index.ts';

/**
 * The render roots a read found, one line each, under a heading naming the programs' versions;
 * empty when the fleet has none.
 */
export function renderRootsText(snapshot: Snapshot): string {
  const roots = snapshot.roots ?? [];
  if (roots.length === 0) return '';
  const tools = snapshot.renderTools;
  const versions = tools ? ` (kustomize ${tools.kustomize}${tools.helm ? `, helm ${tools.helm}` : ''})` : '';
  return [`render roots${versions}:`, ...roots.map((root) => `  ${root.file}: ${root.outcome}`)].join('\n');
}
