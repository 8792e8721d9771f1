// Bringing the whole local fleet up and down. Used by `npm run clusters:*`,
// the demo and the e2e global setup, so all three agree on what "up" means.
import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { cachedBinaries, ensureBinaries, type Binaries, type Log } from './build.ts';
import {
  kubeconfigPath,
  kwokWorkdir,
  memberPorts,
  members,
  ownPaths,
  type MemberPorts,
  type MemberSpec,
} from './config.ts';
import { writeFleetKubeconfig } from './kubeconfig.ts';
import { otherLeaseHolders, withFleetLock } from './lock.ts';
import {
  clusterNames,
  createMember,
  deleteMember,
  memberExists,
  memberKubeconfig,
  memberLogs,
  memberPids,
  memberReady,
  type MemberName,
} from './kwok.ts';
import { ensureMetricsServerRunning, hasMetricsServer, waitForMetricsApi } from './metrics.ts';
import { ensureNodes } from './nodes.ts';
import { ownProcess, portFree, stopProcesses } from './processes.ts';
import { tail } from './run.ts';

const seconds = (since: number): string => `${((Date.now() - since) / 1000).toFixed(1)}s`;

/** Starts every member that is not already answering, then writes the kubeconfig and nodes. */
export function fleetUp(log: Log): Promise<void> {
  return withFleetLock(log, () => startFleet(log));
}

async function startFleet(log: Log): Promise<void> {
  const started = Date.now();
  const bins = await ensureBinaries(log);
  const answering = await Promise.all(members.map((member) => memberAnswers(member, bins.kubectl)));
  const toStart: MemberSpec[] = [];
  const withoutMetrics: MemberSpec[] = [];
  for (const [index, member] of members.entries()) {
    if (answering[index] && (await hasMetricsServer(member))) {
      log(`${member.name}: already running (kube-apiserver https://127.0.0.1:${memberPorts(member).kubeApiserver})`);
      await ensureMetricsServerRunning(member, bins, log);
    } else if (answering[index]) {
      withoutMetrics.push(member);
    } else {
      if (memberExists(member)) {
        log(`${member.name}: left over from an earlier run and not answering; removing it`);
        await removeMember(member, bins.kwokctl, log);
      }
      toStart.push(member);
    }
  }
  // All ports are checked before anything starts or is recreated, so a clash never leaves half a fleet behind.
  for (const member of toStart) await assertPortsFree(member);
  for (const member of withoutMetrics) await assertPortsFree(member, ['metricsServer']);
  for (const member of withoutMetrics) {
    log(
      `${member.name}: running without metrics-server (created before the fleet had it); kwokctl cannot add a ` +
        'component to an existing cluster, so the member is recreated and the objects in it are lost',
    );
    await removeMember(member, bins.kwokctl, log);
    toStart.push(member);
  }
  for (const member of toStart) {
    log(
      `${member.name}: starting etcd, kube-apiserver, kube-controller-manager, kube-scheduler, kwok, metrics-server ` +
        `(kube-apiserver https://127.0.0.1:${memberPorts(member).kubeApiserver})`,
    );
    const memberStarted = Date.now();
    await startMember(member, bins, log);
    log(`${member.name}: started in ${seconds(memberStarted)}`);
  }
  await writeFleetKubeconfig(kubeconfigPath, members, bins.kubectl);
  await Promise.all(
    members.map(async (member) => {
      const { count, cpu, memory, pods } = member.nodes;
      log(`${member.name}: ${count} node(s) of ${cpu} CPU / ${memory} / ${pods} pods`);
      await ensureNodes(member, bins.kubectl, memberKubeconfig(member));
      await waitForMetricsApi(member, bins.kubectl);
    }),
  );
  log(`fleet is up (${seconds(started)}): kubectl --kubeconfig ${kubeconfigPath} --context member1 get nodes`);
}

/** Creates one member and waits until it serves; one that does not is removed again, and the error carries its logs. */
export async function startMember(member: MemberSpec, bins: Binaries, log: Log): Promise<void> {
  try {
    await createMember(member, bins);
    // kwokctl only logs a failed readiness wait and still exits 0.
    if (!(await memberReady(member, bins.kubectl)))
      throw new Error('kwokctl finished but kube-apiserver does not answer /readyz');
    // kwokctl starts metrics-server beside an apiserver that may not answer yet; it then exits at once.
    await ensureMetricsServerRunning(member, bins, log);
  } catch (error) {
    const logs = await logTails(member);
    await removeMember(member, bins.kwokctl, log);
    throw new Error(`${member.name} did not start: ${(error as Error).message}${logs}`);
  }
}

export interface DownOptions {
  /** Leave the fleet up while another process holds a lease on it (see lock.ts). */
  unlessLeased?: boolean;
}

/** Stops every member's processes and removes their state. Safe to run when nothing is up. */
export function fleetDown(log: Log, options: DownOptions = {}): Promise<void> {
  return withFleetLock(log, async () => {
    const users = options.unlessLeased ? await otherLeaseHolders() : [];
    if (users.length > 0) log(`leaving the fleet up: still used by pid ${users.join(', ')}`);
    else await stopFleet(log);
  });
}

async function stopFleet(log: Log): Promise<void> {
  const started = Date.now();
  // Never build just to tear down: without kwokctl the pid files are enough.
  const kwokctl = (await cachedBinaries())?.kwokctl;
  // Scratch members (scratch.ts) live in the same workdir: deleting it under them would orphan their processes.
  const names = new Set([...members.map((member) => member.name), ...(await clusterNames())]);
  for (const name of names) {
    const member = { name };
    if (!memberExists(member) && (await memberPids(member)).length === 0) continue;
    log(`${name}: stopping`);
    await removeMember(member, kwokctl, log);
  }
  await rm(kwokWorkdir, { recursive: true, force: true });
  await rm(kubeconfigPath, { force: true });
  log(`fleet is down (${seconds(started)})`);
}

export interface MemberStatus {
  name: string;
  server: string;
  ready: boolean;
  processes: number;
}

export async function fleetStatus(): Promise<MemberStatus[]> {
  const kubectl = (await cachedBinaries())?.kubectl;
  return Promise.all(
    members.map(async (member) => ({
      name: member.name,
      server: `https://127.0.0.1:${memberPorts(member).kubeApiserver}`,
      ready: kubectl ? await memberReady(member, kubectl) : false,
      processes: await liveProcesses(member),
    })),
  );
}

/** Every member answers and the fleet kubeconfig exists. */
export async function fleetIsUp(): Promise<boolean> {
  const kubectl = (await cachedBinaries())?.kubectl;
  if (!kubectl || !existsSync(kubeconfigPath)) return false;
  const answers = await Promise.all(members.map((member) => memberAnswers(member, kubectl)));
  return answers.every(Boolean);
}

/**
 * A loaded machine can make a running apiserver slow to answer: a member whose
 * processes are alive gets time before it is called dead (and replaced).
 */
async function memberAnswers(member: MemberSpec, kubectl: string): Promise<boolean> {
  const patience = (await liveProcesses(member)) > 0 ? 30_000 : 0;
  return memberReady(member, kubectl, patience);
}

async function liveProcesses(member: MemberName): Promise<number> {
  const alive = await Promise.all((await memberPids(member)).map((pid) => ownProcess(pid, ownPaths())));
  return alive.filter(Boolean).length;
}

/** Stops the member's processes and deletes its state; kwokctl may be missing or fail. */
export async function removeMember(member: MemberName, kwokctl: string | undefined, log: Log): Promise<void> {
  const pids = await memberPids(member);
  // kwokctl stops the components it started; the pid sweep after it makes
  // sure nothing is orphaned even when kwokctl fails or is missing.
  if (kwokctl)
    await deleteMember(member, kwokctl).catch((error: unknown) =>
      log(`${member.name}: kwokctl delete failed, stopping its processes directly: ${(error as Error).message}`),
    );
  await stopProcesses(pids, ownPaths());
  await rm(join(kwokWorkdir, 'clusters', member.name), { recursive: true, force: true });
}

async function assertPortsFree(member: MemberSpec, only?: readonly (keyof MemberPorts)[]): Promise<void> {
  const ports = Object.entries(memberPorts(member)).filter(
    ([component]) => !only || only.some((name) => name === component),
  );
  for (const [component, port] of ports) {
    if (!(await portFree(port))) {
      throw new Error(
        `127.0.0.1:${port} (${member.name} ${component}) is already in use. Stop whatever holds it ` +
          `(ss -ltnp 'sport = :${port}') or move the fleet to other ports with FLOTILLA_FLEET_PORT_BASE.`,
      );
    }
  }
}

/** The last lines of each component log, because kwokctl's own error rarely says why. */
async function logTails(member: MemberName): Promise<string> {
  const dir = memberLogs(member);
  if (!existsSync(dir)) return '';
  const files = await readdir(dir);
  const parts = await Promise.all(
    files.map(async (file) => `\n--- ${file} (last lines)\n${tail(await readFile(join(dir, file), 'utf8'), 15)}`),
  );
  return parts.join('');
}
