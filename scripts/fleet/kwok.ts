// One member = one kwokctl cluster run by the binary runtime: kwokctl starts
// etcd, kube-apiserver, kube-controller-manager, kube-scheduler and the kwok
// controller as detached processes and records their pids in its workdir.
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { stringify } from 'yaml';
import type { Binaries } from './build.ts';
import { kwokWorkdir, memberPorts, type MemberSpec } from './config.ts';
import { run, spawnCollect } from './run.ts';

const env = (): NodeJS.ProcessEnv => ({ ...process.env, KWOK_WORKDIR: kwokWorkdir });

function clusterDir(member: MemberSpec): string {
  return join(kwokWorkdir, 'clusters', member.name);
}

/** kwokctl's own kubeconfig for the member, with certificate paths into its pki. */
export function memberKubeconfig(member: MemberSpec): string {
  return join(clusterDir(member), 'kubeconfig.yaml');
}

export function memberExists(member: MemberSpec): boolean {
  return existsSync(join(clusterDir(member), 'kwok.yaml'));
}

/** True when the member's apiserver answers /readyz, trying again for up to patienceMs. */
export async function memberReady(member: MemberSpec, kubectl: string, patienceMs = 0): Promise<boolean> {
  const deadline = Date.now() + patienceMs;
  for (;;) {
    if (existsSync(memberKubeconfig(member))) {
      const args = ['--kubeconfig', memberKubeconfig(member), 'get', '--raw', '/readyz', '--request-timeout=10s'];
      if ((await spawnCollect(kubectl, args)).code === 0) return true;
    }
    if (Date.now() >= deadline) return false;
    await sleep(1000);
  }
}

/**
 * The config file is the only way to bind kwokctl's components to loopback
 * (there is no flag for bindAddress); pinning every binary to our builds
 * also guarantees that kwokctl never tries to download one.
 */
async function writeMemberConfig(member: MemberSpec, bins: Binaries): Promise<string> {
  const ports = memberPorts(member);
  const config = {
    apiVersion: 'config.kwok.x-k8s.io/v1alpha1',
    kind: 'KwokctlConfiguration',
    options: {
      runtime: 'binary',
      bindAddress: '127.0.0.1',
      kubeApiserverPort: ports.kubeApiserver,
      etcdPort: ports.etcd,
      etcdPeerPort: ports.etcdPeer,
      kwokControllerPort: ports.kwokController,
      kubeControllerManagerPort: ports.kubeControllerManager,
      kubeSchedulerPort: ports.kubeScheduler,
      kubeApiserverBinary: bins.kubeApiserver,
      kubeControllerManagerBinary: bins.kubeControllerManager,
      kubeSchedulerBinary: bins.kubeScheduler,
      kubectlBinary: bins.kubectl,
      etcdBinary: bins.etcd,
      kwokControllerBinary: bins.kwok,
      quietPull: true,
    },
  };
  const dir = join(kwokWorkdir, 'configs');
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${member.name}.yaml`);
  await writeFile(path, stringify(config));
  return path;
}

export async function createMember(member: MemberSpec, bins: Binaries): Promise<void> {
  const config = await writeMemberConfig(member, bins);
  // --kubeconfig= keeps kwokctl away from ~/.kube/config; the fleet writes its own.
  // A member that never serves fails after about 3 minutes: kwokctl waits up to
  // 2 minutes for the apiserver to serve (fixed), then --wait for readiness.
  await run(
    bins.kwokctl,
    ['--config', config, '--name', member.name, 'create', 'cluster', '--kubeconfig=', '--wait', '1m', '--timeout', '3m'],
    { env: env() },
  );
}

export async function deleteMember(member: MemberSpec, kwokctl: string): Promise<void> {
  // delete rejects an empty --kubeconfig; a path that never exists leaves every real kubeconfig alone.
  const unused = join(kwokWorkdir, 'no-kubeconfig');
  await run(kwokctl, ['--name', member.name, 'delete', 'cluster', `--kubeconfig=${unused}`], { env: env() });
}

/** Pids of the member's components as kwokctl recorded them. */
export async function memberPids(member: MemberSpec): Promise<number[]> {
  const dir = join(clusterDir(member), 'pids');
  if (!existsSync(dir)) return [];
  const files = await readdir(dir);
  const pids = await Promise.all(files.map(async (file) => Number((await readFile(join(dir, file), 'utf8')).trim())));
  return pids.filter((pid) => Number.isInteger(pid) && pid > 0);
}

export function memberLogs(member: MemberSpec): string {
  return join(clusterDir(member), 'logs');
}
