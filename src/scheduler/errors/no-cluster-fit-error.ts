import { EngineError } from '../../model/index.ts';

/**
 * No cluster passed the filter plugins (Karmada's FitError). Karmada clears `spec.clusters` on
 * this error, withdrawing the workload everywhere (docs/karmada-compatibility.md#scheduling-errors). The message is
 * Karmada's histogram: "0/3 clusters are available: 1 cluster(s) did not have the API resource, ...".
 */
export class NoClusterFitError extends EngineError<'NoClusterFit', { total: number; reasons: Record<string, number> }> {
  constructor(total: number, reasons: ReadonlyMap<string, number>) {
    const counted = [...reasons].map(([reason, n]) => `${n} ${reason}`).sort(goStringOrder);
    const tail = counted.length > 0 ? `: ${counted.join(', ')}.` : '.';
    super('NoClusterFit', `0/${total} clusters are available${tail}`, {
      total,
      reasons: Object.fromEntries(reasons),
    });
  }
}

/** sort.Strings on ASCII reasons: byte order, which is UTF-16 order for ASCII text. */
function goStringOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
