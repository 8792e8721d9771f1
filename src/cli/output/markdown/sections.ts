/**
 * The collapsible section per cluster: the unified diff of every change (or, without changes, the
 * Work's objects). Clusters with the very same changes (same objects, same diffs, same replica
 * moves) share one section, `staging, production: … · same change`, so a fleet-wide change is
 * shown once instead of once per cluster.
 */
import { describeRef, refOf } from '../../../model/index.ts';
import type { ObjectRef } from '../../../model/index.ts';
import type { PlanDocument } from '../../../reconcile/index.ts';
import type { ObjectChange } from '../../../render/index.ts';
import { plural } from '../diagnostics.ts';
import { type Action, type ClusterRow, WORD } from './cluster-table.ts';
import { code, plain, signed } from './text.ts';

/** One change (or, without changes, one object of the Work) in a section. */
export interface Entry {
  /** The name line, without its line break. */
  head: string;
  diff: string;
}

export interface Section {
  open: string;
  entries: Entry[];
  /** Whether the entries are diffs (with `changes`) or a list of the Work's objects. */
  diffs: boolean;
}

export const LEFT_OUT = ' — _diff left out (size limit)_';

/** An entry as printed: a list item, or a name with its diff block (or the words saying it was left out). */
export function entryText(section: Section, e: Entry, block: string | undefined): string {
  if (!section.diffs) return `${e.head}\n`;
  return block ? `${e.head}\n\n${block}` : `${e.head}${LEFT_OUT}\n\n`;
}

export function close(section: Section): string {
  return `${section.diffs ? '' : '\n'}</details>\n\n`;
}

/** One cluster's changes, before clusters with the same changes are grouped. */
interface ChangeGroup {
  names: string[];
  summary: string;
  moves: string;
  entries: Entry[];
}

function changeGroup(doc: PlanDocument, row: ClusterRow, changes: (ObjectChange & { action: Action })[]): ChangeGroup {
  const what = (['create', 'update', 'delete'] as const)
    .filter((a) => row.counts[a] > 0)
    .map((a) => `${row.counts[a]} ${WORD[a]}`)
    .join(', ');
  const moved = row.gained + row.lost > 0 ? ` · replicas ${signed(row.gained, row.lost)}` : '';
  const moves = (doc.replicaMoves ?? []).flatMap((m) =>
    m.clusters.filter((c) => c.name === row.name).map((c) => `${code(describeRef(m.resource))} ${c.before}→${c.after}`),
  );
  return {
    names: [row.name],
    summary: `${what}${moved}`,
    moves: moves.length > 0 ? `Replicas: ${moves.join(', ')}\n\n` : '',
    entries: changes.map((c) => ({
      head: `**${WORD[c.action]}** ${code(describeRef(c as ObjectRef))}${c.tenant !== undefined ? ` · tenant ${plain(c.tenant)}` : ''}`,
      diff: c.diff.trimEnd(),
    })),
  };
}

function changeSection(g: ChangeGroup): Section {
  const names = g.names.map(plain).join(', ');
  const same = g.names.length > 1 ? ' · same change' : '';
  return {
    open: `<details>\n<summary><b>${names}</b>: ${g.summary}${same}</summary>\n\n${g.moves}`,
    entries: g.entries,
    diffs: true,
  };
}

function workSection(doc: PlanDocument, row: ClusterRow): Section {
  const manifests = doc.works[row.name] ?? [];
  return {
    open: `<details>\n<summary><b>${plain(row.name)}</b>: ${manifests.length} objects</summary>\n\n`,
    entries: manifests.map((m) => {
      const replicas = (m['spec'] as { replicas?: unknown } | undefined)?.replicas;
      return {
        head: `- ${code(describeRef(refOf(m)))}${typeof replicas === 'number' ? ` (${plural(replicas, 'replica')})` : ''}`,
        diff: '',
      };
    }),
    diffs: false,
  };
}

/**
 * The sections in cluster order; a cluster with the same changes as an earlier one joins that
 * cluster's section. A cluster missing from `changes` (not compared) lists its Work instead.
 */
export function sectionsOf(doc: PlanDocument, rows: readonly ClusterRow[]): Section[] {
  const out: (Section | ChangeGroup)[] = [];
  const byContent = new Map<string, ChangeGroup>();
  for (const row of rows) {
    const changes = doc.changes?.[row.name]?.filter(
      (c): c is ObjectChange & { action: Action } => c.action !== 'unchanged',
    );
    if (!changes) {
      out.push(workSection(doc, row));
      continue;
    }
    if (changes.length === 0) continue;
    const group = changeGroup(doc, row, changes);
    const key = JSON.stringify([group.summary, group.moves, group.entries]);
    const same = byContent.get(key);
    if (same) {
      same.names.push(row.name);
      continue;
    }
    byContent.set(key, group);
    out.push(group);
  }
  return out.map((s) => ('names' in s ? changeSection(s) : s));
}
