/**
 * The prunes an offline plan against `--base` leaves out because they will not happen (README.md#flotilla-plan): with
 * an error that holds back the whole fleet's prune (docs/karmada-compatibility.md#scheduling-errors) no removal is
 * pruned, and a template that cannot be scheduled keeps its copies. Each cluster's left-out removals are one warning
 * naming the reason, so the plan's changes are what `apply --prune` would do. Pure.
 */
import { TEMPLATE_ANNOTATION } from '../../model/index.ts';
import type { Diagnostic, KubeObject } from '../../model/index.ts';
import type { ObjectChange } from '../../render/index.ts';
import { pruneBlockingErrors } from '../pass/scheduling-holds.ts';

const idOf = (apiVersion: string, kind: string, namespace = '', name = '') =>
  `${apiVersion}/${kind}/${namespace}/${name}`;

/** Why a removal is not pruned, or `undefined` when it is. */
type HoldReason = (change: ObjectChange, cluster: string) => string | undefined;

function holdReason(base: ReadonlyMap<string, readonly KubeObject[]>, diagnostics: readonly Diagnostic[]): HoldReason {
  if (pruneBlockingErrors(diagnostics)) return () => 'the source has errors (fix them first)';
  const held = new Map(
    diagnostics.flatMap((d) => (d.severity === 'error' && d.heldTemplate ? [[d.heldTemplate, d.message]] : [])),
  );
  if (held.size === 0) return () => undefined;
  const templates = new Map(
    [...base].map(([cluster, manifests]) => [
      cluster,
      new Map(
        manifests.map((m) => [
          idOf(m.apiVersion, m.kind, m.metadata.namespace, m.metadata.name),
          m.metadata.annotations?.[TEMPLATE_ANNOTATION],
        ]),
      ),
    ]),
  );
  return (change, cluster) => {
    const template = templates.get(cluster)?.get(idOf(change.apiVersion, change.kind, change.namespace, change.name));
    return template === undefined ? undefined : held.get(template);
  };
}

/** The changes without the removals that will not be pruned, and a warning per cluster and reason for them. */
export function withoutHeldPrunes(
  changes: Record<string, ObjectChange[]>,
  base: ReadonlyMap<string, readonly KubeObject[]>,
  diagnostics: readonly Diagnostic[],
): { changes: Record<string, ObjectChange[]>; held: Diagnostic[] } {
  const reasonOf = holdReason(base, diagnostics);
  const held: Diagnostic[] = [];
  const out: Record<string, ObjectChange[]> = {};
  for (const [cluster, list] of Object.entries(changes)) {
    const left = new Map<string, number>();
    out[cluster] = list.filter((c) => {
      const reason = c.action === 'delete' ? reasonOf(c, cluster) : undefined;
      if (reason !== undefined) left.set(reason, (left.get(reason) ?? 0) + 1);
      return reason === undefined;
    });
    for (const [reason, count] of left)
      held.push({
        file: '',
        line: 0,
        column: 0,
        severity: 'warning',
        object: `Cluster/${cluster}`,
        message: `cluster ${cluster}: ${count} object(s) gone from the Work are left out of the plan, not pruned: prune held back: ${reason}`,
      });
  }
  return { changes: out, held };
}
