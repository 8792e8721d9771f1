/**
 * `plan -o markdown`: a plan to review in a pull request, as a comment or a job summary. First a
 * table per cluster (objects added, changed, removed, replicas moved), the diagnostics (warnings
 * the base has too collapsed apart) and the replica moves in words; then a collapsible `<details>`
 * section with the unified diff of every change, one per group of clusters with the same changes
 * (Secret values come masked in the diffs); then the placements. It stays within a size limit
 * (markdown/shorten.ts).
 */
import { describeRef } from '../../model/index.ts';
import type { Diagnostic } from '../../model/index.ts';
import type { PlanDocument, ReplicaMove } from '../../reconcile/index.ts';
import { type ClusterRow, clusterRows, tableHead, tableRow } from './markdown/cluster-table.ts';
import { diagnosticLists } from './markdown/diagnostics-list.ts';
import { COMMENT_LIMIT, type MarkdownLimit, measure } from './markdown/limit.ts';
import { placements } from './markdown/placements.ts';
import { sectionsOf } from './markdown/sections.ts';
import { tenantsLine } from './markdown/tenants.ts';
import { assemble, type Parts, shorten } from './markdown/shorten.ts';
import { code } from './markdown/text.ts';

export { COMMENT_LIMIT, type MarkdownLimit, parseMarkdownLimit, STEP_SUMMARY_LIMIT } from './markdown/limit.ts';

export interface MarkdownOptions {
  /** @default COMMENT_LIMIT; `null` for no limit. */
  limit?: MarkdownLimit | null;
  /** The base revision's diagnostics (`--base`): warnings it has too are grouped apart. */
  baseDiagnostics?: readonly Diagnostic[];
}

/** Marks a Flotilla plan comment, so a workflow can find and update its own comment. */
export function commentMarker(path: string): string {
  return path === '' ? '<!-- flotilla-plan -->' : `<!-- flotilla-plan path=${path.replace(/--/g, '-')} -->`;
}

function title(doc: PlanDocument): string {
  const at = `${code(doc.source.commit.slice(0, 12))} (${code(doc.source.ref)})`;
  const against = doc.base
    ? ` compared with ${code(doc.base.commit.slice(0, 12))} (${code(doc.base.ref)})`
    : doc.changes
      ? ' compared with the live clusters'
      : '';
  const where = doc.source.path ? ` in ${code(doc.source.path)}` : '';
  return `${commentMarker(doc.source.path)}\n### Flotilla plan\n\n${at}${where}${against}\n\n${tenantsLine(doc)}`;
}

function verdict(doc: PlanDocument, rows: readonly ClusterRow[]): string {
  if (!doc.changes) return '';
  const any = rows.some((r) => r.counts.create + r.counts.update + r.counts.delete > 0);
  const unread = rows.filter((r) => !r.compared).map((r) => r.name);
  if (unread.length > 0) return `**Changes unknown for ${unread.join(', ')}: not reachable.**\n\n`;
  return any ? '' : '**No changes.**\n\n';
}

/** "`Deployment/shop/web`: member1 2→3, member2 4→3" */
function moveWords(move: ReplicaMove): string {
  const clusters = move.clusters.map((c) => `${c.name} ${c.before}→${c.after}`).join(', ');
  const total =
    move.replicas.before === move.replicas.after ? '' : ` (${move.replicas.before}→${move.replicas.after} in all)`;
  return `- ${code(describeRef(move.resource))}: ${clusters}${total}\n`;
}

/**
 * A review-ready plan in GitHub-flavoured markdown, within `options.limit` (a comment's, by
 * default). Deterministic: the same document gives the same text.
 */
export function planMarkdown(doc: PlanDocument, options: MarkdownOptions = {}): string {
  const limit = options.limit === undefined ? COMMENT_LIMIT : options.limit;
  const rows = clusterRows(doc);
  const diagnostics = diagnosticLists(doc.diagnostics, options.baseDiagnostics);
  const parts: Parts = {
    title: title(doc),
    table: tableHead(doc),
    rows: rows.map((r) => tableRow(doc, r)),
    verdict: verdict(doc, rows),
    lists: [
      // Errors first (they decide the exit code), then the moves reviewers look for.
      { name: 'diagnostics', head: diagnostics.head, items: diagnostics.items },
      {
        name: 'replica moves',
        head: (doc.replicaMoves?.length ?? 0) > 0 ? '**Replica moves**\n\n' : '',
        items: (doc.replicaMoves ?? []).map(moveWords),
      },
    ],
    alsoOnBase: diagnostics.alsoOnBase,
    sections: sectionsOf(doc, rows),
    placements: placements(doc),
  };
  const full = assemble(parts);
  if (limit === null || measure(full, limit.unit) <= limit.max) return full;
  return shorten(doc, limit, parts);
}
