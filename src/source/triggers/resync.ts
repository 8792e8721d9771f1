import type { Emit, Trigger } from './trigger.ts';

/**
 * `--resync`: a `resync` signal every `intervalMs`, so a pass re-applies the same commit and
 * corrects drift in the members (someone edited or deleted an object by hand).
 */
export function resyncEvery(intervalMs: number, emit: Emit): Trigger {
  const timer = setInterval(() => emit({ kind: 'resync', detail: `resync every ${intervalMs} ms` }), intervalMs);
  return { kind: 'resync', close: async () => clearInterval(timer) };
}
