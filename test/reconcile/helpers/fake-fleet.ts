import { join } from 'node:path';
import type { ClusterAccess } from '../../../src/apply/connect.ts';
import { fleetFiles } from '../../../src/cli/scaffold/fleet-files.ts';
import { initRepository } from '../../../src/source/init-repository.ts';
import { FakeKubeClient } from '../../fakes/kube-client.ts';
import { tempDir } from '../../source/helpers/git-fixture.ts';

/** In-memory members by name, and the cluster access that reaches them instead of a kubeconfig. */
export function fakeMembers(names: readonly string[]): { members: Map<string, FakeKubeClient>; access: ClusterAccess } {
  const members = new Map(names.map((name) => [name, new FakeKubeClient(name)]));
  const access: ClusterAccess = {
    kubeconfig: {},
    client: {},
    connect: async (clusters) => new Map(clusters.map((c) => [c.metadata.name, members.get(c.metadata.name)!])),
  };
  return { members, access };
}

/** The `flotilla init` fleet (clusters production and staging) committed in a temp repository, with in-memory members. */
export async function initFakeFleet(prefix: string) {
  const dir = join(tempDir(prefix), 'fleet');
  await initRepository(dir, fleetFiles(), 'fleet');
  return { dir, ...fakeMembers(['production', 'staging']) };
}

/** Two Cluster objects as fleet YAML: member1 a Push member, edge a Pull member; more documents follow. */
export const PUSH_AND_PULL_CLUSTERS = `apiVersion: cluster.karmada.io/v1alpha1
kind: Cluster
metadata: {name: member1}
spec: {syncMode: Push}
---
apiVersion: cluster.karmada.io/v1alpha1
kind: Cluster
metadata: {name: edge}
spec: {syncMode: Pull}
---
`;
