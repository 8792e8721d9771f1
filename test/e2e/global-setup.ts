// Brings the local fleet up once per e2e run. A fleet that cannot start fails
// the run with the reason: e2e tests never skip for want of clusters.
import type { TestProject } from 'vitest/node';
import { kubeconfigPath } from '../../scripts/fleet/config.ts';
import { fleetDown, fleetIsUp, fleetUp } from '../../scripts/fleet/fleet.ts';
import { releaseLease, takeLease } from '../../scripts/fleet/lock.ts';
import { ensureRenderTools } from '../../scripts/render-tools.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    kubeconfig: string;
  }
}

const log = (message: string): void => console.log(`[e2e fleet] ${message}`);

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The lease comes first, so a concurrent run finishing now sees this one and leaves the fleet up.
  await takeLease();
  // A fleet the developer already had running is theirs: reuse it, leave it up.
  const wasUp = await fleetIsUp();
  const keep = wasUp || process.env.FLOTILLA_KEEP_FLEET === '1';
  const teardown = async (): Promise<void> => {
    await releaseLease();
    if (keep) log(`leaving the fleet up (${wasUp ? 'it was running before this run' : 'FLOTILLA_KEEP_FLEET=1'})`);
    else await fleetDown(log, { unlessLeased: true });
  };
  try {
    await fleetUp(log);
    await ensureRenderTools(log);
  } catch (error) {
    await teardown().catch(() => undefined);
    throw new Error(`The e2e fleet could not start, so no e2e test can run:\n${(error as Error).message}`);
  }
  process.env.FLOTILLA_E2E_KUBECONFIG = kubeconfigPath;
  project.provide('kubeconfig', kubeconfigPath);
  return teardown;
}
