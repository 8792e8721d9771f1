import { describe, expect, it } from 'vitest';
import { CONTROLLER_FLAGS, CONTROLLERS, controllerSettingsOf } from '../../src/controllers/index.ts';
import { durationValue } from '../../src/controllers/settings.ts';

describe('controllerSettingsOf: each controller parses its own settings from the values of run’s flags', () => {
  it.each([
    [
      'defaults, when no flag is given',
      {},
      {
        'pull-members': { monitorIntervalMs: 10_000, failoverGraceMs: 30_000 },
        failover: { probeIntervalMs: 10_000, graceMs: 30_000, evictionTimeoutMs: 600_000, taintOnFailure: false },
        descheduler: { intervalMs: 120_000, thresholdMs: 300_000 },
        autoscaling: {
          syncPeriodMs: 15_000,
          downscaleStabilizationMs: 300_000,
          tolerance: 0.1,
          cpuInitializationPeriodMs: 300_000,
          delayOfInitialReadinessStatusMs: 30_000,
        },
      },
    ],
    [
      'given values; the Pull members read failover’s grace and probe interval',
      { 'probe-interval': '50ms', 'failover-grace': '2s', 'failover-taint': true, 'horizontal-pod-autoscaler-tolerance': '0.25', 'descheduling-interval': '0' },
      {
        'pull-members': { monitorIntervalMs: 50, failoverGraceMs: 2000 },
        failover: { probeIntervalMs: 50, graceMs: 2000, evictionTimeoutMs: 600_000, taintOnFailure: true },
        descheduler: { intervalMs: 0, thresholdMs: 300_000 },
        autoscaling: expect.objectContaining({ tolerance: 0.25, syncPeriodMs: 15_000 }),
      },
    ],
    [
      'a value left undefined (a flag oclif did not fill) counts as not given',
      { 'failover-grace': undefined },
      expect.objectContaining({ failover: expect.objectContaining({ graceMs: 30_000 }) }),
    ],
  ])('%s', (_name, values, want) => {
    expect(controllerSettingsOf(values)).toEqual(want);
  });

  it.each([
    [{ 'unschedulable-threshold': 'soon' }, '--unschedulable-threshold: invalid duration "soon"'],
    [{ 'horizontal-pod-autoscaler-tolerance': 'x' }, '--horizontal-pod-autoscaler-tolerance: "x" is not a non-negative number'],
    [{ 'horizontal-pod-autoscaler-tolerance': ' ' }, '--horizontal-pod-autoscaler-tolerance: " " is not a non-negative number'],
  ])('refuses %o naming the flag', (values, message) => {
    expect(() => controllerSettingsOf(values)).toThrow(message);
  });

  it('every flag has one owner and a description, and every registration that parses settings is listed', () => {
    const names = CONTROLLER_FLAGS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    expect(CONTROLLER_FLAGS.every((f) => f.description.length > 0)).toBe(true);
    expect(Object.keys(controllerSettingsOf({}))).toEqual(CONTROLLERS.filter((c) => c.settings).map((c) => c.name));
  });

  it('a registration reading a flag no controller declares is told so, by the flag', () => {
    expect(() => durationValue({ 'probe-interval': '1s' }, 'probe-intervall')).toThrow('--probe-intervall: no such flag of run');
  });
});
