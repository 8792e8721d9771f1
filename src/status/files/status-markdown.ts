import { describeRef } from '../../model/index.ts';
import type { ClusterStatus, HealthState } from '../../model/index.ts';
import { isClusterReady } from '../cluster-status.ts';
import { readyReplicas } from '../problems.ts';
import { statusCounts, type StatusReport } from '../status-report.ts';
import type { RecordSections } from '../record-section.ts';
import type { TemplateStatus } from '../status-types.ts';
import { resourcePath } from './binding-document.ts';
import { clusterPath } from './cluster-document.ts';
import { agentSection } from './agent-summary.ts';
import { heldBackSection } from './held-back.ts';
import { quotaSection } from './quota-markdown.ts';

/** How STATUS.md is laid out. */
export interface StatusMarkdownOptions {
  /**
   * Templates given a section of their own; templates with problems come first and are always
   * listed, the healthy rest up to this many, so the file stays readable on a git host.
   * @default 200
   */
  maxTemplateSections: number;
}

export const DEFAULT_STATUS_MARKDOWN_OPTIONS: Readonly<StatusMarkdownOptions> = Object.freeze({
  maxTemplateSections: 200,
});

const ICON: Record<HealthState, string> = { Healthy: '✅', Unhealthy: '❌', Unknown: '❔' };

/** A table cell: pipes and newlines would break the row. */
function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

function used(status: ClusterStatus, resource: string): string {
  const summary = status.resourceSummary;
  if (summary?.allocatable === undefined) return '–';
  return `${summary.allocated?.[resource] ?? 0} / ${summary.allocatable[resource] ?? 0}`;
}

function clusterRows(report: StatusReport): string[] {
  const rows = [
    '| cluster | ready | nodes ready | cpu requested / allocatable | memory requested / allocatable | pods / allocatable | version |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const { name, status } of report.clusters) {
    const ready = status.conditions?.find((c) => c.type === 'Ready');
    const readyText = isClusterReady(status) ? '✅ Ready' : `❌ ${ready?.reason ?? 'not observed'}`;
    const nodes = status.nodeSummary ? `${status.nodeSummary.readyNum ?? 0}/${status.nodeSummary.totalNum ?? 0}` : '–';
    rows.push(
      `| [${name}](${clusterPath(name)}) | ${readyText} | ${nodes} | ${used(status, 'cpu')} | ${used(status, 'memory')} | ${used(status, 'pods')} | ${status.kubernetesVersion ?? '–'} |`,
    );
  }
  return rows;
}

function templateSection(t: TemplateStatus): string[] {
  const policy = t.policy
    ? `${t.policy.kind} ${t.policy.namespace ? `${t.policy.namespace}/` : ''}${t.policy.name}`
    : 'no policy';
  const replicas = t.replicas > 0 ? ` · ${t.replicas} replicas` : '';
  const lines = [
    `### ${ICON[t.health]} ${describeRef(t.resource)}`,
    '',
    `${t.health}${replicas} · ${policy} · [binding](${resourcePath(t.resource)})`,
    '',
  ];
  const desired = new Map(t.clusters.map((c) => [c.name, c.replicas]));
  const names = [
    ...new Set([...t.clusters.map((c) => c.name), ...t.aggregatedStatus.map((i) => i.clusterName)]),
  ].sort();
  if (names.length > 0) {
    lines.push('| cluster | desired | ready | applied | health |', '| --- | --- | --- | --- | --- |');
    const items = new Map(t.aggregatedStatus.map((i) => [i.clusterName, i]));
    for (const name of names) {
      const item = items.get(name);
      const ready = readyReplicas(item?.status);
      lines.push(
        `| ${name} | ${t.replicas > 0 ? (desired.get(name) ?? '–') : '–'} | ${ready ?? '–'} | ${item === undefined ? '–' : item.applied ? 'yes' : 'no'} | ${item?.health ?? 'Unknown'} |`,
      );
    }
    lines.push('');
  }
  for (const problem of t.problems) lines.push(`- ${cell(problem)}`);
  if (t.problems.length > 0) lines.push('');
  return lines;
}

/** The STATUS.md sections of the `sections` shown at `order`, in their order: from their fields, then their record. */
function sectionsMarkdown(report: StatusReport, sections: RecordSections, order: 'fleet' | 'controllers'): string[] {
  return sections
    .filter((s) => (s.markdownOrder ?? 'controllers') === order)
    .flatMap((s) => {
      const record = report.records?.[s.name];
      return [...(s.fields?.markdown(report) ?? []), ...(record === undefined ? [] : (s.markdown?.(record) ?? []))];
    });
}

/**
 * STATUS.md: a summary written for review on a git host — per cluster readiness and capacity,
 * what could not be pruned where, the sections shown with the fleet's (`sections` with `markdownOrder: 'fleet'`:
 * failover under way), federated resource quotas (used against hard), each other controller's section (in registry order), per template a table of clusters with desired and ready replicas, applied and health, one
 * line per problem, and links to the per-resource and per-cluster files. Deterministic.
 */
export function statusMarkdown(
  report: StatusReport,
  sections: RecordSections,
  options: Partial<StatusMarkdownOptions> = {},
): string {
  const { maxTemplateSections } = { ...DEFAULT_STATUS_MARKDOWN_OPTIONS, ...options };
  const c = statusCounts(report);
  const out = [
    '# Fleet status',
    '',
    `Source commit \`${report.sourceCommit}\` · ${c.templates} templates: ${c.healthy} healthy, ${c.unhealthy} unhealthy, ${c.unknown} unknown · ${c.readyClusters}/${c.clusters} clusters ready`,
    '',
    '## Clusters',
    '',
    ...clusterRows(report),
    '',
    ...agentSection(report.clusters),
    ...heldBackSection(report.clusters),
    ...sectionsMarkdown(report, sections, 'fleet'),
    ...quotaSection(report.quotas),
    ...sectionsMarkdown(report, sections, 'controllers'),
    '## Templates',
    '',
  ];
  const troubled = report.templates.filter((t) => t.health !== 'Healthy' || t.problems.length > 0);
  const healthy = report.templates.filter((t) => t.health === 'Healthy' && t.problems.length === 0);
  const shown = [...troubled, ...healthy.slice(0, Math.max(0, maxTemplateSections - troubled.length))];
  for (const t of shown) out.push(...templateSection(t));
  const hidden = report.templates.length - shown.length;
  if (hidden > 0) out.push(`… and ${hidden} more healthy templates: see [resources/](resources/).`, '');
  return `${out.join('\n').trimEnd()}\n`;
}
