import type { ClusterView } from './cluster-view.ts';
import type { PluginContext, SchedulerPlugin } from './plugins/index.ts';

/** The first failing filter's reason, or null when every filter passes (Karmada's RunFilterPlugins). */
export function runFilters(
  plugins: readonly SchedulerPlugin[],
  ctx: PluginContext,
  cluster: ClusterView,
): string | null {
  for (const plugin of plugins) {
    const reason = plugin.filter?.(ctx, cluster) ?? null;
    if (reason !== null) return reason;
  }
  return null;
}

/**
 * The plain sum of every score plugin (no weights are configured in Karmada,
 * docs/karmada-compatibility.md#filter-and-score-plugins).
 */
export function runScores(plugins: readonly SchedulerPlugin[], ctx: PluginContext, cluster: ClusterView): number {
  let total = 0;
  for (const plugin of plugins) total += plugin.score?.(ctx, cluster) ?? 0;
  return total;
}

/** The first failing filter plugin and its reason, or null: runFilters with the plugin's name, for traces. */
export function firstRejection(
  plugins: readonly SchedulerPlugin[],
  ctx: PluginContext,
  cluster: ClusterView,
): { plugin: string; reason: string } | null {
  for (const plugin of plugins) {
    const reason = plugin.filter?.(ctx, cluster) ?? null;
    if (reason !== null) return { plugin: plugin.name, reason };
  }
  return null;
}
