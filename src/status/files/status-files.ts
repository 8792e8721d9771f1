import type { CommitFile } from '../../source/index.ts';
import { statusCounts, type StatusReport } from '../status-report.ts';
import { bindingDocument, resourcePath } from './binding-document.ts';
import { clusterDocument, clusterPath } from './cluster-document.ts';
import { emitYaml } from './emit-yaml.ts';
import { quotaDocument, quotaPath } from './quota-document.ts';
import type { RecordSections } from '../record-section.ts';
import { statusMarkdown, type StatusMarkdownOptions } from './status-markdown.ts';

export const STATUS_MARKDOWN_FILE = 'STATUS.md';
export const SUMMARY_FILE = 'summary.json';
/** The one field of summary.json that changes every pass; it alone never makes a commit. */
const VOLATILE_SUMMARY_FIELD = 'reconciledAt';

/** summary.json: the source commit, when, and the counts (README.md#flotilla-status). */
function summaryJson(report: StatusReport): string {
  const render = report.render ? { render: report.render } : {};
  return `${JSON.stringify({ sourceCommit: report.sourceCommit, [VOLATILE_SUMMARY_FIELD]: report.reconciledAt, counts: statusCounts(report), ...render }, null, 2)}\n`;
}

/**
 * The whole tree of the status branch for one pass (README.md#flotilla-status), sorted by path: the
 * fleet's files (with the fields the controllers' `sections` keep in them) and the sections' own. Equal reports give equal bytes, except
 * summary.json's `reconciledAt`.
 */
export function statusFiles(
  report: StatusReport,
  sections: RecordSections,
  options: Partial<StatusMarkdownOptions> = {},
): CommitFile[] {
  const files: CommitFile[] = [
    { path: STATUS_MARKDOWN_FILE, content: statusMarkdown(report, sections, options) },
    { path: SUMMARY_FILE, content: summaryJson(report) },
  ];
  for (const cluster of report.clusters)
    files.push({ path: clusterPath(cluster.name), content: emitYaml(clusterDocument(cluster, sections)) });
  for (const template of report.templates)
    files.push({ path: resourcePath(template.resource), content: emitYaml(bindingDocument(template, sections)) });
  for (const quota of report.quotas ?? [])
    files.push({ path: quotaPath(quota.resource), content: emitYaml(quotaDocument(quota)) });
  for (const section of sections) {
    const record = report.records?.[section.name];
    if (record === undefined) continue;
    for (const { path, document } of section.files?.(record) ?? []) files.push({ path, content: emitYaml(document) });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * What counts when deciding whether anything changed: the file as written, except summary.json
 * without `reconciledAt` (an unchanged fleet makes no commit).
 */
export function comparableContent(path: string, content: Buffer | string): string {
  const text = content.toString();
  if (path !== SUMMARY_FILE) return text;
  try {
    const { [VOLATILE_SUMMARY_FIELD]: _when, ...rest } = JSON.parse(text) as Record<string, unknown>;
    return JSON.stringify(rest);
  } catch {
    return text;
  }
}
