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

/** Where a template was placed and by which policy: what the next pass's scheduler needs. */
export type TemplatePlacement = Pick<TemplateStatus, 'resource' | 'policy' | 'replicas' | 'clusters' | 'affinityName'>;

/** How much of each binding view to parse: all of it, or only its placement (a quarter of the text). */
export type TemplateDetail = 'full' | 'placement';

/** What a status branch commit says, parsed. Files that do not parse are skipped, not fatal. */
export interface ParsedStatusTree {
  summary?: StatusSummary;
  clusters: ClusterReport[];
  /** Every binding view in full; empty when only placements were read. */
  templates: TemplateStatus[];
  /** Every template's placement, in both modes. */
  placements: TemplatePlacement[];
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

function placementOf(t: TemplateStatus): TemplatePlacement {
  return { resource: t.resource, policy: t.policy, replicas: t.replicas, clusters: t.clusters, ...(t.affinityName ? { affinityName: t.affinityName } : {}) };
}

const AFFINITY_LINE = /\n {2}schedulerObservingAffinityName: (.+)\n/;

/**
 * A binding view's placement without parsing its status: the files are ours, written with sorted
 * keys, so `status:` is the last top-level key and everything the scheduler needs but the
 * affinity name comes before it.
 */
function parsePlacement(content: Buffer): TemplatePlacement | undefined {
  const text = content.toString('utf8');
  const cut = text.indexOf('\nstatus:');
  const head = parseYaml(Buffer.from(cut < 0 ? text : text.slice(0, cut + 1)));
  const affinity = cut < 0 ? undefined : AFFINITY_LINE.exec(text.slice(cut))?.[1];
  const name = affinity?.startsWith('"') ? (JSON.parse(affinity) as string) : affinity;
  const doc = isRecord(head) ? { ...head, status: name ? { schedulerObservingAffinityName: name } : {} } : undefined;
  const parsed = parseBindingDocument(doc);
  return parsed && placementOf(parsed);
}

/**
 * Reads the files of a status branch commit (paths relative to its root) back into data; with
 * `detail: 'placement'` the binding views are read only as far as planning needs.
 */
export function parseStatusTree(files: readonly { path: string; content: Buffer }[], detail: TemplateDetail = 'full'): ParsedStatusTree {
  const out: ParsedStatusTree = { clusters: [], templates: [], placements: [] };
  for (const { path, content } of files) {
    if (path === SUMMARY_FILE) {
      const summary = parseSummary(content);
      if (summary) out.summary = summary;
    } else if (path.startsWith('clusters/') && path.endsWith('.yaml')) {
      const cluster = parseClusterDocument(parseYaml(content));
      if (cluster) out.clusters.push(cluster);
    } else if (path.startsWith('resources/') && path.endsWith('.yaml')) {
      if (detail === 'placement') {
        const placement = parsePlacement(content);
        if (placement) out.placements.push(placement);
        continue;
      }
      const template = parseBindingDocument(parseYaml(content));
      if (template) {
        out.templates.push(template);
        out.placements.push(placementOf(template));
      }
    }
  }
  return out;
}
