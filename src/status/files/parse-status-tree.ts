import { load } from 'js-yaml';
import { isRecord } from '../../model/index.ts';
import type { ClusterReport } from '../status-report.ts';
import type { StatusCounts } from '../status-report.ts';
import type { TemplateStatus } from '../template-status.ts';
import { parseBindingDocument } from './binding-document.ts';
import { parseClusterDocument } from './cluster-document.ts';
import { SUMMARY_FILE } from './status-files.ts';

/** summary.json as read back. */
export interface StatusSummary {
  sourceCommit: string;
  reconciledAt: string;
  counts?: StatusCounts;
}

/** What a status branch commit says, parsed. Files that do not parse are skipped, not fatal. */
export interface ParsedStatusTree {
  summary?: StatusSummary;
  clusters: ClusterReport[];
  templates: TemplateStatus[];
}

function parseYaml(content: Buffer): unknown {
  try {
    return load(content.toString('utf8'));
  } catch {
    return undefined;
  }
}

function parseSummary(content: Buffer): StatusSummary | undefined {
  try {
    const value: unknown = JSON.parse(content.toString('utf8'));
    if (!isRecord(value) || typeof value['sourceCommit'] !== 'string') return undefined;
    return {
      sourceCommit: value['sourceCommit'],
      reconciledAt: typeof value['reconciledAt'] === 'string' ? value['reconciledAt'] : '',
      ...(isRecord(value['counts']) ? { counts: value['counts'] as unknown as StatusCounts } : {}),
    };
  } catch {
    return undefined;
  }
}

/** Reads the files of a status branch commit (paths relative to its root) back into data. */
export function parseStatusTree(files: readonly { path: string; content: Buffer }[]): ParsedStatusTree {
  const out: ParsedStatusTree = { clusters: [], templates: [] };
  for (const { path, content } of files) {
    if (path === SUMMARY_FILE) {
      const summary = parseSummary(content);
      if (summary) out.summary = summary;
    } else if (path.startsWith('clusters/') && path.endsWith('.yaml')) {
      const cluster = parseClusterDocument(parseYaml(content));
      if (cluster) out.clusters.push(cluster);
    } else if (path.startsWith('resources/') && path.endsWith('.yaml')) {
      const template = parseBindingDocument(parseYaml(content));
      if (template) out.templates.push(template);
    }
  }
  return out;
}
