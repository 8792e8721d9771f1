import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { RemoteChart } from './kustomization-file.ts';
import { runBounded, type Bounds } from './run-bounded.ts';

/** A remote chart in the cache: its files by path inside the chart folder, and the digest of its archive. */
export interface CachedChart {
  digest: string;
  files: Map<string, Buffer>;
}

/** `FLOTILLA_CHART_CACHE`, else `${XDG_CACHE_HOME:-~/.cache}/flotilla/charts`. */
export function chartCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.FLOTILLA_CHART_CACHE) return env.FLOTILLA_CHART_CACHE;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'flotilla', 'charts');
}

/**
 * The chart, from the cache or pulled once by `helm pull` into it. A pinned version of a chart is
 * fetched once and kept with its archive's sha-256, which keys every render that reads it; after
 * that no render needs the network. Credentials come from `FLOTILLA_HELM_USERNAME` and
 * `FLOTILLA_HELM_PASSWORD` when set, else from nothing (helm's own logins are not read). An
 * `oci://` registry on a loopback address is spoken to over plain HTTP (see {@link isLoopbackRegistry}).
 * @throws Error with helm's message when the chart cannot be pulled
 */
export async function ensureChart(
  chart: RemoteChart & { version: string },
  helm: string,
  bounds: Bounds,
  env: NodeJS.ProcessEnv,
): Promise<CachedChart> {
  const dir = join(
    chartCacheDir(env),
    createHash('sha256')
      .update(JSON.stringify([chart.repo, chart.name, chart.version]))
      .digest('hex'),
  );
  const cached = await readCached(dir, chart.name);
  if (cached !== undefined) return cached;
  const scratch = await mkdtemp(join(tmpdir(), 'flotilla-chart-'));
  try {
    const target = chart.repo.startsWith('oci://')
      ? [`${chart.repo.replace(/\/+$/, '')}/${chart.name}`]
      : ['--repo', chart.repo, chart.name];
    const plainHttp = isLoopbackRegistry(chart.repo) ? ['--plain-http'] : [];
    const credentials =
      env.FLOTILLA_HELM_USERNAME && env.FLOTILLA_HELM_PASSWORD
        ? ['--username', env.FLOTILLA_HELM_USERNAME, '--password', env.FLOTILLA_HELM_PASSWORD]
        : [];
    const home = join(scratch, 'home');
    await mkdir(join(scratch, 'out'));
    const result = await runBounded(
      helm,
      [
        'pull',
        ...target,
        '--version',
        chart.version,
        '--destination',
        join(scratch, 'out'),
        ...plainHttp,
        ...credentials,
      ],
      {
        cwd: scratch,
        env: {
          PATH: env.PATH,
          HOME: home,
          HELM_CACHE_HOME: join(home, 'cache'),
          HELM_CONFIG_HOME: join(home, 'config'),
          HELM_DATA_HOME: join(home, 'data'),
        },
        bounds,
      },
    );
    if (result.timedOut) throw new Error(`helm pull ran past ${bounds.timeoutMs / 1000} s`);
    if (result.code !== 0) throw new Error(result.stderr.trim() || `helm pull exited ${result.code}`);
    const [archive] = await readdir(join(scratch, 'out'));
    if (archive === undefined) throw new Error('helm pull wrote no chart archive');
    const bytes = await readFile(join(scratch, 'out', archive));
    const untar = await runBounded('tar', ['-xzf', join(scratch, 'out', archive), '-C', join(scratch, 'out')], {
      cwd: scratch,
      env: { PATH: env.PATH },
      bounds,
    });
    if (untar.code !== 0) throw new Error(`the chart archive ${archive} does not unpack: ${untar.stderr.trim()}`);
    await writeFile(join(scratch, 'out', 'digest'), `sha256:${createHash('sha256').update(bytes).digest('hex')}\n`);
    await rm(join(scratch, 'out', archive));
    await mkdir(chartCacheDir(env), { recursive: true });
    // Renamed whole into place, so a reader never sees half a chart.
    await rename(join(scratch, 'out'), dir).catch(async (error: unknown) => {
      if ((await readCached(dir, chart.name)) === undefined) throw error;
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  const pulled = await readCached(dir, chart.name);
  if (pulled === undefined) throw new Error(`the chart archive holds no folder ${chart.name}`);
  return pulled;
}

/**
 * Whether an `oci://` repository is on this machine (localhost, 127.0.0.0/8, [::1]): such a
 * registry (a local mirror, a test's) rarely has a certificate, and nothing it serves crosses a
 * network, so helm pulls from it with `--plain-http`. Every other registry must speak TLS.
 */
export function isLoopbackRegistry(repo: string): boolean {
  const host = /^oci:\/\/(\[[^\]]*\]|[^/:]*)/i.exec(repo)?.[1]?.toLowerCase();
  if (host === undefined) return false;
  return host === 'localhost' || host === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

async function readCached(dir: string, name: string): Promise<CachedChart | undefined> {
  let digest: string;
  try {
    digest = (await readFile(join(dir, 'digest'), 'utf8')).trim();
  } catch {
    return undefined;
  }
  const root = join(dir, name);
  const files = new Map<string, Buffer>();
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) files.set(relative(root, path), await readFile(path));
    }
  };
  try {
    await walk(root);
  } catch {
    return undefined;
  }
  return { digest, files };
}
