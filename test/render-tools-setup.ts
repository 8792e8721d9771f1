// Builds the pinned kustomize and helm (scripts/render-tools.ts) before the unit tests, or reuses
// the cached build: the tests of render roots compare against the real programs.
import { ensureRenderTools } from '../scripts/render-tools.ts';

export default async function setup(): Promise<void> {
  await ensureRenderTools((message) => console.log(`[render tools] ${message}`));
}
