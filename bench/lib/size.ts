/**
 * `FLOTILLA_BENCH_SMOKE=1` (test/bench/smoke.test.ts sets it): every benchmark runs at a tiny size,
 * so `npm test` shows each one still runs. Its numbers mean nothing then, and nothing is timed.
 */
export const SMOKE = process.env['FLOTILLA_BENCH_SMOKE'] === '1';

/** `full` for a measurement, `smoke` under FLOTILLA_BENCH_SMOKE=1. */
export function size(full: number, smoke: number): number {
  return SMOKE ? smoke : full;
}
