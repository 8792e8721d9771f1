import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { fleetFiles } from '../../../src/cli/scaffold/fleet-files.ts';
import { applyPass } from '../../../src/reconcile/pass/apply-pass.ts';
import { initRepository } from '../../../src/source/init-repository.ts';
import { multiClusterServiceDocument } from '../../../src/controllers/multicluster-services/multicluster-service-document.ts';
import { removeFixtures, runGitIn, tempDir } from '../../source/helpers/git-fixture.ts';
import { fakeMembers } from '../helpers/fake-fleet.ts';

afterAll(removeFixtures);

const RECORD = 'multicluster-services/MultiClusterService/hello/hello.yaml';
const git = (dir: string, ...args: string[]) => runGitIn(dir, args);
const MCS = `apiVersion: networking.karmada.io/v1alpha1
kind: MultiClusterService
metadata: {name: hello, namespace: hello}
spec: {types: [CrossCluster], providerClusters: [{name: staging}], consumerClusters: [{name: production}]}
`;
const record = {
  kind: 'MultiClusterService' as const,
  namespace: 'hello',
  name: 'hello',
  providers: [{ cluster: 'staging', ready: true, slices: 1, endpoints: 2 }],
  consumers: [{ cluster: 'production', slices: 1, endpoints: 2, dispatched: true }],
};

/** Writes the record as a run loop would have, on top of the status branch. */
function recordOnBranch(dir: string): void {
  const tree = join(tempDir('flotilla-status-tree-'), 'status');
  git(dir, 'worktree', 'add', '-q', tree, 'status');
  mkdirSync(join(tree, 'multicluster-services/MultiClusterService/hello'), { recursive: true });
  writeFileSync(join(tree, RECORD), stringify(multiClusterServiceDocument(record)));
  git(tree, 'add', '.');
  git(tree, 'commit', '-qm', 'the run loop recorded hello');
  git(dir, 'worktree', 'remove', '--force', tree);
}

describe('a MultiClusterService through apply, a pass without memory', () => {
  it("places its Service on the providers and consumers, keeps the loop's record while it exists, drops it after", async () => {
    const dir = join(tempDir('flotilla-apply-mcs-'), 'fleet');
    await initRepository(dir, [...fleetFiles(), { path: 'apps/hello/mcs.yaml', content: MCS }], 'fleet');
    const { members, access } = fakeMembers(['production', 'staging']);
    const apply = async () => expect((await applyPass({ source: { repo: dir }, access, prune: {}, runner: {} })).ok).toBe(true);

    await apply();
    for (const member of members.values()) expect(member.objects.has('/Service/hello/hello')).toBe(true);
    const binding = git(dir, 'show', 'status:resources/core/Service/hello/hello.yaml');
    expect(binding).toContain('multiclusterservice.karmada.io/name: hello');

    recordOnBranch(dir);
    git(dir, 'commit', '-q', '--allow-empty', '-m', 'another commit');
    await apply();
    expect(parse(git(dir, 'show', `status:${RECORD}`))).toEqual(multiClusterServiceDocument(record));

    rmSync(join(dir, 'apps/hello/mcs.yaml'));
    git(dir, 'commit', '-qam', 'no more multi-cluster service');
    await apply();
    expect(git(dir, 'ls-tree', '-r', '--name-only', 'status')).not.toContain(RECORD);
  });
});
