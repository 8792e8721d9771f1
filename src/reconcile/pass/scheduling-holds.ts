/**
 * What a template's scheduling failure holds back (docs/karmada-compatibility.md#scheduling-errors,
 * docs/karmada-compatibility.md#no-fit-is-an-error): its copies on the members stay, never pruned by surprise, while
 * every other template's prune goes on. An error confined to one template (`heldTemplate`) is therefore not a source
 * error: only the others hold back the whole fleet's prune. Pure.
 */
import type { ApplyHolds } from '../../controllers/index.ts';
import type { Diagnostic } from '../../model/index.ts';

/** Whether the errors hold back every member's prune: any error that is not confined to one template. */
export function pruneBlockingErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error' && d.heldTemplate === undefined);
}

/** The holds with each template a confined error names kept on every cluster, with the error as the reason. */
export function withSchedulingHolds(
  holds: ApplyHolds,
  diagnostics: readonly Diagnostic[],
  clusters: readonly string[],
): ApplyHolds {
  const held = diagnostics.filter((d) => d.severity === 'error' && d.heldTemplate !== undefined);
  if (held.length === 0) return holds;
  const kept = new Map([...holds.kept].map(([cluster, m]) => [cluster, new Map(m)]));
  for (const cluster of clusters) {
    const copies = kept.get(cluster) ?? new Map<string, string>();
    for (const d of held) {
      const key = d.heldTemplate as string;
      if (!copies.has(key)) copies.set(key, `prune held back: ${d.message}`);
    }
    kept.set(cluster, copies);
  }
  return { ...holds, kept };
}
