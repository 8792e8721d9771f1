import { describe, expect, it } from 'vitest';
import type { ClusterStatus } from '../../src/model/index.ts';
import { thresholdReady, type ReadyStreak } from '../../src/status/ready-threshold.ts';

const NOW = Date.parse('2026-01-01T00:10:00Z');
const THRESHOLDS = { successMs: 30_000, failureMs: 30_000 };
const status = (ready: 'True' | 'False'): ClusterStatus => ({ conditions: [{ type: 'Ready', status: ready }] });

describe("Karmada's failure and success thresholds of a member's Ready", () => {
  it.each<[string, ReadyStreak | undefined, ClusterStatus | undefined, boolean, boolean]>([
    ['first seen ready', undefined, undefined, true, false],
    ['first seen not ready', undefined, undefined, false, false],
    ['first seen, although a Ready was posted before', undefined, status('True'), false, false],
    ['stays ready', { observed: true }, status('True'), true, false],
    ['fails, within the failure threshold: Ready stays True', { observed: false, since: NOW - 15_000 }, status('True'), false, true],
    ['fails for the whole failure threshold: not Ready', { observed: false, since: NOW - 30_000 }, status('True'), false, false],
    ['stays not ready', { observed: false, since: NOW - 60_000 }, status('False'), false, false],
    ['answers again after long enough', { observed: false, since: NOW - 90_000 }, status('False'), true, true],
    ['answers for the whole success threshold: Ready', { observed: true, since: NOW - 30_000 }, status('False'), true, false],
    ['no Ready posted yet: what was observed', { observed: true }, {}, false, false],
  ])('%s', (_name, streak, current, observed, keepCurrent) => {
    expect(thresholdReady(streak, current, observed, NOW, THRESHOLDS).keepCurrent).toBe(keepCurrent);
  });

  it('starts the streak at the first observation that differs, and keeps its start while it lasts', () => {
    const first = thresholdReady({ observed: true }, status('True'), false, NOW, THRESHOLDS);
    expect(first).toEqual({ keepCurrent: true, streak: { observed: false, since: NOW } });
    const later = thresholdReady(first.streak, status('True'), false, NOW + 29_999, THRESHOLDS);
    expect(later).toEqual({ keepCurrent: true, streak: { observed: false, since: NOW } });
    expect(thresholdReady(later.streak, status('True'), false, NOW + 30_000, THRESHOLDS).keepCurrent).toBe(false);
  });

  it('a blip shorter than the threshold restarts the streak', () => {
    const failing = thresholdReady({ observed: true }, status('True'), false, NOW, THRESHOLDS).streak;
    const back = thresholdReady(failing, status('True'), true, NOW + 10_000, THRESHOLDS);
    expect(back).toEqual({ keepCurrent: false, streak: { observed: true, since: NOW + 10_000 } });
    expect(thresholdReady(back.streak, status('True'), false, NOW + 35_000, THRESHOLDS).keepCurrent).toBe(true);
  });
});
