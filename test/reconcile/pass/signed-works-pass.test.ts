// `apply --works-signing-key` and `run --works-signing-key`: the works commit a pass writes is signed
// with the key, as git's SSH signing does (git verify-commit accepts it); without one it is unsigned.
import { afterAll, describe, expect, it } from 'vitest';
import type { KubeClient } from '../../../src/apply/kube-client.ts';
import { FailoverController } from '../../../src/controllers/failover/failover-controller.ts';
import { applyPass } from '../../../src/reconcile/pass/apply-pass.ts';
import { createReconcilePass } from '../../../src/reconcile/run/reconcile-pass.ts';
import { sshCommitSigner } from '../../../src/source/index.ts';
import type { CommitSigner } from '../../../src/source/index.ts';
import { FakeKubeClient } from '../../fakes/kube-client.ts';
import { createGitRepo, removeFixtures } from '../../source/helpers/git-fixture.ts';
import { PUSH_AND_PULL_CLUSTERS } from '../helpers/fake-fleet.ts';
import { sshKeyPair } from '../../source/helpers/ssh-keys.ts';

afterAll(removeFixtures);

const FLEET = `${PUSH_AND_PULL_CLUSTERS}apiVersion: v1
kind: ConfigMap
metadata: {name: app, namespace: shop}
data: {a: "1"}
---
apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: app, namespace: shop}
spec:
  resourceSelectors: [{apiVersion: v1, kind: ConfigMap, name: app}]
  placement: {clusterAffinity: {clusterNames: [member1, edge]}}
`;

const { key, allowedSigners: allowed } = sshKeyPair('hub');

type Write = (repo: string, signer: CommitSigner | undefined) => Promise<unknown>;

const access = () => {
  const member1 = new FakeKubeClient('member1');
  return { kubeconfig: {}, client: {}, connect: async () => new Map<string, KubeClient | Error>([['member1', member1]]) };
};

const passes: [string, Write][] = [
  ['apply', (repo, signer) => applyPass({ source: { repo }, access: access(), prune: {}, runner: {}, ...(signer ? { worksSigner: signer } : {}) })],
  [
    'run',
    (repo, signer) =>
      createReconcilePass({
        source: { repo },
        access: access(),
        prune: {},
        runner: {},
        controllers: [new FailoverController()],
        onResult: () => undefined,
        ...(signer ? { worksSigner: signer } : {}),
      })({ signals: [], abort: new AbortController().signal }),
  ],
];

describe.each(passes)('%s with Pull members', { timeout: 60_000 }, (_name, write) => {
  it.each([
    ['signs the works commit with --works-signing-key', true],
    ['leaves it unsigned without the key', false],
  ])('%s', async (_case, signed) => {
    const repo = createGitRepo();
    repo.write('fleet.yaml', FLEET);
    repo.commit('fleet');
    await write(repo.dir, signed ? sshCommitSigner(key) : undefined);
    const verify = () => repo.git('-c', `gpg.ssh.allowedSignersFile=${allowed}`, 'verify-commit', 'works');
    expect(repo.git('ls-tree', '--name-only', 'works')).toContain('edge');
    if (signed) expect(verify()).toBe('');
    else expect(verify).toThrow();
  });

  it('signs an unsigned tip once when the key is given, though nothing else changed', async () => {
    const repo = createGitRepo();
    repo.write('fleet.yaml', FLEET);
    repo.commit('fleet');
    await write(repo.dir, undefined);
    const unsigned = repo.git('rev-parse', 'works');
    await write(repo.dir, sshCommitSigner(key));
    const signed = repo.git('rev-parse', 'works');
    expect(signed).not.toBe(unsigned);
    expect(repo.git('rev-parse', 'works^')).toBe(unsigned);
    expect(repo.git('-c', `gpg.ssh.allowedSignersFile=${allowed}`, 'verify-commit', 'works')).toBe('');
    await write(repo.dir, sshCommitSigner(key));
    expect(repo.git('rev-parse', 'works')).toBe(signed);
  });
});
