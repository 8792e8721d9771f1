// Builds the pinned kustomize, helm and OCI registry (scripts/render-tools.ts) before the unit tests, or reuses
// the cached build: the tests of render roots compare against the real programs and pull oci:// charts from a real registry.
import { ensureRenderTools } from '../scripts/render-tools.ts';

export default async function setup(): Promise<void> {
  await ensureRenderTools((message) => console.log(`[render tools] ${message}`));
}
