/**
 * The last step of a pass (semantics §7, issue 8): observe every member cluster, read back every
 * applied object, build each template's binding view and health, and commit it all to the
 * status branch (pushed for a remote repository). An unchanged fleet makes no commit.
 */
import { compareBytes, refKey, refOf } from '../model/index.ts';
import type { ClusterStatus, KubeObject } from '../model/index.ts';
import type { ClusterApplyResult, ObjectOutcome } from '../apply/events.ts';
import type { KubeClient } from '../apply/kube-client.ts';
import type { Rendered } from '../render/render-fleet.ts';
import { DEFAULT_COMMIT_AUTHOR, type OpenSourceOptions } from '../source/index.ts';
import {
  collectMemberObjects,
  commitMessage,
  computeClusterStatus,
  observeCluster,
  openStatusStore,
  publishStatus,
  statusFiles,
  templateStatus,
  type ClusterReport,
  type MemberObservation,
  type PublishResult,
  type StatusReport,
  type TemplateStatus,
} from '../status/index.ts';
import type { FleetSource } from './read-fleet.ts';

/** What the pass hands to the status step. */
export interface StatusStepInput {
  sourceOptions: OpenSourceOptions;
  source: FleetSource;
  rendered: Rendered;
  /** Per cluster, what the apply did. */
  applied: readonly ClusterApplyResult[];
  clients: ReadonlyMap<string, KubeClient | Error>;
  /** The last cluster snapshot (status branch): kept for clusters that cannot be reached now. */
  previousClusters: ReadonlyMap<string, ClusterStatus>;
}

/** Status step options (P16). */
export interface StatusStepOptions {
  /** The clock for `reconciledAt` and the commit time. @default () => new Date() */
  now: () => Date;
  /** Push rounds against racing writers on a remote. @default 5 */
  maxAttempts: number;
}

export const DEFAULT_STATUS_STEP_OPTIONS: Readonly<StatusStepOptions> = Object.freeze({ now: () => new Date(), maxAttempts: 5 });

export interface StatusStepResult extends PublishResult {
  report: StatusReport;
}

async function clusterReports(input: StatusStepInput, names: readonly string[]): Promise<ClusterReport[]> {
  return Promise.all(names.map(async (name) => {
    const client = input.clients.get(name);
    const observation = client === undefined || client instanceof Error ? { online: false, healthy: false } : await observeCluster(client);
    return { name, status: computeClusterStatus(observation, input.previousClusters.get(name)) };
  }));
}

/** Karmada's Work Applied condition from the apply outcome of one manifest. */
function applyState(outcome: ObjectOutcome | undefined, clusterError: Error | undefined, observed: KubeObject | undefined): Pick<MemberObservation, 'applied' | 'appliedMessage'> {
  if (clusterError) return { applied: false, appliedMessage: clusterError.message };
  switch (outcome?.action) {
    case 'created': case 'configured': case 'unchanged': return { applied: true };
    case 'conflict': case 'failed': return { applied: false, appliedMessage: outcome.error?.message ?? outcome.action };
    case 'suspended': return observed ? { applied: true } : { applied: false, appliedMessage: 'dispatching is suspended' };
    case 'skipped': return { applied: false, appliedMessage: 'skipped: an earlier apply stage failed' };
    default: return { applied: false, appliedMessage: 'not applied in this pass' };
  }
}

/** Per template refKey, one observation per cluster whose Work holds it. */
async function memberObservations(input: StatusStepInput): Promise<Map<string, MemberObservation[]>> {
  const byTemplate = new Map<string, MemberObservation[]>();
  await Promise.all([...input.rendered.works].map(async ([cluster, items]) => {
    const result = input.applied.find((r) => r.cluster === cluster);
    const outcomes = new Map(result?.objects.map((o) => [refKey(o.ref), o]) ?? []);
    const client = input.clients.get(cluster);
    const refs = items.map((i) => refOf(i.manifest));
    const live = client === undefined || client instanceof Error ? new Map<string, KubeObject>() : await collectMemberObjects(client, refs);
    const clusterError = result?.error ?? (client instanceof Error ? client : undefined);
    for (const item of items) {
      const key = refKey(refOf(item.manifest));
      const observed = live.get(key);
      const observation: MemberObservation = { clusterName: cluster, ...applyState(outcomes.get(key), clusterError, observed), ...(observed ? { observed } : {}) };
      const templateKey = refKey(item.template);
      const list = byTemplate.get(templateKey);
      if (list) list.push(observation);
      else byTemplate.set(templateKey, [observation]);
    }
  }));
  return byTemplate;
}

/** Every template that is propagated (claimed, or required as a dependency) or whose claim failed. */
async function templateReports(input: StatusStepInput): Promise<TemplateStatus[]> {
  const observations = await memberObservations(input);
  const out: TemplateStatus[] = [];
  for (const { template, claim, binding } of input.rendered.bindings) {
    const key = refKey(refOf(template.object));
    const required = input.rendered.requiredBy.get(key);
    if (binding === null && claim.error === undefined && required === undefined) continue;
    const expected = [...new Set([...(binding?.clusters.map((c) => c.name) ?? []), ...(required?.clusters ?? [])])];
    out.push(templateStatus({
      template: template.object,
      policy: binding?.policy ?? null,
      binding,
      ...(claim.error !== undefined ? { claimError: claim.error } : {}),
      expectedClusters: expected,
      observations: observations.get(key) ?? [],
    }, input.source.interpreter));
  }
  return out;
}

/** Observes, aggregates and publishes the status of one pass. */
export async function statusStep(input: StatusStepInput, options: Partial<StatusStepOptions> = {}): Promise<StatusStepResult> {
  const { now, maxAttempts } = { ...DEFAULT_STATUS_STEP_OPTIONS, ...options };
  const names = [...new Set([...input.source.fleet.clusters.map((c) => c.object.metadata.name), ...input.rendered.works.keys()])].sort(compareBytes);
  const [clusters, templates] = await Promise.all([clusterReports(input, names), templateReports(input)]);
  const when = now();
  const report: StatusReport = { sourceCommit: input.source.snapshot.commit, reconciledAt: when.toISOString(), clusters, templates };
  const branch = input.source.snapshot.config.statusBranch;
  // No fetch here: publishing fetches the remote's tip itself, every round.
  const target = await openStatusStore(input.sourceOptions, branch, { fetch: false });
  const published = await publishStatus(target, { files: statusFiles(report), message: commitMessage(report) }, {
    branch, maxAttempts,
    author: { ...DEFAULT_COMMIT_AUTHOR, timestamp: Math.floor(when.getTime() / 1000) },
  });
  return { ...published, report };
}
