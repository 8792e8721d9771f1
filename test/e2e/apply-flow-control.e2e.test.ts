// A member's kube-apiserver runs API Priority and Fairness (on by default): the default
// client-side limit gives way once its first answer says so, and a limit the user set is kept.
import { describe, expect, it } from 'vitest';
import { connectKubeClient } from '../../src/apply/client-node-kube-client.ts';
import { loadKubeconfig } from '../../src/apply/kubeconfig.ts';
import { fleetKubeconfig, memberNames } from './helpers/fleet.ts';

describe('the client-side limit against a real member', () => {
  it.each<[string, boolean, boolean]>([
    ['the default limit is lifted', true, false],
    ['a limit the user set is kept', false, true],
  ])('%s', async (_name, yieldToFlowControl, limited) => {
    const [member] = memberNames;
    const config = await loadKubeconfig({ kubeconfig: fleetKubeconfig() });
    // Two requests a second after the first: seven in a row take 3 s when limited.
    const client = await connectKubeClient(member!, member!, config, { qps: 2, burst: 1, yieldToFlowControl });
    const started = performance.now();
    for (let i = 0; i < 7; i++) expect((await client.raw('/readyz')).status).toBe(200);
    const seconds = (performance.now() - started) / 1000;
    if (limited) expect(seconds).toBeGreaterThan(2.8);
    else expect(seconds).toBeLessThan(2);
  });
});
