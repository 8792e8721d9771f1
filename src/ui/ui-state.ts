/**
 * One version of what the web view shows: the source rendered at a commit (as `plan` renders it)
 * beside the status branch at its tip, indexed once so that every page request is a lookup.
 */
import type { Diagnostic, KubeObject, ObjectRef } from '../model/index.ts';
import { groupOf, isSecretObject, refKey, refOf } from '../model/index.ts';
import type { PlanDocument } from '../reconcile/index.ts';
import { planDocument } from '../reconcile/index.ts';
import type { FleetSource } from '../reconcile/index.ts';
import type { PreviousSchedule } from '../render/index.ts';
import type { Rendered } from '../render/index.ts';
import type { Snapshot } from '../source/index.ts';
import type { StatusBranchView, TemplateStatus } from '../status/index.ts';

/**
 * What the views read of a read source: not its files nor their parses (YAML documents, line
 * indexes), which a state would otherwise keep alive for as long as it is shown.
 */
export type ViewSource = Pick<FleetSource, 'fleet' | 'interpreter'> & { snapshot: Omit<Snapshot, 'files'> };

/** Only the parts of `source` the views read, so the rest can be collected. */
export function viewSource(source: FleetSource): ViewSource {
  const { files: _files, ...snapshot } = source.snapshot;
  return { fleet: source.fleet, interpreter: source.interpreter, snapshot };
}

/** What a state is built from: a render (by `ui` or by the reconciler's pass) and the status branch. */
export interface UiInput {
  source: ViewSource;
  rendered: Rendered;
  diagnostics: Diagnostic[];
  previousSchedules: ReadonlyMap<string, PreviousSchedule>;
  status: StatusBranchView | undefined;
  /** The render's plan document when the caller has it (`plan` builds one), so it is not built twice. */
  document?: PlanDocument;
}

/** A template, placed and observed: one row of the placement matrix. */
export interface TemplateRow {
  /** `<group or core>/<kind>/<namespace or _cluster>/<name>`: the status branch's path, and the permalink. */
  id: string;
  resource: ObjectRef;
  labels: Record<string, string>;
  /** The status branch's health; `Pending` while it has none for the template. */
  health: string;
  /** Whether the kind has replicas: a cell of a kind without shows that it is placed, not a count. */
  hasReplicas: boolean;
  /** Desired replicas per cluster (the scheduling result, or the dependency's clusters with 0). */
  placed: Map<string, number>;
  status?: TemplateStatus;
}

export interface UiState {
  /** Changes whenever the source commit or the status commit does. */
  version: string;
  input: UiInput;
  document: PlanDocument;
  rows: TemplateRow[];
  byId: Map<string, TemplateRow>;
  /** Every Secret of the source and of the Work, whose values no response may carry. */
  secrets: KubeObject[];
}

/** The template's id: its status-branch path without `resources/` and `.yaml`. */
export function templateId(ref: ObjectRef): string {
  return `${groupOf(ref.apiVersion) || 'core'}/${ref.kind}/${ref.namespace || '_cluster'}/${ref.name}`;
}

/** The rows' placement from the render: what a status-only move leaves as it was. */
function placedRows(input: UiInput, document: PlanDocument): TemplateRow[] {
  const labelsByKey = new Map(
    input.source.fleet.templates.map(({ object: t }) => [refKey(refOf(t)), t.metadata.labels ?? {}]),
  );
  return document.bindings.map((b) => {
    const placed = new Map(b.clusters.map((c) => [c.name, c.replicas ?? 0]));
    for (const cluster of b.requiredBy?.clusters ?? []) if (!placed.has(cluster)) placed.set(cluster, 0);
    return {
      id: templateId(b.resource),
      resource: b.resource,
      labels: labelsByKey.get(refKey(b.resource)) ?? {},
      hasReplicas: b.hasReplicas,
      health: 'Pending',
      placed,
    };
  });
}

/**
 * The rows with the status branch's health and status; the placement of `placed` is shared, not
 * copied, so a status-only move (the live view's path) neither rebuilds nor holds it twice.
 */
function rowsOf(input: UiInput, placed: readonly TemplateRow[]): TemplateRow[] {
  const statusByKey = new Map((input.status?.templates ?? []).map((t) => [refKey(t.resource), t]));
  return placed.map(({ status: _old, ...row }) => {
    const status = statusByKey.get(refKey(row.resource));
    return { ...row, health: status?.health ?? 'Pending', ...(status ? { status } : {}) };
  });
}

/**
 * Indexes one render and one status branch tip; given the state of the same render (only the
 * status moved), its plan document and Secrets are kept rather than built again.
 */
export function uiState(input: UiInput, sameRender?: UiState): UiState {
  const reuse = sameRender?.input.rendered === input.rendered ? sameRender : undefined;
  const document =
    reuse?.document ??
    input.document ??
    planDocument(input.source.snapshot, input.rendered, input.source.interpreter, input.diagnostics);
  const rows = rowsOf(input, reuse?.rows ?? placedRows(input, document));
  const secrets = reuse?.secrets ?? [
    ...input.source.fleet.templates.map((t) => t.object).filter(isSecretObject),
    ...Object.values(document.works).flatMap((list) => list.filter(isSecretObject)),
  ];
  return {
    version: `${input.source.snapshot.commit}:${input.status?.commit ?? 'none'}`,
    input,
    document,
    rows,
    byId: new Map(rows.map((r) => [r.id, r])),
    secrets,
  };
}
