/**
 * `plan` against live clusters: the offline plan, then per cluster a server-side dry-run of its
 * Work compared with what the cluster holds, into `changes` (README.md#flotilla-plan) with unified
 * diffs, Secret values masked. Cluster state for scheduling is the declared one (the status
 * branch or the Cluster files), as in the offline plan, but for Pull members: their agents' reports,
 * as `apply` reads them.
 */
import { compareBytes, compareDiagnostics, describeRef, pullMemberNames, refKey } from '../../model/index.ts';
import type { Diagnostic, Origin, Cluster } from '../../model/index.ts';
import { connectFleet, diffable, planCluster, describeSkip } from '../../apply/index.ts';
import type { ClusterAccess, KubeClient, ClusterLivePlan, PruneSettings } from '../../apply/index.ts';
import { unifiedDiff } from '../../render/index.ts';
import type { ObjectChange, Works } from '../../render/index.ts';
import { pruneSettings } from '../pass/apply-step.ts';
import { planPullMember, pullChanges } from './pull-plan.ts';
import type { PlanPullMember } from './pull-plan.ts';
import { planOffline } from './plan.ts';
import type { PlanOptions, PlanResult } from './plan.ts';

export interface LivePlanOptions extends Omit<PlanOptions, 'base'> {
  access: ClusterAccess;
  /** Prune settings from flags; `enabled` only decides the wording, deletions are always shown. */
  prune?: Partial<PruneSettings>;
  /** The inventory ConfigMap's name. @default 'flotilla-inventory' */
  inventoryName?: string;
  /** Told as each member's dry-run ends (its name, and whether it could be read), for progress on a terminal. */
  onClusterDone?: (cluster: string, read: boolean) => void;
}

export interface LivePlanResult extends PlanResult {
  clusterPlans: ClusterLivePlan[];
  /** The clients the plan read the clusters with, for an apply that follows it. */
  clients: Map<string, KubeClient | Error>;
  pruneEnabled: boolean;
}

/** Every cluster a pass works on, in name order: the fleet's, plus any the Work names (an empty Work may still have objects to prune). */
export function passClusterNames(clusters: readonly { object: Cluster }[], works: Works): string[] {
  return [...new Set([...clusters.map((c) => c.object.metadata.name), ...works.keys()])].sort(compareBytes);
}

const ACTION = {
  create: 'create',
  update: 'update',
  unchanged: 'unchanged',
  conflict: 'unchanged',
  suspended: 'unchanged',
  skipped: 'unchanged',
  failed: 'unchanged',
} as const;

const NO_ORIGIN: Origin = { file: '', line: 0, column: 0 };

function changesOf(plan: ClusterLivePlan, showSecrets: boolean): ObjectChange[] {
  const out = plan.objects.map(
    (o): ObjectChange => ({
      action: ACTION[o.action],
      apiVersion: o.ref.apiVersion,
      kind: o.ref.kind,
      namespace: o.ref.namespace,
      name: o.ref.name,
      diff:
        o.action === 'create' || o.action === 'update'
          ? unifiedDiff(refKey(o.ref), o.before, o.after, { showSecrets })
          : '',
    }),
  );
  for (const c of plan.prune?.deletes ?? []) {
    out.push({
      action: 'delete',
      ...c.ref,
      diff: unifiedDiff(refKey(c.ref), diffable(c.live), undefined, { showSecrets }),
    });
  }
  return out;
}

function diagnosticsOf(plan: ClusterLivePlan, at: Origin): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (plan.error)
    out.push({ ...at, severity: 'error', object: `Cluster/${plan.cluster}`, message: plan.error.message });
  for (const o of plan.objects) {
    if (o.error) out.push({ ...at, severity: 'error', object: describeRef(o.ref), message: o.error.message });
  }
  if (plan.prune?.blocked)
    out.push({ ...at, severity: 'warning', object: `Cluster/${plan.cluster}`, message: plan.prune.blocked.message });
  for (const skip of plan.prune?.skipped ?? []) {
    if (skip.filter === 'namespace-foreign-objects')
      out.push({
        ...at,
        severity: 'warning',
        object: `Cluster/${plan.cluster}`,
        message: `cluster ${plan.cluster}: ${describeSkip(skip)}`,
      });
  }
  return out;
}

/** The plan with `changes` from every reachable cluster; an unreachable cluster is absent from them and an error diagnostic. */
export async function planLive(options: LivePlanOptions): Promise<LivePlanResult> {
  // The Pull members' reports are read before the render, so they are scheduled as apply schedules them.
  const result = await planOffline({
    source: options.source,
    agentReports: true,
    connect: (clusters) => connectFleet(clusters, options.access),
    ...(options.showSecrets !== undefined ? { showSecrets: options.showSecrets } : {}),
  });
  const { fleet } = result.source;
  const prune = pruneSettings(
    result.source,
    { ...options.prune, enabled: true },
    result.diagnostics.some((d) => d.severity === 'error'),
  );
  // A Pull member is never contacted: its changes come from its agent's report.
  const pull = new Set(pullMemberNames(fleet.clusters));
  const clients = await connectFleet(
    fleet.clusters.map((c) => c.object).filter((c) => !pull.has(c.metadata.name)),
    options.access,
  );
  const reports = result.agentReports ?? new Map();
  const retain = result.source.interpreter.retain.bind(result.source.interpreter);
  const names = passClusterNames(fleet.clusters, result.rendered.works);
  const { holds } = result.controllers.afterRender({
    now: Date.now(),
    fleet,
    bindings: result.rendered.bindings,
    complete: !result.diagnostics.some((d) => d.severity === 'error'),
    clusters: names,
  });
  const clusterPlans = await Promise.all(
    names
      .filter((name) => !pull.has(name))
      .map(async (name): Promise<ClusterLivePlan> => {
        const plan = await planOne(name);
        options.onClusterDone?.(name, !plan.error);
        return plan;
      }),
  );
  async function planOne(name: string): Promise<ClusterLivePlan> {
    const client = clients.get(name);
    if (!client || client instanceof Error)
      return { cluster: name, objects: [], error: client ?? new Error(`cluster ${name}: no client`) };
    return planCluster(
      client,
      (result.rendered.works.get(name) ?? []).filter((i) => !holds.waiting.has(refKey(i.template))),
      { retain, concurrency: 16, prune, ...(options.inventoryName ? { inventoryName: options.inventoryName } : {}) },
      holds.kept.get(name),
    );
  }
  const changes: Record<string, ObjectChange[]> = {};
  for (const plan of clusterPlans) {
    // A member that could not be read has no changes to show: absent, never an empty list that reads as "none".
    if (!plan.error) changes[plan.cluster] = changesOf(plan, options.showSecrets ?? false);
    const origin = fleet.clusters.find((c) => c.object.metadata.name === plan.cluster)?.origin ?? NO_ORIGIN;
    result.diagnostics.push(...diagnosticsOf(plan, origin));
  }
  const pullMembers: Record<string, PlanPullMember> = {};
  for (const name of names.filter((n) => pull.has(n))) {
    const items = (result.rendered.works.get(name) ?? []).filter((i) => !holds.waiting.has(refKey(i.template)));
    const planned = pullChanges(name, items, reports.get(name), holds.kept.get(name) ?? new Map(), {
      prune,
      showSecrets: options.showSecrets ?? false,
    });
    changes[name] = planned.changes;
    pullMembers[name] = planPullMember(reports.get(name), name);
    if (planned.pruneBlocked) {
      const origin = fleet.clusters.find((c) => c.object.metadata.name === name)?.origin ?? NO_ORIGIN;
      const message = planned.pruneBlocked.message;
      result.diagnostics.push({ ...origin, severity: 'warning', object: `Cluster/${name}`, message });
    }
  }
  result.document.changes = Object.fromEntries(Object.entries(changes).sort(([a], [b]) => compareBytes(a, b)));
  if (pull.size > 0) result.document.pullMembers = pullMembers;
  result.document.diagnostics = [...result.diagnostics].sort(compareDiagnostics);
  return {
    ...result,
    clusterPlans,
    clients,
    pruneEnabled: options.prune?.enabled ?? result.source.snapshot.config.prune.enabled,
  };
}
