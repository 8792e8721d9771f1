/**
 * The template view as data: what `explain` says, each cluster's manifest after overrides (Secret
 * values masked as `plan` masks them), each cluster's status, its dependencies, and its history
 * on the status branch (read by the caller, who has the repository).
 */
import { stringify } from 'yaml';
import type { AggregatedStatusItem, Condition, ObjectRef } from '../model/index.ts';
import { refKey } from '../model/index.ts';
import { type Explanation, explainTemplate } from '../render/index.ts';
import { maskSecret } from '../render/index.ts';
import type { UiState } from './ui-state.ts';

/** One status-branch commit that changed the template's binding view. */
export interface HistoryEntry {
  commit: string;
  /** RFC 3339. */
  at: string;
  subject: string;
  sourceCommit: string;
}

export interface TemplateView {
  version: string;
  id: string;
  resource: ObjectRef;
  health: string;
  explanation: Explanation | null;
  /** Per cluster, the manifest it gets, as YAML. */
  manifests: { cluster: string; yaml: string }[];
  status: {
    conditions: Condition[];
    members: AggregatedStatusItem[];
    aggregated: Record<string, unknown> | null;
    problems: string[];
  } | null;
  dependencies: { requiredBy: string[]; clusters: string[] };
  history: HistoryEntry[];
}

/** The template view; undefined when no template has that id. */
export function templateView(state: UiState, id: string, history: HistoryEntry[]): TemplateView | undefined {
  const row = state.byId.get(id);
  if (row === undefined) return undefined;
  const key = refKey(row.resource);
  const input = state.input;
  const explanation =
    explainTemplate(key, {
      fleet: input.source.fleet,
      interpreter: input.source.interpreter,
      rendered: input.rendered,
      previousSchedules: input.previousSchedules,
    }) ?? null;
  const manifests = [...input.rendered.works].flatMap(([cluster, items]) =>
    items
      .filter((i) => refKey(i.template) === key)
      .map((i) => ({ cluster, yaml: stringify(maskSecret(i.manifest), { lineWidth: 0 }) })),
  );
  const required = input.rendered.requiredBy.get(key);
  const status = row.status;
  return {
    version: state.version,
    id,
    resource: row.resource,
    health: row.health,
    explanation,
    manifests: manifests.sort((a, b) => a.cluster.localeCompare(b.cluster)),
    status: status
      ? {
          conditions: status.conditions,
          members: status.aggregatedStatus,
          aggregated: status.resourceStatus ?? null,
          problems: status.problems,
        }
      : null,
    dependencies: { requiredBy: required?.requiredBy ?? [], clusters: required?.clusters ?? [] },
    history,
  };
}
