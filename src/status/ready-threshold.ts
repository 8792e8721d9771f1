/**
 * The failure and success thresholds of Karmada's cluster status controller
 * (docs/karmada-compatibility.md#cluster-status): a member's Ready goes from True to not True only
 * once it has been observed failing for the failure threshold, and back to True only once observed
 * healthy for the success threshold, so one lost answer does not taint a member. Until then the
 * status last posted stands. A member seen for the first time, or without a Ready condition yet,
 * gets what was observed. Pure: time is passed in.
 */
import type { ClusterStatus } from '../model/index.ts';

/** How long an observed change must last before Ready follows it (Karmada's 30s each). */
export interface ReadyThresholds {
  successMs: number;
  failureMs: number;
}

export const DEFAULT_READY_THRESHOLDS: Readonly<ReadyThresholds> = Object.freeze({
  successMs: 30_000,
  failureMs: 30_000,
});

/** The Ready last observed and since when it has been observed so (absent for the first observation). */
export interface ReadyStreak {
  observed: boolean;
  since?: number;
}

/**
 * Whether the status last posted (`current`) stands against the one observed at `now`, and the
 * streak to remember for the next observation.
 */
export function thresholdReady(
  streak: ReadyStreak | undefined,
  current: ClusterStatus | undefined,
  observed: boolean,
  now: number,
  thresholds: ReadyThresholds,
): { keepCurrent: boolean; streak: ReadyStreak } {
  if (streak === undefined) return { keepCurrent: false, streak: { observed } };
  const ready = current?.conditions?.find((c) => c.type === 'Ready');
  if (ready === undefined) return { keepCurrent: false, streak };
  const next = streak.observed === observed ? streak : { observed, since: now };
  const threshold = observed ? thresholds.successMs : thresholds.failureMs;
  const crossing = observed !== (ready.status === 'True');
  const waiting = next.since !== undefined && now < next.since + threshold;
  return { keepCurrent: crossing && waiting, streak: next };
}
