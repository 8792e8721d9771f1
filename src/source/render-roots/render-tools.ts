import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { compareVersions } from './version-order.ts';

const exec = promisify(execFile);

/** The programs that render roots, and the versions they report. */
export interface RenderTools {
  /** argv prefix that runs `kustomize` (`['kubectl', 'kustomize']` when only kubectl exists). */
  kustomize: string[];
  kustomizeVersion: string;
  /** The helm binary kustomize's `helmCharts` runs, or `undefined` when none was found. */
  helm: string | undefined;
  helmVersion: string | undefined;
}

/** Where `flotilla.yaml` (`render.kustomize`, `render.helm`) points, when it does. */
export interface ToolChoice {
  kustomize?: string;
  helm?: string;
}

/** The pinned builds (scripts/render-tools.ts) live beside the fleet's binaries. */
export function binCacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  if (env.FLOTILLA_BIN_CACHE) return env.FLOTILLA_BIN_CACHE;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'flotilla', 'bin');
}

const found = new Map<string, Promise<RenderTools>>();

/**
 * Finds kustomize and helm: `flotilla.yaml`, then `FLOTILLA_KUSTOMIZE` / `FLOTILLA_HELM`, then the
 * newest pinned build in `~/.cache/flotilla/bin`, then `PATH` (`kubectl kustomize` when there is no
 * `kustomize`). Each choice is probed once per process for its version.
 * @throws Error naming every place looked when no kustomize runs
 */
export function findRenderTools(choice: ToolChoice, env: NodeJS.ProcessEnv = process.env): Promise<RenderTools> {
  const key = JSON.stringify([choice, env.FLOTILLA_KUSTOMIZE, env.FLOTILLA_HELM, env.PATH, binCacheRoot(env)]);
  let tools = found.get(key);
  if (tools === undefined) {
    tools = probe(choice, env);
    found.set(key, tools);
    tools.catch(() => found.delete(key));
  }
  return tools;
}

async function probe(choice: ToolChoice, env: NodeJS.ProcessEnv): Promise<RenderTools> {
  const pinned = (name: string) => newestPinned(binCacheRoot(env), name);
  const kustomizes = [choice.kustomize, env.FLOTILLA_KUSTOMIZE, pinned('kustomize'), 'kustomize']
    .filter((candidate): candidate is string => candidate !== undefined && candidate !== '')
    .map((candidate) => [candidate]);
  kustomizes.push(['kubectl', 'kustomize']);
  let kustomize: { argv: string[]; version: string } | undefined;
  for (const argv of kustomizes) {
    const version = await kustomizeVersion(argv, env);
    if (version !== undefined) {
      kustomize = { argv, version };
      break;
    }
  }
  if (kustomize === undefined)
    throw new Error(
      'kustomize not found: the fleet has kustomization files, and rendering them needs kustomize v5. ' +
        'Set render.kustomize in flotilla.yaml or FLOTILLA_KUSTOMIZE, put kustomize or kubectl on PATH, ' +
        `or build the pinned one with \`node scripts/render-tools.ts\` (into ${binCacheRoot(env)}).`,
    );
  for (const helm of [choice.helm, env.FLOTILLA_HELM, pinned('helm'), 'helm']) {
    if (helm === undefined || helm === '') continue;
    const version = await firstLine(helm, ['version', '--short'], env);
    if (version !== undefined)
      return { kustomize: kustomize.argv, kustomizeVersion: kustomize.version, helm, helmVersion: version };
  }
  return { kustomize: kustomize.argv, kustomizeVersion: kustomize.version, helm: undefined, helmVersion: undefined };
}

async function kustomizeVersion(argv: string[], env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const [command, ...rest] = argv;
  if (command === undefined) return undefined;
  if (rest.length === 0) return firstLine(command, ['version'], env);
  const json = await firstLine(command, ['version', '--client', '-o', 'json'], env, true);
  const match = json === undefined ? null : /"kustomizeVersion":\s*"([^"]+)"/.exec(json);
  return match?.[1];
}

async function firstLine(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  whole = false,
): Promise<string | undefined> {
  try {
    const { stdout } = await exec(command, args, { env, timeout: 10_000 });
    const text = stdout.trim();
    return whole ? text : text.split('\n')[0];
  } catch {
    return undefined;
  }
}

/** `<cache>/<name>-vX.Y.Z/<name>` with the highest version, if any was built. */
function newestPinned(cache: string, name: string): string | undefined {
  let entries: string[];
  try {
    entries = readdirSync(cache);
  } catch {
    return undefined;
  }
  const versions = entries
    .filter((entry) => new RegExp(`^${name}-v\\d+\\.\\d+\\.\\d+$`).test(entry))
    .sort((a, b) => compareVersions(a.slice(name.length + 2), b.slice(name.length + 2)));
  const newest = versions.at(-1);
  return newest === undefined ? undefined : join(cache, newest, name);
}
