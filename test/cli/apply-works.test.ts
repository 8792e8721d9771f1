// `flotilla apply` on a fleet whose only member is a Pull member (no cluster is contacted), then on
// the same repository once that member is gone: the works branch drops its folder in one commit and
// says so, and the next apply writes nothing (docs/deploy.md#pull-members-flotilla-agent).
import { afterAll, describe, expect, it } from 'vitest';
import { createGitRepo, removeFixtures } from '../source/helpers/git-fixture.ts';
import { runCli } from './run-cli.ts';

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

describe('apply when the last Pull member leaves', () => {
  it('commits the works branch once without its folder, then leaves the branch alone', () => {
    const repo = createGitRepo();
    repo.write('fleet.yaml', FLEET);
    repo.commit('a Pull member');
    const works = () => repo.git('ls-tree', '-r', '--name-only', 'works').split('\n');

    const first = runCli(['apply', '--repo', repo.dir]);
    expect(first.stdout).toMatch(/^works: committed [0-9a-f]{12} with the Work of edge \(Pull: their agents apply it\)$/m);
    expect(works()).toContain('edge/work.json');

    repo.git('rm', '-q', 'fleet.yaml');
    repo.write('README.md', 'no members\n');
    repo.commit('no members');
    const second = runCli(['apply', '--repo', repo.dir]);
    expect([second.code, second.stderr]).toEqual([0, '']);
    expect(second.stdout).toMatch(/^works: committed [0-9a-f]{12} without the folders of former Pull members \(their agents apply nothing more\)$/m);
    expect(works()).toEqual(['works.json']);

    const third = runCli(['apply', '--repo', repo.dir]);
    expect(third.code).toBe(0);
    expect(third.stdout).not.toContain('works:');
    expect(repo.git('rev-list', '--count', 'works')).toBe('2');
  });
});
