import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contextConfig } from '../../src/apply/kubeconfig.ts';
import { IN_CLUSTER_CONTEXT, inClusterKubeconfig } from '../../src/apply/in-cluster.ts';
import { removeFixtures, tempDir } from '../source/helpers/git-fixture.ts';

afterAll(removeFixtures);

function serviceAccount(): string {
  const dir = tempDir();
  writeFileSync(path.join(dir, 'token'), 'tok');
  writeFileSync(path.join(dir, 'ca.crt'), 'ca');
  return dir;
}

describe('the in-cluster configuration of flotilla agent', () => {
  it.each([
    ['an IPv4 service address', '10.96.0.1', 'https://10.96.0.1:443'],
    ['an IPv6 one, in brackets', 'fd00::1', 'https://[fd00::1]:443'],
  ])('reaches the API server at %s with the token file, which client-node re-reads', (_name, host, server) => {
    const dir = serviceAccount();
    const config = inClusterKubeconfig({ env: { KUBERNETES_SERVICE_HOST: host, KUBERNETES_SERVICE_PORT: '443' }, serviceAccount: dir });
    expect(contextConfig(config, IN_CLUSTER_CONTEXT)).toMatchObject({
      clusters: [{ cluster: { server, 'certificate-authority': `${dir}/ca.crt` } }],
      users: [{ user: { 'auth-provider': { name: 'tokenFile', config: { tokenFile: `${dir}/token` } } } }],
      'current-context': IN_CLUSTER_CONTEXT,
    });
  });

  it.each([
    ['outside a Pod', {}, /not running in a Pod .* pass --kubeconfig/],
    [
      'without a service account token',
      { KUBERNETES_SERVICE_HOST: '10.96.0.1', KUBERNETES_SERVICE_PORT: '443' },
      /no service account token at .* pass --kubeconfig/,
    ],
  ])('says what to do %s', (_name, env, message) => {
    expect(() => inClusterKubeconfig({ env, serviceAccount: tempDir() })).toThrow(message);
  });
});
