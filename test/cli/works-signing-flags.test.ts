// The signed-works flags on the command line (docs/deploy.md#signed-works): `apply
// --works-signing-key` signs the works commit git verifies; a key file that cannot be read is
// refused with the flag named, before anything is written or contacted.
import { afterAll, describe, expect, it } from 'vitest';
import Agent from '../../src/cli/commands/agent.ts';
import Apply from '../../src/cli/commands/apply.ts';
import { createGitRepo, removeFixtures } from '../source/helpers/git-fixture.ts';
import { sshKeyPair } from '../source/helpers/ssh-keys.ts';
import { REPO_ROOT } from './run-cli.ts';
import { runInProcess } from './run-in-process.ts';

afterAll(removeFixtures);

const FLEET = `apiVersion: cluster.karmada.io/v1alpha1
kind: Cluster
metadata: {name: edge}
spec: {syncMode: Pull}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: app, namespace: default}
data: {k: v}
---
apiVersion: policy.karmada.io/v1alpha1
kind: ClusterPropagationPolicy
metadata: {name: all}
spec:
  resourceSelectors: [{apiVersion: v1, kind: ConfigMap}]
  placement: {clusterAffinity: {clusterNames: [edge]}}
`;

function fleet() {
  const repo = createGitRepo();
  repo.write('fleet.yaml', FLEET);
  repo.commit('a Pull member');
  return repo;
}

describe('the signed-works flags', { timeout: 60_000 }, () => {
  it('apply --works-signing-key signs the works commit with that key', async () => {
    const { key, allowedSigners: allowed } = sshKeyPair('hub');
    const repo = fleet();
    const result = await runInProcess(Apply, ['--repo', repo.dir, '--works-signing-key', key]);
    // The edge member has not reported yet, so the pass ends with its scheduling error: the works commit is written first.
    expect(result.stdout).toMatch(/^works: committed [0-9a-f]{12} with the Work of edge/m);
    expect(repo.git('-c', `gpg.ssh.allowedSignersFile=${allowed}`, 'verify-commit', 'works')).toBe('');
  });

  it('apply refuses a signing key it cannot read and writes no works branch', async () => {
    const repo = fleet();
    const result = await runInProcess(Apply, ['--repo', repo.dir, '--works-signing-key', '/nonexistent/hub']);
    expect(result.code).not.toBe(0);
    expect(result.stdout).toMatch(/--works-signing-key: .*\/nonexistent\/hub/);
    expect(repo.git('branch', '--list', 'works')).toBe('');
  });

  it('agent refuses a verify key it cannot read before contacting anything', async () => {
    const repo = fleet();
    const run = Agent.run(['--cluster', 'edge', '--repo', repo.dir, '--once', '--works-verify-key', '/nonexistent/hub.pub'], {
      root: REPO_ROOT,
    });
    await expect(run).rejects.toMatchObject({ message: expect.stringMatching(/--works-verify-key: .*\/nonexistent\/hub\.pub/), oclif: { exit: 1 } });
    expect(repo.git('branch', '--list', 'flotilla/agents/*')).toBe('');
  });
});
