// The shape of the local fleet: where its state lives, which members it has,
// their capacities and their ports. Tests import this to check the fleet
// against the same numbers that created it.
import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '..', '..');
/** Git-ignored home of everything the fleet writes inside the repository. */
export const devDir = join(repoRoot, '.flotilla-dev');
export const kubeconfigPath = join(devDir, 'kubeconfig');
/** KWOK_WORKDIR: kwokctl keeps each member's pki, etcd data, logs and pids under clusters/<name>. */
export const kwokWorkdir = join(devDir, 'kwok');

/** Built binaries live outside the repository so that clones and CI runs share them. */
export function binCacheRoot(): string {
  const override = process.env.FLOTILLA_BIN_CACHE;
  if (override) return resolve(override);
  const cacheHome = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(cacheHome, 'flotilla', 'bin');
}

/** The path itself when it does not exist (yet): a fleet not created has no processes to match. */
function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * The workdir and its real path: a second worktree whose .flotilla-dev links to the first's shares
 * its fleet, and the processes name the first's paths.
 */
export const workdirPaths = (): string[] => [...new Set([kwokWorkdir, realPath(kwokWorkdir)])];

/** Paths that identify a process as one of the fleet's (see processes.ts ownProcess). */
export const ownPaths = (): string[] => [...new Set([...workdirPaths(), binCacheRoot()])];

export interface NodeShape {
  count: number;
  cpu: string;
  memory: string;
  pods: number;
}

export interface MemberSpec {
  name: string;
  region: string;
  zone: string;
  nodes: NodeShape;
  /** First of its ports (see memberPorts); fleet members leave it out and take theirs from their position. */
  portBase?: number;
}

// Regions and zones match the Cluster objects in examples/repo; the capacities
// differ on purpose so that dynamic weights and the estimator see real differences.
export const members: readonly MemberSpec[] = [
  {
    name: 'member1',
    region: 'us-east-1',
    zone: 'us-east-1a',
    nodes: { count: 3, cpu: '8', memory: '32Gi', pods: 110 },
  },
  {
    name: 'member2',
    region: 'europe-west1',
    zone: 'europe-west1-b',
    nodes: { count: 2, cpu: '4', memory: '16Gi', pods: 110 },
  },
  { name: 'member3', region: 'us-west-2', zone: 'us-west-2a', nodes: { count: 1, cpu: '4', memory: '8Gi', pods: 110 } },
];

export interface MemberPorts {
  kubeApiserver: number;
  etcd: number;
  etcdPeer: number;
  kwokController: number;
  kubeControllerManager: number;
  kubeScheduler: number;
  metricsServer: number;
}

const defaultPortBase = 26400;
export const portsPerMember = 10;

/** `FLOTILLA_FLEET_PORT_BASE`, else 26400: member1's first port. */
export function fleetPortBase(): number {
  const raw = process.env.FLOTILLA_FLEET_PORT_BASE;
  const base = raw ? Number(raw) : defaultPortBase;
  if (!Number.isInteger(base) || base < 1024 || base > 65000) {
    throw new Error(`FLOTILLA_FLEET_PORT_BASE must be an integer between 1024 and 65000, got ${JSON.stringify(raw)}`);
  }
  return base;
}

/**
 * Fixed ports keep the kubeconfig stable across restarts. They sit below the
 * kernel's ephemeral range (32768+) so outgoing connections never take them.
 */
export function memberPorts(member: MemberSpec): MemberPorts {
  const first = member.portBase ?? fleetPortBase() + portsPerMember * members.indexOf(member);
  return {
    kubeApiserver: first,
    etcd: first + 1,
    etcdPeer: first + 2,
    kwokController: first + 3,
    kubeControllerManager: first + 4,
    kubeScheduler: first + 5,
    metricsServer: first + 6,
  };
}
