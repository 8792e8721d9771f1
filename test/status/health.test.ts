import { describe, expect, it } from 'vitest';
import { worstHealth } from '../../src/status/index.ts';
import type { HealthState } from '../../src/model/index.ts';

describe('worstHealth', () => {
  it.each<[string, HealthState[], HealthState]>([
    ['every member healthy is healthy', ['Healthy', 'Healthy'], 'Healthy'],
    ['one unhealthy member makes the whole unhealthy', ['Healthy', 'Unhealthy', 'Unknown'], 'Unhealthy'],
    ['a member not reported yet is unknown', ['Healthy', 'Unknown'], 'Unknown'],
    ['nothing reported is unknown', [], 'Unknown'],
  ])('%s', (_name, states, expected) => {
    expect(worstHealth(states)).toBe(expected);
  });
});
