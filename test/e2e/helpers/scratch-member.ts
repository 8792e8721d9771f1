// A scratch member (scripts/fleet/scratch.ts) for one describe block: started
// before its tests, removed after them whether they passed or not, with a
// kubeconfig that holds it and the fleet members the tests name.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { cachedBinaries } from '../../../scripts/fleet/build.ts';
import type { MemberSpec } from '../../../scripts/fleet/config.ts';
import { writeFleetKubeconfig } from '../../../scripts/fleet/kubeconfig.ts';
import { removeScratchMember, startScratchMember, type ScratchShape } from '../../../scripts/fleet/scratch.ts';
import { members } from './fleet.ts';

export interface ScratchMember {
  member: MemberSpec;
  /** Contexts: the fleet members asked for, then the scratch member, each named after its member. */
  kubeconfig: string;
}

const log = (message: string): void => console.log(`[e2e scratch] ${message}`);

/** Registers the hooks; call the result inside a test. */
export function scratchMember(prefix: string, shape: ScratchShape, withFleetMembers: readonly string[]): () => ScratchMember {
  let current: ScratchMember | undefined;
  beforeAll(async () => {
    const member = await startScratchMember(prefix, shape, log);
    current = { member, kubeconfig: join(mkdtempSync(join(tmpdir(), 'flotilla-scratch-')), 'kubeconfig') };
    const kubectl = (await cachedBinaries())?.kubectl;
    if (!kubectl) throw new Error('no cached kubectl: the fleet binaries were not built');
    const fleet = members.filter((m) => withFleetMembers.includes(m.name));
    await writeFleetKubeconfig(current.kubeconfig, [...fleet, member], kubectl);
  });
  afterAll(async () => {
    if (current) await removeScratchMember(current.member, log);
  });
  return () => {
    if (!current) throw new Error('scratchMember(): the member exists only while the describe block runs');
    return current;
  };
}
