import { describe, expect, it } from 'vitest';
import { clusterAccess } from '../../src/cli/cluster-flags.ts';

describe('clusterAccess', () => {
  it.each<[string, { qps?: number; burst?: number }, { qps: number; burst: number; yieldToFlowControl: boolean }]>([
    ['no flag: the default limit, which gives way to the member’s flow control', {}, { qps: 100, burst: 200, yieldToFlowControl: true }],
    ['--qps given: kept', { qps: 5 }, { qps: 5, burst: 200, yieldToFlowControl: false }],
    ['--burst given: kept', { burst: 7 }, { qps: 100, burst: 7, yieldToFlowControl: false }],
    ['both given: kept', { qps: 5, burst: 7 }, { qps: 5, burst: 7, yieldToFlowControl: false }],
  ])('%s', (_what, flags, client) => {
    expect(clusterAccess({ ...flags, 'member-timeout': 1000 }).client).toEqual(client);
  });
});
