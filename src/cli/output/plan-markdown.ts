import { describeRef } from '../../model/index.ts';
import type { PlanDocument } from '../../reconcile/plan-document.ts';
import type { ObjectChange } from '../../render/works/diff-works.ts';
import { countBySeverity } from './diagnostics.ts';

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function count(changes: readonly ObjectChange[] | undefined, action: ObjectChange['action']): number {
  return changes?.filter((c) => c.action === action).length ?? 0;
}

function summaryTable(doc: PlanDocument): string[] {
  const withChanges = doc.changes !== undefined;
  const header = withChanges
    ? ['| cluster | ready | objects | added | changed | removed |', '| --- | --- | ---: | ---: | ---: | ---: |']
    : ['| cluster | ready | objects |', '| --- | --- | ---: |'];
  const rows = doc.clusters.map((c) => {
    const objects = doc.works[c.name]?.length ?? 0;
    const base = `| ${c.name} | ${c.ready ? 'yes' : '**no**'} | ${objects} |`;
    if (!withChanges) return base;
    const ch = doc.changes?.[c.name];
    return `${base} ${count(ch, 'create')} | ${count(ch, 'update')} | ${count(ch, 'delete')} |`;
  });
  return [...header, ...rows];
}

function bindingsTable(doc: PlanDocument): string[] {
  const rows = doc.bindings
    .filter((b) => b.policy)
    .map((b) => {
      const where = b.error ? `⚠️ ${b.error}` : b.clusters.map((c) => (b.replicas > 0 ? `${c.name}: ${c.replicas}` : c.name)).join(', ');
      return `| ${escapeCell(describeRef(b.resource))} | ${escapeCell(`${b.policy!.kind}/${b.policy!.name}`)} | ${b.replicas} | ${escapeCell(where)} |`;
    });
  return ['| template | policy | replicas | clusters |', '| --- | --- | ---: | --- |', ...rows];
}

function clusterDetails(doc: PlanDocument): string[] {
  const out: string[] = [];
  for (const [cluster, manifests] of Object.entries(doc.works)) {
    const changes = doc.changes?.[cluster]?.filter((c) => c.action !== 'unchanged');
    out.push('<details>', `<summary><b>${cluster}</b>: ${changes ? `${changes.length} change(s)` : `${manifests.length} objects`}</summary>`, '');
    if (changes) {
      for (const c of changes) {
        out.push(`**${c.action}** \`${describeRef({ ...c })}\``, '', '```diff', c.diff.trimEnd(), '```', '');
      }
    } else {
      out.push(...manifests.map((m) => `- \`${describeRef({ apiVersion: m.apiVersion, kind: m.kind, namespace: m.metadata.namespace ?? '', name: m.metadata.name ?? '' })}\``), '');
    }
    out.push('</details>', '');
  }
  return out;
}

/** A review-ready plan: summary table, placements, then a collapsible section per cluster. */
export function planMarkdown(doc: PlanDocument): string {
  const { errors, warnings } = countBySeverity(doc.diagnostics);
  const lines = [
    `### Flotilla plan for \`${doc.source.commit.slice(0, 12)}\``,
    '',
    ...summaryTable(doc),
    '',
    ...bindingsTable(doc),
    '',
    ...clusterDetails(doc),
  ];
  if (doc.diagnostics.length > 0) {
    lines.push(`**${errors} error(s), ${warnings} warning(s)**`, '');
    lines.push(...doc.diagnostics.map((d) => `- \`${d.file}:${d.line}:${d.column}\` ${d.severity}: ${escapeCell(d.message)}`), '');
  }
  return lines.join('\n');
}
