import type { Diagnostic, KubeObject } from '../model/index.ts';
import { renderFleet } from '../render/render-fleet.ts';
import type { Rendered } from '../render/render-fleet.ts';
import { diffWorks } from '../render/works/diff-works.ts';
import type { ParseCache } from '../render/parse/parse-sources.ts';
import type { OpenSourceOptions } from '../source/index.ts';
import { planDocument } from './plan-document.ts';
import type { PlanDocument } from './plan-document.ts';
import { readFleet } from './read-fleet.ts';
import type { FleetSource } from './read-fleet.ts';

export interface PlanOptions {
  source: OpenSourceOptions;
  /**
   * A second revision to compare with: `changes` then holds the difference between the Work
   * rendered from it and the Work rendered from `source.ref` (no cluster needed).
   */
  base?: string;
  /**
   * Show Secret values in diffs.
   * @default false
   */
  showSecrets?: boolean;
}

export interface PlanResult {
  document: PlanDocument;
  source: FleetSource;
  rendered: Rendered;
  diagnostics: Diagnostic[];
}

async function renderAt(options: OpenSourceOptions, cache: ParseCache): Promise<{ source: FleetSource; rendered: Rendered }> {
  const source = await readFleet(options, cache);
  const rendered = renderFleet(source.fleet, source.interpreter, {
    sourceCommit: source.snapshot.commit,
    detect: {},
    previousSchedules: new Map(),
    observedClusters: new Map(),
  });
  return { source, rendered };
}

function manifestsOf(rendered: Rendered): Map<string, KubeObject[]> {
  return new Map([...rendered.works].map(([name, items]) => [name, items.map((i) => i.manifest)]));
}

/**
 * An offline plan: the Work every cluster would get from one commit, and with `base` what
 * changes against another commit. Cluster state comes from the repository (interfaces.md §1.1).
 */
export async function planOffline(options: PlanOptions): Promise<PlanResult> {
  const cache: ParseCache = new Map();
  const { source, rendered } = await renderAt(options.source, cache);
  const diagnostics = [...source.diagnostics, ...rendered.diagnostics];
  const document = planDocument(source.snapshot, rendered, diagnostics);
  if (options.base !== undefined) {
    const base = await renderAt({ ...options.source, ref: options.base }, cache);
    document.changes = diffWorks(manifestsOf(base.rendered), manifestsOf(rendered), { showSecrets: options.showSecrets ?? false });
  }
  return { document, source, rendered, diagnostics };
}
