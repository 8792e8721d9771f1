import { load } from 'js-yaml';
import { isRecord } from '../../model/index.ts';
import { documentFieldsOf, sectionOf, type RecordSections } from '../record-section.ts';
import type { ClusterReport } from '../status-report.ts';
import type { StatusCounts } from '../status-report.ts';
import type { TemplateStatus } from '../status-types.ts';
import { parseBindingDocument } from './binding-document.ts';
import { parseClusterDocument } from './cluster-document.ts';
import type { Warn } from '../record-section.ts';
import type { FederatedQuotaReport } from '../federated-quota-status.ts';
import { parseQuotaDocument } from './quota-document.ts';
import { SUMMARY_FILE } from './status-files.ts';

/** summary.json as read back. */
export interface StatusSummary {
  sourceCommit: string;
  reconciledAt: string;
  counts?: StatusCounts;
}

/**
 * Where a template was placed and by which policy, and the run loop's failover of it: what the
 * next pass's scheduler and a restarted run loop need.
 */
export type TemplatePlacement = Pick<
  TemplateStatus,
  | 'resource'
  | 'policy'
  | 'replicas'
  | 'clusters'
  | 'affinityName'
  | 'appliedPlacement'
  | 'gracefulEvictionTasks'
  | 'unhealthySince'
>;

/** How much of each binding view to parse: all of it, or only its placement (a quarter of the text). */
export type TemplateDetail = 'full' | 'placement';

/** What a status branch commit says, parsed. Files and failover entries that do not parse are skipped with a warning, not fatal. */
export interface ParsedStatusTree {
  summary?: StatusSummary;
  clusters: ClusterReport[];
  /** Every binding view in full; empty when only placements were read. */
  templates: TemplateStatus[];
  /** Every template's placement, in both modes. */
  placements: TemplatePlacement[];
  /** The FederatedResourceQuotas' status. */
  quotas: FederatedQuotaReport[];
  /** What was ignored and why, each naming its file. */
  warnings: string[];
  /** The controllers' records by section name (record-section.ts); a section without files is absent. */
  records: Record<string, unknown>;
}

function parseYaml(content: Buffer | string, warn: Warn): unknown {
  try {
    return load(content.toString());
  } catch (error) {
    warn(`not YAML (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); ignored`);
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

function placementOf(t: TemplateStatus): TemplatePlacement {
  return {
    resource: t.resource,
    policy: t.policy,
    replicas: t.replicas,
    clusters: t.clusters,
    ...(t.affinityName ? { affinityName: t.affinityName } : {}),
    ...(t.appliedPlacement !== undefined ? { appliedPlacement: t.appliedPlacement } : {}),
    ...(t.gracefulEvictionTasks ? { gracefulEvictionTasks: t.gracefulEvictionTasks } : {}),
    ...(t.unhealthySince ? { unhealthySince: t.unhealthySince } : {}),
  };
}

const AFFINITY_LINE = /\n {2}schedulerObservingAffinityName: (.+)\n/;

/** Where the first of the `sections`' keys of a binding's status starts in its text, or -1. */
function sectionStatusStart(text: string, cut: number, sections: RecordSections): number {
  const starts = documentFieldsOf(sections).flatMap((f) => {
    const at = f.placementStatusKey === undefined ? -1 : text.indexOf(`\n  ${f.placementStatusKey}:`, cut);
    return at < 0 ? [] : [at];
  });
  return starts.length > 0 ? Math.min(...starts) : -1;
}

/**
 * The affinity name's value as a YAML reader sees it: Flotilla writes it plain or JSON-quoted, but
 * a hand edit may have quoted it otherwise, or broken it (warned and dropped, like a file that is
 * not YAML in the full read, rather than failing the whole read).
 */
function affinityName(value: string | undefined, warn: Warn): string | undefined {
  if (value === undefined) return undefined;
  const line = parseYaml(`schedulerObservingAffinityName: ${value}`, warn);
  const name = isRecord(line) ? line['schedulerObservingAffinityName'] : undefined;
  return typeof name === 'string' && name !== '' ? name : undefined;
}

/**
 * A binding view's placement without parsing its status: the files are ours, written with sorted
 * keys, so `status:` is the last top-level key and everything the scheduler needs but the
 * affinity name comes before it, and the `sections`' keys of `status` (their `placementStatusKey`)
 * are its last.
 */
function parsePlacement(content: Buffer, warn: Warn, sections: RecordSections): TemplatePlacement | undefined {
  const text = content.toString('utf8');
  const cut = text.indexOf('\nstatus:');
  const head = parseYaml(cut < 0 ? text : text.slice(0, cut + 1), warn);
  const name = cut < 0 ? undefined : affinityName(AFFINITY_LINE.exec(text.slice(cut))?.[1], warn);
  const since = cut < 0 ? -1 : sectionStatusStart(text, cut, sections);
  const tail = since < 0 ? undefined : parseYaml(`status:${text.slice(since)}`, warn);
  const status = {
    ...(isRecord(tail) && isRecord(tail['status']) ? tail['status'] : {}),
    ...(name ? { schedulerObservingAffinityName: name } : {}),
  };
  const parsed = parseBindingDocument(isRecord(head) ? { ...head, status } : undefined, warn, sections);
  return parsed && placementOf(parsed);
}

/** Folds a controller's file into its record. */
function readSectionFile(out: ParsedStatusTree, sections: RecordSections, path: string, content: Buffer, warn: Warn) {
  const section = sectionOf(sections, path);
  if (section === undefined) return false;
  const record = section.read?.(out.records[section.name], path, parseYaml(content, warn), warn);
  if (record !== undefined) out.records[section.name] = record;
  return true;
}

/**
 * Reads the files of a status branch commit (paths relative to its root) back into data, the
 * controllers' files through their `sections`; with `detail: 'placement'` the binding views are
 * read only as far as planning needs.
 */
export function parseStatusTree(
  files: readonly { path: string; content: Buffer }[],
  sections: RecordSections,
  detail: TemplateDetail = 'full',
): ParsedStatusTree {
  const out: ParsedStatusTree = { clusters: [], templates: [], placements: [], quotas: [], warnings: [], records: {} };
  for (const { path, content } of files) {
    const warn: Warn = (message) => out.warnings.push(`${path}: ${message}`);
    if (readSectionFile(out, sections, path, content, warn)) continue;
    if (path === SUMMARY_FILE) {
      const summary = parseSummary(content);
      if (summary) out.summary = summary;
    } else if (path.startsWith('clusters/') && path.endsWith('.yaml')) {
      const cluster = parseClusterDocument(parseYaml(content, warn), warn, sections);
      if (cluster) out.clusters.push(cluster);
    } else if (path.startsWith('quotas/') && path.endsWith('.yaml')) {
      const quota = parseQuotaDocument(parseYaml(content, warn), warn);
      if (quota) out.quotas.push(quota);
    } else if (path.startsWith('resources/') && path.endsWith('.yaml')) {
      if (detail === 'placement') {
        const placement = parsePlacement(content, warn, sections);
        if (placement) out.placements.push(placement);
        continue;
      }
      const template = parseBindingDocument(parseYaml(content, warn), warn, sections);
      if (template) {
        out.templates.push(template);
        out.placements.push(placementOf(template));
      }
    }
  }
  return out;
}
