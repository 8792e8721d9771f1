/** The table at the top of a plan comment: one row per cluster, with its counts of changes and replica moves. */
import type { PlanDocument } from '../../../reconcile/index.ts';
import { plain, signed } from './text.ts';

export const WORD = { create: 'added', update: 'changed', delete: 'removed' } as const;
export type Action = keyof typeof WORD;

export interface ClusterRow {
  name: string;
  ready: boolean | undefined;
  objects: number;
  counts: Record<Action, number>;
  gained: number;
  lost: number;
  /** False for a cluster the live plan could not read: its changes are unknown, not none. */
  compared: boolean;
}

export function clusterRows(doc: PlanDocument): ClusterRow[] {
  const names = [
    ...new Set([...doc.clusters.map((c) => c.name), ...Object.keys(doc.works), ...Object.keys(doc.changes ?? {})]),
  ];
  names.sort();
  return names.map((name) => {
    const changes = doc.changes?.[name] ?? [];
    const counts = { create: 0, update: 0, delete: 0 };
    for (const c of changes) if (c.action !== 'unchanged') counts[c.action]++;
    let gained = 0;
    let lost = 0;
    for (const move of doc.replicaMoves ?? []) {
      for (const c of move.clusters) {
        if (c.name !== name) continue;
        if (c.after > c.before) gained += c.after - c.before;
        else lost += c.before - c.after;
      }
    }
    const compared = doc.changes === undefined || Object.hasOwn(doc.changes, name);
    return {
      name,
      ready: doc.clusters.find((c) => c.name === name)?.ready,
      objects: doc.works[name]?.length ?? 0,
      counts,
      gained,
      lost,
      compared,
    };
  });
}

export function tableHead(doc: PlanDocument): string {
  const withChanges = doc.changes !== undefined;
  const withMoves = doc.replicaMoves !== undefined;
  const header = [
    'cluster',
    'ready',
    'objects',
    ...(withChanges ? ['added', 'changed', 'removed'] : []),
    ...(withMoves ? ['replicas moved'] : []),
  ];
  const align = [
    '---',
    '---',
    '---:',
    ...(withChanges ? ['---:', '---:', '---:'] : []),
    ...(withMoves ? ['---:'] : []),
  ];
  return `| ${header.join(' | ')} |\n| ${align.join(' | ')} |\n`;
}

export function tableRow(doc: PlanDocument, r: ClusterRow): string {
  const ready = r.ready === undefined ? '—' : r.ready ? 'yes' : '**no**';
  const cells = [r.name, ready, String(r.objects)];
  if (doc.changes !== undefined && !r.compared) cells.push('unreachable: changes unknown', '—', '—');
  else if (doc.changes !== undefined)
    cells.push(String(r.counts.create), String(r.counts.update), String(r.counts.delete));
  if (doc.replicaMoves !== undefined) cells.push(signed(r.gained, r.lost));
  return `| ${cells.map(plain).join(' | ')} |\n`;
}
