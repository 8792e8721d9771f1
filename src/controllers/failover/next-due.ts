/**
 * When the run loop needs a pass for failover although nothing else asks for one
 * (docs/karmada-compatibility.md#failover-and-eviction,
 * docs/karmada-compatibility.md#failover-clocks-on-the-status-branch): Karmada's controllers re-check a binding after
 * the shortest remaining toleration, and the graceful-eviction controller when a task times out; the loop has no
 * controller of its own, so it runs a pass at the earliest of those times. Pure; time is passed in.
 */
import type { Taint } from '../../model/index.ts';
import { unhealthyKey } from './application-failover.ts';
import type { ApplicationFailover } from './application-failover.ts';
import { evictionTime, taskTimeoutMs } from './eviction.ts';
import type { EvictionTask, BindingTolerations } from './eviction.ts';

/** The earliest future time a taint or application eviction falls due, or an eviction task times out. */
export function nextDue(
  placed: readonly BindingTolerations[],
  taints: ReadonlyMap<string, readonly Taint[]>,
  applications: readonly ApplicationFailover[],
  unhealthy: ReadonlyMap<string, number>,
  tasks: ReadonlyMap<string, readonly EvictionTask[]>,
  timeoutMs: number,
  now: number,
): number | undefined {
  const times: number[] = [];
  for (const t of [...tasks.values()].flat()) {
    const end = t.createdAt + taskTimeoutMs(t, timeoutMs);
    if (t.purgeMode !== 'Never' && end > now) times.push(end);
  }
  for (const b of placed) {
    for (const cluster of b.clusters) {
      const t = taints.get(cluster);
      const at = t ? evictionTime(t, b.tolerations, now) : undefined;
      if (at !== undefined && at > now) times.push(at);
    }
  }
  for (const a of applications) {
    for (const cluster of a.clusters) {
      const since = unhealthy.get(unhealthyKey(a.key, cluster));
      if (since !== undefined && since + a.tolerationSeconds * 1000 > now)
        times.push(since + a.tolerationSeconds * 1000);
    }
  }
  return times.length === 0 ? undefined : Math.min(...times);
}
