// `run`'s flags of the controllers come from their registrations (src/cli/controller-flags.ts):
// every flag keeps its name, default, help text and validation error.
import { describe, expect, it } from 'vitest';
import { Flags } from '@oclif/core';
import { controllerFlags } from '../../src/cli/controller-flags.ts';
import { golden } from './golden.ts';
import { runCli } from './run-cli.ts';

describe('run --help', () => {
  it('lists every flag with its default and help text', () => {
    const help = runCli(['run', '--help']);
    expect(help.code).toBe(0);
    golden('run-help.txt', help.stdout);
  });
});

describe('run refuses a bad controller flag before anything starts, naming the flag', () => {
  it.each([
    ['--failover-grace', 'nope', '--failover-grace: invalid duration "nope": expected e.g. 500ms, 30s, 5m, 1h30m'],
    ['--probe-interval', 'abc', '--probe-interval: invalid duration "abc"'],
    ['--horizontal-pod-autoscaler-tolerance', '-1', '--horizontal-pod-autoscaler-tolerance: "-1" is not a non-negative number'],
    ['--descheduling-interval', '5x', '--descheduling-interval: invalid duration "5x"'],
  ])('%s %s', (flag, value, message) => {
    const out = runCli(['run', '--repo', '/nonexistent/fleet', flag, value]);
    expect(out.code).toBe(1);
    expect(out.stderr.replace(/\s*›\s*/g, ' ').replace(/\s+/g, ' ')).toContain(message);
  });
});

describe('controllerFlags: a spec of each kind as the oclif flag run had for it', () => {
  it.each([
    [
      { name: 'd', kind: 'duration' as const, default: '30s', description: 'how long' },
      Flags.string({ description: 'how long (e.g. 30s, 5m)', default: '30s' }),
    ],
    [{ name: 's', kind: 'string' as const, default: '0.1', description: 'a ratio' }, Flags.string({ description: 'a ratio', default: '0.1' })],
    [
      { name: 'b', kind: 'boolean' as const, default: false, description: 'on or off', allowNo: true },
      Flags.boolean({ description: 'on or off', default: false, allowNo: true }),
    ],
    [{ name: 'c', kind: 'boolean' as const, default: true, description: 'on' }, Flags.boolean({ description: 'on', default: true, allowNo: false })],
  ])('%o', (spec, flag) => {
    const made = controllerFlags([spec])[spec.name];
    const shape = (f: object) => JSON.parse(JSON.stringify(f));
    expect(shape(made!)).toEqual(shape(flag));
  });
});

describe("controllerFlags beside a command's own flags", () => {
  const spec = { name: 'poll', kind: 'duration' as const, default: '1m', description: 'how often' };

  it("refuses a controller's flag that the command has already", () => {
    expect(() => controllerFlags([spec], { poll: Flags.string() })).toThrow("the controllers' flag --poll is a flag of the command already");
  });

  it('makes the flags of names the command does not have', () => {
    expect(Object.keys(controllerFlags([spec], { repo: Flags.string() }))).toEqual(['poll']);
  });
});
