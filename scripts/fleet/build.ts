// Builds the fleet's components from the Go module proxy into a cache outside
// the repository, once per version. Versions come from the wrapper modules in
// tools/, whose go.sum pins every dependency.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { binCacheRoot, repoRoot } from './config.ts';
import { CommandError, run, spawnCollect, tail } from './run.ts';

export interface Binaries {
  kubeApiserver: string;
  kubeControllerManager: string;
  kubeScheduler: string;
  kubectl: string;
  etcd: string;
  kwok: string;
  kwokctl: string;
  metricsServer: string;
}

export interface Component {
  /** Label in progress output and prefix of the cache directory. */
  name: string;
  /** Wrapper module directory under tools/. */
  toolsDir: string;
  /** The module whose version keys the cache. */
  module: string;
  /** Binary file name → Go package that is its main. */
  packages: Record<string, string>;
  ldflags: (version: string, date: string) => string[];
  /** Rough cold-build minutes on a 2-core machine, so nobody kills a build that is just slow. */
  coldMinutes: number;
}

// kubectl and kwokctl read these to report and pick versions; without them
// the binaries call themselves v0.0.0-master.
function kubernetesLdflags(version: string, date: string): string[] {
  const [major, minor] = version.replace(/^v/, '').split('.');
  const vars = { gitVersion: version, gitMajor: major, gitMinor: minor, gitTreeState: 'archive', buildDate: date };
  return Object.entries(vars).flatMap(([key, value]) => [
    `-X k8s.io/component-base/version.${key}=${value}`,
    `-X k8s.io/client-go/pkg/version.${key}=${value}`,
  ]);
}

// kwokctl runs `metrics-server --version` to pick its flags; metrics-server prints client-go's version.
function metricsServerLdflags(version: string, date: string): string[] {
  const vars = { gitVersion: version, gitTreeState: 'archive', buildDate: date };
  return Object.entries(vars).map(([key, value]) => `-X k8s.io/client-go/pkg/version.${key}=${value}`);
}

const components: readonly Component[] = [
  {
    name: 'kubernetes',
    toolsDir: 'tools/kube',
    module: 'k8s.io/kubernetes',
    packages: {
      'kube-apiserver': 'k8s.io/kubernetes/cmd/kube-apiserver',
      'kube-controller-manager': 'k8s.io/kubernetes/cmd/kube-controller-manager',
      'kube-scheduler': 'k8s.io/kubernetes/cmd/kube-scheduler',
      kubectl: 'k8s.io/kubernetes/cmd/kubectl',
    },
    ldflags: kubernetesLdflags,
    coldMinutes: 10,
  },
  {
    name: 'etcd',
    toolsDir: 'tools/etcd',
    module: 'go.etcd.io/etcd/server/v3',
    packages: { etcd: 'go.etcd.io/etcd/server/v3' },
    ldflags: () => [],
    coldMinutes: 3,
  },
  {
    name: 'kwok',
    toolsDir: 'tools/kwok',
    module: 'sigs.k8s.io/kwok',
    packages: { kwok: 'sigs.k8s.io/kwok/cmd/kwok', kwokctl: 'sigs.k8s.io/kwok/cmd/kwokctl' },
    ldflags: () => [],
    coldMinutes: 5,
  },
  {
    name: 'metrics-server',
    toolsDir: 'tools/metrics-server',
    module: 'sigs.k8s.io/metrics-server',
    packages: { 'metrics-server': 'sigs.k8s.io/metrics-server/cmd/metrics-server' },
    ldflags: metricsServerLdflags,
    coldMinutes: 4,
  },
];

export type Log = (message: string) => void;

export interface Located {
  component: Component;
  version: string;
  dir: string;
}

async function locate(): Promise<Located[]> {
  return Promise.all(
    components.map(async (component) => {
      const version = await moduleVersion(component);
      return { component, version, dir: join(binCacheRoot(), `${component.name}-${version}`) };
    }),
  );
}

/** Returns the cached binaries, building the ones whose version is not cached yet. */
export async function ensureBinaries(log: Log): Promise<Binaries> {
  const located = await locate();
  for (const { component, version, dir } of located) {
    if (isComplete(dir, component)) log(`${component.name} ${version}: using cached binaries in ${dir}`);
    else await build(component, version, dir, log);
  }
  return binaries(located);
}

/** A component whose binaries are not cached yet, with its rough cold-build time. */
export interface PendingBuild {
  name: string;
  version: string;
  coldMinutes: number;
}

/** The builds `ensureBinaries` would run now (none once the cache is warm); builds nothing. */
export async function pendingBuilds(): Promise<PendingBuild[]> {
  return (await locate())
    .filter(({ component, dir }) => !isComplete(dir, component))
    .map(({ component, version }) => ({ name: component.name, version, coldMinutes: component.coldMinutes }));
}

/** What operating members that already exist takes (status, stop, restart). */
export type OperatingBinaries = Pick<Binaries, 'kubectl' | 'kwokctl'>;

/**
 * kubectl and kwokctl if they are built; never builds. Only those two: a fleet that is up must
 * still count as up (and be stoppable) when a component added later, such as metrics-server, is
 * not built yet.
 */
export async function cachedBinaries(): Promise<OperatingBinaries | undefined> {
  const located = (await locate()).filter(({ component }) => ['kubernetes', 'kwok'].includes(component.name));
  if (!located.every(({ component, dir }) => isComplete(dir, component))) return undefined;
  return { kubectl: binPath(located, 'kubernetes', 'kubectl'), kwokctl: binPath(located, 'kwok', 'kwokctl') };
}

function binPath(located: readonly Located[], name: string, file: string): string {
  const found = located.find((entry) => entry.component.name === name);
  if (!found) throw new Error(`no component named ${name}`);
  return join(found.dir, file);
}

function binaries(located: readonly Located[]): Binaries {
  const bin = (name: string, file: string): string => binPath(located, name, file);
  return {
    kubeApiserver: bin('kubernetes', 'kube-apiserver'),
    kubeControllerManager: bin('kubernetes', 'kube-controller-manager'),
    kubeScheduler: bin('kubernetes', 'kube-scheduler'),
    kubectl: bin('kubernetes', 'kubectl'),
    etcd: bin('etcd', 'etcd'),
    kwok: bin('kwok', 'kwok'),
    kwokctl: bin('kwok', 'kwokctl'),
    metricsServer: bin('metrics-server', 'metrics-server'),
  };
}

export async function moduleVersion(component: Component): Promise<string> {
  const goMod = await readFile(join(repoRoot, component.toolsDir, 'go.mod'), 'utf8');
  const escaped = component.module.replaceAll('.', '\\.');
  const match = new RegExp(`^\\s*(?:require\\s+)?${escaped}\\s+(v\\S+)`, 'm').exec(goMod);
  if (!match?.[1]) throw new Error(`${component.toolsDir}/go.mod does not require ${component.module}`);
  return match[1];
}

export function isComplete(dir: string, component: Component): boolean {
  return Object.keys(component.packages).every((file) => existsSync(join(dir, file)));
}

export async function build(component: Component, version: string, dir: string, log: Log): Promise<void> {
  const go = await findGo();
  const cwd = join(repoRoot, component.toolsDir);
  const env = { ...process.env, CGO_ENABLED: '0' };
  log(
    `${component.name} ${version}: building ${Object.keys(component.packages).join(', ')} from the Go module proxy ` +
      `into ${dir} (the first build takes many minutes, about ${component.coldMinutes} on 2 cores; later runs reuse it)`,
  );
  const info = await run(go, ['list', '-m', '-json', component.module], { cwd, env }).catch((error: unknown) => {
    throw buildError(component, version, error);
  });
  const date = (JSON.parse(info.stdout) as { Time?: string }).Time ?? '1970-01-01T00:00:00Z';

  // Building into a scratch directory and renaming it keeps a killed build
  // from leaving a half-filled cache that later runs would trust.
  const scratch = `${dir}.partial-${process.pid}`;
  await rm(scratch, { recursive: true, force: true });
  await mkdir(scratch, { recursive: true });
  const started = Date.now();
  let compiled = 0;
  const ticker = setInterval(() => {
    const minutes = ((Date.now() - started) / 60_000).toFixed(1);
    const progress = compiled > 0 ? `, ${compiled} packages compiled` : '';
    log(`${component.name} ${version}: still building, ${minutes} min${progress}`);
  }, 30_000);
  try {
    const args = ['build', '-v', '-trimpath', '-ldflags', ['-s', '-w', ...component.ldflags(version, date)].join(' ')];
    // `-o dir/` names binaries after their package, which for a module root like
    // go.etcd.io/etcd/server/v3 is not the name we want; one package gets an explicit file.
    const entries = Object.entries(component.packages);
    const [single] = entries;
    const output = entries.length === 1 && single ? join(scratch, single[0]) : `${scratch}/`;
    const result = await spawnCollect(go, [...args, '-o', output, ...entries.map(([, pkg]) => pkg)], {
      cwd,
      env,
      onLine: (line) => {
        if (!line.startsWith('go: ')) compiled += 1;
      },
    });
    if (result.code !== 0) throw buildError(component, version, new CommandError(`go build (${cwd})`, result));
    if (!isComplete(scratch, component))
      throw new Error(`go build finished but ${scratch} lacks some of ${Object.keys(component.packages).join(', ')}`);
  } catch (error) {
    await rm(scratch, { recursive: true, force: true });
    throw error;
  } finally {
    clearInterval(ticker);
  }
  await rm(dir, { recursive: true, force: true });
  await rename(scratch, dir);
  log(`${component.name} ${version}: built in ${((Date.now() - started) / 60_000).toFixed(1)} min`);
}

const fetchFailure =
  /dial tcp|lookup .* on|no such host|connection refused|i\/o timeout|404 Not Found|410 Gone|unrecognized import path|reading https?:\/\/|verifying .*: checksum mismatch|GOPROXY|GOFLAGS=-mod=mod/;

/** Says plainly when the module proxy, not the compiler, is the problem. */
function buildError(component: Component, version: string, error: unknown): Error {
  const output = error instanceof CommandError ? `${error.result.stdout}\n${error.result.stderr}` : String(error);
  const detail = tail(output, 30);
  if (fetchFailure.test(output)) {
    const proxy = process.env.GOPROXY ? `GOPROXY=${process.env.GOPROXY}` : 'the Go module proxy';
    return new Error(
      `Could not fetch the Go modules for ${component.name} ${version} (${component.toolsDir}) from ${proxy}.\n` +
        `The first build needs the Go module proxy; later runs use the module cache and ${binCacheRoot()}.\n${detail}`,
    );
  }
  return new Error(`Building ${component.name} ${version} in ${component.toolsDir} failed:\n${detail}`);
}

/** Go is often installed outside PATH (e.g. CI shells without /usr/local/go/bin). */
export async function findGo(): Promise<string> {
  const candidates = [
    process.env.FLOTILLA_GO,
    'go',
    '/usr/local/go/bin/go',
    join(process.env.HOME ?? '', 'go', 'bin', 'go'),
  ];
  for (const candidate of candidates) {
    if (!candidate) continue;
    const probe = await spawnCollect(candidate, ['version']).catch(() => undefined);
    if (probe?.code === 0) return candidate;
  }
  throw new Error(
    'Go is needed to build the local fleet (kube-apiserver, etcd, kwok, metrics-server) but was not found on PATH, ' +
      'at /usr/local/go/bin/go or at $FLOTILLA_GO. Install Go 1.26 or newer (https://go.dev/dl/) ' +
      'or set FLOTILLA_GO to the go binary.',
  );
}
