import { createServer } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { connectKubeClient } from '../../src/apply/client-node-kube-client.ts';
import { FLOW_SCHEMA_HEADER } from '../../src/apply/client-options.ts';
import { loadKubeconfig } from '../../src/apply/kubeconfig.ts';
import { localKubeconfig } from '../helpers/local-kubeconfig.ts';

// An API server's answers to /flow (with API Priority and Fairness's headers) and /plain (without).
const server = createServer((req, res) => {
  if (req.url === '/flow') res.setHeader(FLOW_SCHEMA_HEADER, '5f0e0d3c-0000-4000-8000-000000000000');
  res.setHeader('Content-Type', 'application/json');
  res.end('{}');
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function client(yieldToFlowControl: boolean) {
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const file = localKubeconfig(`http://127.0.0.1:${port}`, 'm');
  // Four requests a second after the first: seven requests in a row take 1.5 s when limited.
  return connectKubeClient('m', 'm', await loadKubeconfig({ kubeconfig: file }), { qps: 4, burst: 1, yieldToFlowControl });
}

describe('the client-side limit and the member’s API Priority and Fairness', () => {
  it.each<[string, string, boolean, boolean]>([
    ['lifted once the member shows it runs APF', '/flow', true, false],
    ['kept when the user chose the limit', '/flow', false, true],
    ['kept for a member without APF', '/plain', true, true],
  ])('%s', async (_name, path, yieldToFlowControl, limited) => {
    const member = await client(yieldToFlowControl);
    const started = performance.now();
    for (let i = 0; i < 7; i++) expect((await member.raw(path)).status).toBe(200);
    const seconds = (performance.now() - started) / 1000;
    if (limited) expect(seconds).toBeGreaterThan(1.4);
    else expect(seconds).toBeLessThan(1);
  });
});
