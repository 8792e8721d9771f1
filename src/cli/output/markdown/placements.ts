/**
 * The placements table: every template that reaches a cluster, with the policy or mechanism that
 * takes it there. Claimed templates, dependencies propagated with a workload (propagateDeps) and
 * Namespaces synced to every cluster all count as propagated; replicas show `—` for kinds without
 * replicas (no InterpretReplica), so a workload scaled to 0 still shows 0.
 */
import { describeRef, refKey, refOf } from '../../../model/index.ts';
import { controllerPlanNotes } from '../../../controllers/index.ts';
import type { PlanBinding, PlanDocument } from '../../../reconcile/index.ts';
import { plain } from './text.ts';

interface Placement {
  binding: PlanBinding;
  how: string;
  clusters: string;
  kind: 'claimed' | 'dependency' | 'namespace';
}

function clusterCell(b: PlanBinding): string {
  if (b.error) return `⚠️ ${b.error}`;
  const held = (name: string) => (b.suspendedClusters?.includes(name) ? ' (suspended)' : '');
  return (
    b.clusters.map((c) => `${b.hasReplicas ? `${c.name}: ${c.replicas}` : c.name}${held(c.name)}`).join(', ') || '—'
  );
}

/** Clusters whose Work holds each object, by refKey. */
function clustersByObject(doc: PlanDocument): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [cluster, manifests] of Object.entries(doc.works)) {
    for (const m of manifests) {
      const key = refKey(refOf(m));
      (out.get(key) ?? out.set(key, []).get(key)!).push(cluster);
    }
  }
  return out;
}

/** `Deployment/shop/web` for a refKey (`apps/v1/Deployment/shop/web`, `_` for no namespace). */
function describeKey(key: string): string {
  const parts = key.split('/');
  const [kind, namespace, name] = parts.slice(-3);
  return namespace === '_' ? `${kind}/${name}` : `${kind}/${namespace}/${name}`;
}

function placementOf(b: PlanBinding, inWork: Map<string, string[]>): Placement | undefined {
  if (b.policy) {
    const p = b.policy;
    return {
      binding: b,
      how: p.namespace ? `${p.kind}/${p.namespace}/${p.name}` : `${p.kind}/${p.name}`,
      clusters: clusterCell(b),
      kind: 'claimed',
    };
  }
  if (b.requiredBy)
    return {
      binding: b,
      how: `dependency of ${b.requiredBy.bindings.map(describeKey).join(', ')}`,
      clusters: b.requiredBy.clusters.join(', '),
      kind: 'dependency',
    };
  const clusters = inWork.get(refKey(b.resource));
  if (b.resource.kind === 'Namespace' && b.resource.apiVersion === 'v1' && clusters) {
    return { binding: b, how: 'namespace sync', clusters: [...clusters].sort().join(', '), kind: 'namespace' };
  }
  return undefined;
}

function headline(placed: readonly Placement[]): string {
  const count = (kind: Placement['kind']) => placed.filter((p) => p.kind === kind).length;
  const parts = [`${count('claimed')} claimed by a policy`];
  if (count('dependency') > 0) parts.push(`${count('dependency')} as dependencies`);
  if (count('namespace') > 0) parts.push(`${count('namespace')} namespaces synced`);
  return `Placements: ${placed.length} templates propagated (${parts.join(', ')})`;
}

/** The count, with what the controllers say of it (an autoscaler that replaced the template's). */
function replicasCell(b: PlanBinding): string {
  const notes = controllerPlanNotes(b).filter((n) => n.on === 'replicas');
  return [String(b.replicas), ...notes.map((n) => `(${plain(n.text)})`)].join(' ');
}

export function placements(doc: PlanDocument): string {
  const inWork = clustersByObject(doc);
  const placed = doc.bindings.map((b) => placementOf(b, inWork)).filter((p): p is Placement => p !== undefined);
  if (placed.length === 0) return '';
  const rows = placed.map(
    ({ binding: b, how, clusters }) =>
      `| ${plain(describeRef(b.resource))} | ${plain(how)} | ${b.hasReplicas ? replicasCell(b) : '—'} | ${plain(clusters)} |`,
  );
  return [
    '<details>',
    `<summary>${headline(placed)}</summary>`,
    '',
    '| template | policy | replicas | clusters |',
    '| --- | --- | ---: | --- |',
    ...rows,
    '',
    '</details>',
    '',
    '',
  ].join('\n');
}
