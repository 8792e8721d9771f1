import { describeRef } from '../../model/index.ts';
import type { HealthState } from '../../model/index.ts';
import { RECORD_SECTIONS } from '../../controllers/index.ts';
import {
  agentLine,
  heldBackLines,
  isClusterReady,
  quotaRows,
  readyReplicas,
  type StatusBranchView,
  type TemplateStatus,
} from '../../status/index.ts';
import type { Paint } from '../color.ts';

/** Left-aligned columns, two spaces apart; colour codes are added after padding so they do not skew it. */
function table(
  rows: string[][],
  paintCell: (row: number, column: number, text: string) => string = (_r, _c, t) => t,
): string[] {
  const widths = rows.reduce<number[]>((w, row) => row.map((cell, i) => Math.max(w[i] ?? 0, cell.length)), []);
  return rows.map((row, r) =>
    row
      .map((cell, c) => paintCell(r, c, c === row.length - 1 ? cell : cell.padEnd(widths[c] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
}

function healthPaint(paint: Paint, health: string, text: string): string {
  if (health === 'Healthy') return paint('green', text);
  if (health === 'Unhealthy') return paint('red', text);
  return paint('yellow', text);
}

function clusterLines(view: StatusBranchView, paint: Paint): string[] {
  const rows = [['CLUSTER', 'READY', 'NODES', 'CPU REQ/ALLOC', 'MEMORY REQ/ALLOC', 'PODS/ALLOC', 'VERSION']];
  for (const { name, status } of view.clusters) {
    const s = status.resourceSummary;
    const pair = (r: string) => (s?.allocatable ? `${s.allocated?.[r] ?? 0}/${s.allocatable[r] ?? 0}` : '-');
    const nodes = status.nodeSummary ? `${status.nodeSummary.readyNum ?? 0}/${status.nodeSummary.totalNum ?? 0}` : '-';
    rows.push([
      name,
      isClusterReady(status) ? 'True' : 'False',
      nodes,
      pair('cpu'),
      pair('memory'),
      pair('pods'),
      status.kubernetesVersion ?? '-',
    ]);
  }
  return table(rows, (r, c, text) =>
    r > 0 && c === 1 ? healthPaint(paint, text.trim() === 'True' ? 'Healthy' : 'Unhealthy', text) : text,
  );
}

function templateRows(t: TemplateStatus): string[][] {
  const desired = new Map(t.clusters.map((c) => [c.name, c.replicas]));
  const items = new Map(t.aggregatedStatus.map((i) => [i.clusterName, i]));
  const names = [...new Set([...desired.keys(), ...items.keys()])].sort();
  if (names.length === 0) return [[describeRef(t.resource), '-', '-', '-', '-', t.health]];
  return names.map((name, i) => {
    const item = items.get(name);
    const applied = item === undefined ? '-' : item.applied ? 'yes' : 'no';
    const health: HealthState = item?.health ?? 'Unknown';
    return [
      i === 0 ? describeRef(t.resource) : '',
      name,
      t.replicas > 0 ? String(desired.get(name) ?? '-') : '-',
      String(readyReplicas(item?.status) ?? '-'),
      applied,
      health,
    ];
  });
}

/** The FederatedResourceQuotas: overall and per member, used against hard; nothing when there is none. */
function quotaLines(view: StatusBranchView, paint: Paint): string[] {
  if (view.quotas.length === 0) return [];
  return [
    '',
    paint('bold', 'Federated resource quotas:'),
    ...table([['QUOTA', 'CLUSTER', 'USED/HARD'], ...quotaRows(view.quotas)]),
  ];
}

/**
 * The controllers' parts shown at `order` (as in STATUS.md: `fleet` before the quotas), in registry
 * order: from the fields they keep in the fleet's documents, then from their record.
 */
function sectionLines(view: StatusBranchView, paint: Paint, order: 'fleet' | 'controllers'): string[] {
  return RECORD_SECTIONS.filter((s) => (s.markdownOrder ?? 'controllers') === order).flatMap((section) => {
    const record = view.records[section.name];
    const parts = [section.fields?.statusLines(view), record === undefined ? undefined : section.statusLines?.(record)];
    return parts.flatMap((part) => (part?.lines.length ? ['', paint('bold', `${part.title}:`), ...part.lines] : []));
  });
}

/**
 * `flotilla status` as text: header, clusters, one row per template and cluster, the Pull members and
 * held-back prunes, the controllers' sections shown with the fleet's, quotas, each other controller's
 * section in registry order, then the problems.
 */
export function statusText(view: StatusBranchView, paint: Paint): string {
  const summary = view.summary;
  const counts = summary?.counts;
  const lines = [
    `Status of ${summary?.sourceCommit.slice(0, 12) ?? 'unknown source'} (status commit ${view.commit.slice(0, 12)}${summary?.reconciledAt ? `, reconciled ${summary.reconciledAt}` : ''})`,
    counts
      ? `${counts.healthy}/${counts.templates} templates healthy, ${counts.unhealthy} unhealthy, ${counts.unknown} unknown; ${counts.readyClusters}/${counts.clusters} clusters ready`
      : '',
    '',
    ...clusterLines(view, paint),
    '',
  ];
  const rows = [
    ['TEMPLATE', 'CLUSTER', 'DESIRED', 'READY', 'APPLIED', 'HEALTH'],
    ...view.templates.flatMap(templateRows),
  ];
  lines.push(...table(rows, (r, c, text) => (r > 0 && c === 5 ? healthPaint(paint, text.trim(), text) : text)));
  const pull = view.clusters.flatMap((c) => (c.agent ? [`  ${c.name}: ${agentLine(c.agent)}`] : []));
  if (pull.length > 0) lines.push('', paint('bold', 'Pull members:'), ...pull);
  const held = heldBackLines(view.clusters);
  if (held.length > 0) lines.push('', paint('bold', 'Held-back prunes:'), ...held);
  lines.push(...sectionLines(view, paint, 'fleet'));
  lines.push(...quotaLines(view, paint));
  lines.push(...sectionLines(view, paint, 'controllers'));
  const problems = view.templates.flatMap((t) => t.problems.map((p) => `  ${describeRef(t.resource)}: ${p}`));
  if (problems.length > 0) lines.push('', paint('bold', 'Problems:'), ...problems);
  return lines.join('\n');
}
