import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const INTERPRETER = fileURLToPath(new URL('../../../src/interpreter/index.ts', import.meta.url));

/**
 * Runs `body` in a fresh Node (fengari, once loaded, stays in the process's require cache) after
 * importing the interpreter, and reports whether fengari was loaded by then.
 */
function fengariLoadedAfter(body: string): boolean {
  const script = `
    import { createRequire } from 'node:module';
    const { createInterpreter } = await import(${JSON.stringify(INTERPRETER)});
    const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'w', namespace: 'ns' }, spec: { replicas: 2 } };
    const workload = { apiVersion: 'example.io/v1', kind: 'Workload', metadata: { name: 'w', namespace: 'ns' } };
    const ric = { apiVersion: 'config.karmada.io/v1alpha1', kind: 'ResourceInterpreterCustomization', metadata: { name: 't' },
      spec: { target: { apiVersion: 'example.io/v1', kind: 'Workload' },
        customizations: { healthInterpretation: { luaScript: 'function InterpretHealth(o) return true end' } } } };
    ${body}
    const cache = createRequire(import.meta.url).cache;
    console.log(Object.keys(cache).some((file) => file.includes('/fengari/')));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout.trim() === 'true';
}

describe('fengari loads only when a Lua state is made', () => {
  it.each([
    ['importing the interpreter', '', false],
    ['a native operation (Deployment health)', 'createInterpreter([]).interpretHealth(deployment);', false],
    ['a Lua customization run', 'createInterpreter([ric], { bundled: [] }).interpretHealth(workload);', true],
  ])('%s', (_name, body, loaded) => {
    expect(fengariLoadedAfter(body)).toBe(loaded);
  });
});
