import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { isRecord, scrubSecretValues, type Diagnostic, type KubeObject } from '../../model/index.ts';
import type { RenderOptions } from './render-options.ts';
import type { RenderTools } from './render-tools.ts';
import { runBounded } from './run-bounded.ts';

/**
 * The flags kustomize runs with: each escape only when allowed. Reads are kept inside the
 * repository by Flotilla (find-roots.ts checks every path a kustomization names, and only the
 * commit's files, never symlinks, are in the scratch folder), not by kustomize's per-folder
 * restrictor, which would refuse a chart home shared between roots.
 */
export function kustomizeFlags(tools: RenderTools, options: RenderOptions): string[] {
  const flags = ['--load-restrictor', 'LoadRestrictionsNone'];
  if (tools.helm !== undefined) flags.push('--enable-helm', '--helm-command', tools.helm);
  if (options.allowPlugins || options.allowExec) flags.push('--enable-alpha-plugins');
  if (options.allowExec) flags.push('--enable-exec');
  return flags;
}

export type BuildOutcome = { ok: true; output: string } | { ok: false; diagnostic: Diagnostic };

/**
 * Runs `kustomize build` on one root inside the materialized commit. Helm gets homes of its own
 * in the scratch folder (no user repositories, plugins or registry logins leak in) and no
 * kubeconfig, so `lookup` finds nothing. `secrets` are the values a failing build must not print.
 */
export async function buildRoot(
  file: string,
  scratch: string,
  tools: RenderTools,
  options: RenderOptions,
  secrets: () => readonly string[],
): Promise<BuildOutcome> {
  const folder = join(scratch, file, '..');
  const [command = 'kustomize', ...prefix] = tools.kustomize;
  const args = [...prefix, ...(prefix.length === 0 ? ['build'] : []), folder, ...kustomizeFlags(tools, options)];
  const helmHome = join(scratch, '.helm');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: helmHome,
    KUBECONFIG: '/dev/null',
    HELM_CACHE_HOME: join(helmHome, 'cache'),
    HELM_CONFIG_HOME: join(helmHome, 'config'),
    HELM_DATA_HOME: join(helmHome, 'data'),
    GOMEMLIMIT: `${Math.floor(options.bounds.memoryMiB * 0.8)}MiB`,
  };
  const result = await runBounded(command, args, { cwd: scratch, env, bounds: options.bounds });
  if (result.timedOut)
    return failure(
      file,
      `render stopped: kustomize build ran past ${options.bounds.timeoutMs / 1000} s (render.timeoutSeconds), a runaway render`,
    );
  if (result.code === 0) return { ok: true, output: result.stdout };
  const detail = firstLines(result.stderr.trim().replaceAll(`${scratch}/`, '').replaceAll(scratch, '.'), 20);
  const bounded = /out of memory|cannot allocate memory/i.test(detail)
    ? ` (render.memoryMiB ${options.bounds.memoryMiB} reached)`
    : '';
  return failure(file, `kustomize build failed${bounded}: ${masked(detail, secrets()) || `exit code ${result.code}`}`);
}

/** Every string a Secret of the root's inputs holds, so an error quoting one prints `***`. */
export function secretValuesOf(texts: readonly string[], literals: readonly string[]): string[] {
  const values = [...literals];
  for (const text of texts) {
    if (!/kind:\s*Secret\b/.test(text)) continue;
    for (const doc of parseAllDocuments(text)) {
      const object: unknown = 'toJS' in doc ? doc.toJS() : undefined;
      if (!isRecord(object) || object.kind !== 'Secret') continue;
      for (const field of ['data', 'stringData'])
        if (isRecord(object[field])) values.push(...Object.values(object[field]).map(String));
    }
  }
  return values;
}

function masked(text: string, values: readonly string[]): string {
  if (values.length === 0) return text;
  const secret: KubeObject = {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: 'render-inputs' },
    stringData: Object.fromEntries(values.map((value, i) => [String(i), value])),
  };
  return scrubSecretValues(text, secret);
}

/** A crashed Go program dumps every goroutine; the cause is in its first lines. */
function firstLines(text: string, count: number): string {
  const lines = text.split('\n');
  return lines.length <= count ? text : `${lines.slice(0, count).join('\n')}\n...`;
}

function failure(file: string, message: string): BuildOutcome {
  return { ok: false, diagnostic: { file, line: 1, column: 1, severity: 'error', message } };
}
