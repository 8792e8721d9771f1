import { createServer } from 'node:net';
import type { Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { connectKubeClient } from '../../src/apply/client-node-kube-client.ts';
import { MemberTimeoutError } from '../../src/apply/errors/index.ts';
import { loadKubeconfig } from '../../src/apply/kubeconfig.ts';
import { localKubeconfig } from '../helpers/local-kubeconfig.ts';
import { memberDeadline } from '../../src/apply/member-deadline.ts';
import { waitFor } from '../helpers/wait.ts';

// A black hole: accepts connections, reads what it is sent (a TLS hello), never answers.
const open = new Set<Socket>();
let connections = 0;
const server = createServer((socket) => {
  connections++;
  open.add(socket);
  socket.on('data', () => undefined);
  socket.on('close', () => open.delete(socket));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function blackHoleClient(timeoutMs = 10_000) {
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const file = localKubeconfig(`https://127.0.0.1:${port}`, 'hole');
  // Without the deadline these settings would wait 4 × 10 s before giving up.
  return connectKubeClient('hole', 'hole', await loadKubeconfig({ kubeconfig: file }), {
    timeoutMs,
    retry: { retries: 3, baseDelayMs: 10, maxDelayMs: 10 },
  });
}

describe('the client-node adapter under a member deadline', () => {
  it('aborts a request nobody answers at the deadline and closes its connection', async () => {
    const client = await blackHoleClient();
    const bounded = client.withSignal(memberDeadline('hole', 200));
    const started = Date.now();
    await expect(bounded.raw('/readyz')).rejects.toBeInstanceOf(MemberTimeoutError);
    expect(Date.now() - started).toBeLessThan(2000);
    await waitFor("the black hole's connection to close", async () => (open.size === 0 ? true : undefined), { timeoutMs: 2000, intervalMs: 20 });
    // Once over, every request of the view fails at once, without a connection.
    await expect(bounded.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'a', name: 'b' })).rejects.toBeInstanceOf(MemberTimeoutError);
    expect(open.size).toBe(0);
  });
});

describe('the client-node adapter against a member that never answers, without a deadline', () => {
  it('gives the request up after one silent timeout: no retry waits out the same silence again', async () => {
    const client = await blackHoleClient(300);
    const before = connections;
    await expect(client.raw('/readyz')).rejects.toThrow('no answer within 300 ms');
    expect(connections - before).toBe(1);
  });
});
