// Scratch members: extra kwokctl clusters for a test that breaks a member on
// purpose (kills its kube-apiserver), so the shared member1..3 that the other
// e2e files and concurrent runs in this checkout use are never disturbed. A
// scratch member is made like a fleet member (same binaries, kwokctl
// configuration and nodes) but is not in the fleet kubeconfig.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cachedBinaries, ensureBinaries, type Log } from './build.ts';
import { fleetPortBase, kwokWorkdir, memberPorts, portsPerMember, type MemberSpec } from './config.ts';
import { removeMember, startMember } from './fleet.ts';
import { memberExists, memberKubeconfig, memberPids, type MemberName } from './kwok.ts';
import { alive, withFleetLock } from './lock.ts';
import { ensureNodes } from './nodes.ts';
import { portFree } from './processes.ts';

/** Ports above the fleet's: slot n (0-based) starts at fleet base + 100 + 10·n. */
const slotOffset = 100;
const slots = 10;
/**
 * `<name>` holds `<pid> <slot>`: the process that made the scratch member and the slot whose ports
 * it took; a dead owner's member is a leftover.
 */
const ownersDir = join(kwokWorkdir, 'scratch-owners');

export type ScratchShape = Omit<MemberSpec, 'name' | 'portBase'>;

/** The live process that owns the scratch member `name`, and its slot (absent in files older than slots). */
async function liveOwner(name: string): Promise<{ slot: number | undefined } | undefined> {
  const [pid, slot] = (await readFile(join(ownersDir, name), 'utf8').catch(() => '')).trim().split(/\s+/).map(Number);
  if (pid === undefined || !Number.isInteger(pid) || pid <= 0 || !alive(pid)) return undefined;
  return { slot: Number.isInteger(slot) ? slot : undefined };
}

/**
 * Slots live processes hold, under any prefix: members of two prefixes share slot numbers, and a
 * claimed slot's ports stay free until its member is created after the lock is released.
 */
async function slotsInUse(): Promise<Set<number>> {
  const owners = await Promise.all((await readdir(ownersDir).catch((): string[] => [])).map(liveOwner));
  return new Set(owners.flatMap((owner) => (owner?.slot === undefined ? [] : [owner.slot])));
}

/**
 * Claims the first free slot for this process: no live process holds the slot under any prefix,
 * its name (`<prefix><n>`) is not owned by a live process and its ports are free. A dead owner's
 * leftover is removed first. Under the fleet lock, so two runs never claim the same slot; the slow
 * create happens after the lock is released.
 */
async function claimSlot(prefix: string, shape: ScratchShape, log: Log): Promise<MemberSpec> {
  await mkdir(ownersDir, { recursive: true });
  const taken = await slotsInUse();
  for (let slot = 0; slot < slots; slot++) {
    if (taken.has(slot)) continue;
    const member: MemberSpec = {
      ...shape,
      name: `${prefix}${slot + 1}`,
      portBase: fleetPortBase() + slotOffset + portsPerMember * slot,
    };
    if ((await liveOwner(member.name)) !== undefined) continue;
    if (memberExists(member) || (await memberPids(member)).length > 0) {
      log(`${member.name}: left over from a run that is gone; removing it`);
      await removeScratchMember(member, log);
    }
    const free = await Promise.all(Object.values(memberPorts(member)).map(portFree));
    if (!free.every(Boolean)) continue;
    await writeFile(join(ownersDir, member.name), `${process.pid} ${slot}`);
    return member;
  }
  throw new Error(`no free scratch member slot for ${prefix}: all ${slots} are in use or their ports are taken`);
}

/** Starts a scratch member named `<prefix><n>` with its nodes Ready; {@link removeScratchMember} ends it. */
export async function startScratchMember(prefix: string, shape: ScratchShape, log: Log): Promise<MemberSpec> {
  const bins = await ensureBinaries(log);
  const member = await withFleetLock(log, () => claimSlot(prefix, shape, log));
  try {
    log(`${member.name}: starting (kube-apiserver https://127.0.0.1:${memberPorts(member).kubeApiserver})`);
    await startMember(member, bins, log);
    await ensureNodes(member, bins.kubectl, memberKubeconfig(member));
    return member;
  } catch (error) {
    await removeScratchMember(member, log);
    throw error;
  }
}

/** Stops the scratch member's processes and deletes its state; safe when it is already gone. */
export async function removeScratchMember(member: MemberName, log: Log): Promise<void> {
  // Never build just to tear down: without kwokctl the pid files are enough.
  await removeMember(member, (await cachedBinaries())?.kwokctl, log);
  await rm(join(ownersDir, member.name), { force: true });
}
