import { describe, expect, it } from 'vitest';
import { createInterpreter } from '../../../src/interpreter/index.ts';
import { memberStatusItem, scriptTimeoutProblems } from '../../../src/status/index.ts';
import { ric, workload } from './helpers.ts';

const LOOP = 'function InterpretHealth(o)\n  while true do end\n  return true\nend';
const SOMETIMES = 'function InterpretHealth(o)\n  if o.metadata.name == "slow" then while true do end end\n  return true\nend';

describe('runaway customizations', () => {
  it('stops calling a script after maxTimeouts timeouts: the rest of the pass is Unknown at once', () => {
    const interpreter = createInterpreter([ric('InterpretHealth', LOOP, 'slow-health')], { bundled: [], timeoutMs: 50 });
    const started = performance.now();
    const health = Array.from({ length: 8 }, () => memberStatusItem({ clusterName: 'm', applied: true, observed: workload() }, interpreter).health);
    expect(health).toEqual(Array(8).fill('Unknown'));
    // Two calls of 50 ms ran; six were refused without running.
    expect(performance.now() - started).toBeLessThan(1000);
    expect(interpreter.scriptTimeouts?.()).toEqual([
      { customization: 'slow-health', operation: 'InterpretHealth', target: { apiVersion: 'example.io/v1', kind: 'Workload' }, timeouts: 2, stopped: true },
    ]);
    expect(() => interpreter.interpretHealth(workload())).toThrow(
      /slow-health: InterpretHealth: not called: it timed out 2 times in this pass \(over 50 ms each\)/,
    );
  });

  it('keeps calling a script that timed out fewer times than the limit', () => {
    const interpreter = createInterpreter([ric('InterpretHealth', SOMETIMES, 'picky')], { bundled: [], timeoutMs: 50, maxTimeouts: 3 });
    expect(() => interpreter.interpretHealth(workload({ metadata: { name: 'slow' } }))).toThrow(/timeout/);
    expect(interpreter.interpretHealth(workload())).toBe(true);
    expect(interpreter.scriptTimeouts?.()).toMatchObject([{ customization: 'picky', timeouts: 1, stopped: false }]);
  });

  it('starts afresh with a new interpreter (the next pass)', () => {
    const first = createInterpreter([ric('InterpretHealth', LOOP)], { bundled: [], timeoutMs: 50 });
    for (let i = 0; i < 3; i++) expect(() => first.interpretHealth(workload())).toThrow();
    const next = createInterpreter([ric('InterpretHealth', LOOP)], { bundled: [], timeoutMs: 50 });
    expect(next.scriptTimeouts?.()).toEqual([]);
  });

  it('names the customization on the templates of its kind only', () => {
    const timeouts = [
      {
        customization: 'slow-health',
        operation: 'InterpretHealth' as const,
        target: { apiVersion: 'example.io/v1', kind: 'Workload' },
        timeouts: 2,
        stopped: true,
      },
    ];
    expect(scriptTimeoutProblems(timeouts, workload())).toEqual([
      'ResourceInterpreterCustomization slow-health: InterpretHealth timed out 2 times this pass; not called again this pass, so its answers (health: Unknown) are missing',
    ]);
    expect(scriptTimeoutProblems([{ ...timeouts[0]!, timeouts: 1, stopped: false }], workload())).toEqual([
      'ResourceInterpreterCustomization slow-health: InterpretHealth timed out once this pass',
    ]);
    expect(scriptTimeoutProblems(timeouts, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } })).toEqual([]);
  });
});
