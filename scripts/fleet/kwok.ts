// One member = one kwokctl cluster run by the binary runtime: kwokctl starts
// etcd, kube-apiserver, kube-controller-manager, kube-scheduler and the kwok
// controller as detached processes and records their pids in its workdir.
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseAllDocuments, stringify } from 'yaml';
import type { Binaries } from './build.ts';
import { kwokWorkdir, memberPorts, repoRoot, workdirPaths, type MemberSpec } from './config.ts';
import { run, spawnCollect } from './run.ts';

const env = (): NodeJS.ProcessEnv => ({ ...process.env, KWOK_WORKDIR: kwokWorkdir });

/** What kwokctl knows a cluster by: the operations on an existing one need nothing else. */
export type MemberName = Pick<MemberSpec, 'name'>;

function clusterDir(member: MemberName): string {
  return join(kwokWorkdir, 'clusters', member.name);
}

/** kwokctl's own kubeconfig for the member, with certificate paths into its pki. */
export function memberKubeconfig(member: MemberName): string {
  return join(clusterDir(member), 'kubeconfig.yaml');
}

export function memberExists(member: MemberName): boolean {
  return existsSync(join(clusterDir(member), 'kwok.yaml'));
}

/** True when the member's apiserver answers /readyz, trying again for up to patienceMs. */
export async function memberReady(member: MemberName, kubectl: string, patienceMs = 0): Promise<boolean> {
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

/** kwokctl's name for the metrics-server component (its pid file, log and recorded entry). */
export const metricsServerComponent = 'metrics-server';

/** The kwok configuration the repository ships for metrics (docs/development.md#metrics). */
const metricsConfigDir = join(repoRoot, 'scripts', 'fleet', 'metrics');
const kwokMetricsFiles = ['resource-metrics.yaml', 'usage-from-annotations.yaml'];

/**
 * metrics-server's scrape interval. 10 s is the least metrics-server accepts; a changed usage
 * annotation shows in PodMetrics after the next scrape, so tests wait at most about this long.
 */
export const metricResolutionSeconds = 10;

/** kwokctl's download cache; per member and emptied on create, so it never serves an old manifest build. */
function cacheDir(member: MemberName): string {
  return join(kwokWorkdir, 'cache', member.name);
}

/** What the members' components run with beyond kwokctl's defaults. */
export function componentsPatches() {
  return [
    // One of each per member, so nothing to elect; with election on, a lease renewal that times out
    // on a loaded machine (e2e files in parallel, builds) ends the process for good ("leaderelection
    // lost"), and the member stops making pods from then on.
    ...['kube-controller-manager', 'kube-scheduler'].map((name) => ({
      name,
      extraArgs: [{ key: 'leader-elect', value: 'false' }],
    })),
    {
      name: metricsServerComponent,
      extraArgs: [
        { key: 'metric-resolution', value: `${metricResolutionSeconds}s`, override: true },
        // metrics-server insists on a request timeout below 90% of the resolution (its default is 10 s).
        { key: 'kubelet-request-timeout', value: '5s' },
      ],
    },
  ];
}

/**
 * The config file is the only way to bind kwokctl's components to loopback
 * (there is no flag for bindAddress); pinning every binary to our builds
 * also guarantees that kwokctl never tries to download one. The metrics-server
 * manifests come from a directory in the repository for the same reason (by
 * default kwokctl fetches them), and the kwok Metric and ClusterResourceUsage
 * documents follow in the same file, where kwokctl hands them to the kwok controller.
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
      enableMetricsServer: true,
      metricsServerBinary: bins.metricsServer,
      metricsServerPort: ports.metricsServer,
      metricsServerManifests: [join(metricsConfigDir, 'apiservice')],
      cacheDir: cacheDir(member),
      quietPull: true,
    },
    componentsPatches: componentsPatches(),
  };
  const kwokDocuments = await Promise.all(
    kwokMetricsFiles.map((file) => readFile(join(metricsConfigDir, file), 'utf8')),
  );
  const dir = join(kwokWorkdir, 'configs');
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${member.name}.yaml`);
  await writeFile(path, [stringify(config), ...kwokDocuments].join('---\n'));
  return path;
}

export async function createMember(member: MemberSpec, bins: Binaries): Promise<void> {
  const config = await writeMemberConfig(member, bins);
  await rm(cacheDir(member), { recursive: true, force: true });
  // --kubeconfig= keeps kwokctl away from ~/.kube/config; the fleet writes its own.
  // A member that never serves fails after about 3 minutes: kwokctl waits up to
  // 2 minutes for the apiserver to serve (fixed), then --wait for readiness.
  await run(
    bins.kwokctl,
    [
      '--config',
      config,
      '--name',
      member.name,
      'create',
      'cluster',
      '--kubeconfig=',
      '--wait',
      '1m',
      '--timeout',
      '3m',
    ],
    { env: env() },
  );
}

export async function deleteMember(member: MemberName, kwokctl: string): Promise<void> {
  // delete rejects an empty --kubeconfig; a path that never exists leaves every real kubeconfig alone.
  const unused = join(kwokWorkdir, 'no-kubeconfig');
  await run(kwokctl, ['--name', member.name, 'delete', 'cluster', `--kubeconfig=${unused}`], { env: env() });
}

/** Pids of the member's components as kwokctl recorded them, by component (`kube-apiserver`, `etcd`, ...). */
export async function componentPids(member: MemberName): Promise<Map<string, number>> {
  const dir = join(clusterDir(member), 'pids');
  const files = await readdir(dir).catch(() => []);
  const entries = await Promise.all(
    files.map(
      async (file) => [file.replace(/\.pid$/, ''), Number((await readFile(join(dir, file), 'utf8')).trim())] as const,
    ),
  );
  return new Map(entries.filter(([, pid]) => Number.isInteger(pid) && pid > 0));
}

export async function memberPids(member: MemberName): Promise<number[]> {
  return [...(await componentPids(member)).values()];
}

/** Drops a component's pid file, as kwokctl stop does once the process is gone. */
export async function forgetComponent(member: MemberName, component: string): Promise<void> {
  await rm(join(clusterDir(member), 'pids', `${component}.pid`), { force: true });
}

/** Records a component's pid where kwokctl keeps it. */
export async function recordComponent(member: MemberName, component: string, pid: number): Promise<void> {
  await writeFile(join(clusterDir(member), 'pids', `${component}.pid`), String(pid));
}

/** The first of the processes (pid and NUL-separated command line) that runs one of the binaries. */
export function processRunning(
  processes: Iterable<readonly [pid: number, cmdline: string]>,
  binaries: readonly string[],
): number | undefined {
  for (const [pid, cmdline] of processes) if (binaries.includes(cmdline.split('\0')[0] ?? '')) return pid;
  return undefined;
}

/**
 * The pid of a running process of the member's component, found by the binary kwokctl runs it
 * from (clusters/<name>/bin/<component>), whatever its pid file says.
 */
export async function runningComponentPid(member: MemberName, component: string): Promise<number | undefined> {
  const binaries = workdirPaths().map((dir) => join(dir, 'clusters', member.name, 'bin', component));
  const pids = (await readdir('/proc').catch(() => [])).filter((entry) => /^\d+$/.test(entry));
  const processes = await Promise.all(
    pids.map(async (pid) => [Number(pid), await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')] as const),
  );
  return processRunning(processes, binaries);
}

/**
 * Starts whichever of the member's components are not running, with the arguments kwokctl
 * recorded at create time; kwokctl leaves the running ones alone.
 */
export async function startStoppedComponents(member: MemberName, kwokctl: string): Promise<void> {
  await run(kwokctl, ['--name', member.name, 'start', 'cluster', '--timeout', '3m'], { env: env() });
}

/** The components named in a kwokctl cluster's recorded configuration (its kwok.yaml). */
export function componentNames(recorded: string): string[] {
  return parseAllDocuments(recorded).flatMap((document) => {
    const value = document.toJS() as { kind?: unknown; components?: unknown } | null;
    if (value?.kind !== 'KwokctlConfiguration' || !Array.isArray(value.components)) return [];
    return value.components.flatMap((component: { name?: unknown }) =>
      typeof component?.name === 'string' ? [component.name] : [],
    );
  });
}

/** The components kwokctl recorded for the member at create time; `kwokctl start` starts only these. */
export async function recordedComponents(member: MemberName): Promise<string[]> {
  return componentNames(await readFile(join(clusterDir(member), 'kwok.yaml'), 'utf8').catch(() => ''));
}

/** Every cluster kwokctl has state for: the fleet's members and any scratch member. */
export async function clusterNames(): Promise<string[]> {
  return readdir(join(kwokWorkdir, 'clusters')).catch(() => []);
}

export function memberLogs(member: MemberName): string {
  return join(clusterDir(member), 'logs');
}
