import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../src/model/index.ts';
import { applyCluster, DEFAULT_APPLY_OPTIONS } from '../../src/apply/apply-cluster.ts';
import { KubeApiError } from '../../src/apply/errors/index.ts';
import { planCluster } from '../../src/apply/plan-cluster.ts';
import type { DesiredObject } from '../../src/apply/triage.ts';
import { FakeKubeClient } from '../fakes/kube-client.ts';

const PIN = 424242424242;
const secret: KubeObject = {
  apiVersion: 'v1',
  kind: 'Secret',
  metadata: { name: 's', namespace: 'ns', labels: { 'flotilla.io/managed-by': 'flotilla' } },
  stringData: { pin: PIN as unknown as string, password: 'hunter22-longer' },
};
const desired: DesiredObject = { manifest: secret, suspended: false, preserveOnDeletion: false };
const refusal = () =>
  new KubeApiError(
    { cluster: 'member1', status: 422, reason: 'Invalid', method: 'PATCH', path: '/api/v1/namespaces/ns/secrets/s' },
    `Secret "s" is invalid: .stringData.pin: expected string, got &value.valueUnstructured{Value:${PIN}}; password was "hunter22-longer"`,
  );

describe('an API server refusal of a Secret', () => {
  it("reaches the apply result with the Secret's values scrubbed", async () => {
    const client = new FakeKubeClient();
    client.failWhen('apply', (t) => t.endsWith('/Secret/ns/s'), refusal);
    const result = await applyCluster(client, [desired], DEFAULT_APPLY_OPTIONS, () => undefined);
    const message = result.objects[0]?.error?.message ?? '';
    expect(result.objects[0]?.action).toBe('failed');
    expect(message).toMatch(/: 422 Invalid: .*Value:\*\*\*\}; password was "\*\*\*"$/);
    expect(JSON.stringify(result)).not.toMatch(new RegExp(`${PIN}|hunter22`));
  });

  it('reaches the live plan with the values scrubbed (a dry run of an existing Secret)', async () => {
    const client = new FakeKubeClient('member1', [{ ...secret, stringData: { pin: 'old-value-1' } }]);
    client.failWhen('apply', (t) => t.endsWith('/Secret/ns/s'), refusal);
    const plan = await planCluster(client, [desired], { retain: (d) => d, concurrency: 1, prune: DEFAULT_APPLY_OPTIONS.prune });
    expect(plan.objects[0]?.action).toBe('failed');
    expect(plan.objects[0]?.error?.message).not.toMatch(new RegExp(`${PIN}|hunter22`));
  });
});
