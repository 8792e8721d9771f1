/**
 * The last step of a pass (docs/karmada-compatibility.md#status, issue 8): observe every member cluster, read back
 * every applied object, build each template's binding view and health, and commit it all, with the run
 * loop's failover, to the status branch (pushed for a remote repository). An unchanged fleet makes no commit.
 */
import { compareBytes, refKey, refOf } from '../../model/index.ts';
import type { AggregatedStatusItem, ClusterStatus } from '../../model/index.ts';
import type { ClusterApplyResult, KubeClient } from '../../apply/index.ts';
import type { Rendered } from '../../render/index.ts';
import { DEFAULT_COMMIT_AUTHOR, publishedRoots, type OpenSourceOptions } from '../../source/index.ts';
import {
  commitMessage,
  federatedQuotaStatus,
  openStatusStore,
  publishStatus,
  memberStatusItem,
  quotaPath,
  mergeShardClusters,
  mergeShardMembers,
  readStatusCommit,
  renderedFrom,
  heldBackPrunes,
  unhealthyReasons,
  scriptTimeoutProblems,
  shardTipPaths,
  statusFiles,
  templateStatusFromItems,
  withShardQuotaMembers,
  type ClusterReport,
  type FederatedQuotaReport,
  type MemberObservation,
  type OwnsMember,
  type ParsedStatusTree,
  type PublishResult,
  type SectionRecords,
  type StatusCommit,
  type StatusComposer,
  type StatusReport,
  type TemplateItemsInput,
  type TemplateStatus,
  type AgentReports,
} from '../../status/index.ts';
import { RECORD_SECTIONS } from '../../controllers/index.ts';
import { splitMembers, type MemberObserver } from './channels/member-channel.ts';
import { pullObserver } from './channels/pull-status.ts';
import { pushObserver } from './channels/push-status.ts';
import type { ResourceInterpreter } from '../../interpreter/index.ts';
import type { FleetSource } from './read-fleet.ts';

/** What the pass hands to the status step. */
export interface StatusStepInput {
  sourceOptions: OpenSourceOptions;
  source: FleetSource;
  rendered: Rendered;
  /** Per cluster, what the apply did (a Pull member's as its agent reported it). */
  applied: readonly ClusterApplyResult[];
  clients: ReadonlyMap<string, KubeClient | Error>;
  /** The last cluster snapshot (status branch): kept for clusters that cannot be reached now. */
  previousClusters: ReadonlyMap<string, ClusterStatus>;
  /**
   * The members this replica observes, when replicas share the fleet (`run --shards`): only they
   * are read, and the other members' part of the status is merged from the branch's tip
   * (status/shard-status.ts). Absent: this replica observes and writes every member.
   */
  owns?: OwnsMember;
  /**
   * The controllers' own records as the pass left them, by record section (controllers/registry.ts):
   * their files, and what their sections' hooks add to the cluster and binding documents (failover's
   * taints and eviction tasks, recorded so that a restarted loop resumes them). Absent: none.
   */
  records?: SectionRecords;
  /** The Pull members' reports: a Pull member's status is its agent's, never observed by the hub. */
  agentReports?: AgentReports;
}

/** Status step options. */
export interface StatusStepOptions {
  /** The clock for `reconciledAt` and the commit time. @default () => new Date() */
  now: () => Date;
  /** Push rounds against racing writers on a remote. @default 5 */
  maxAttempts: number;
}

export const DEFAULT_STATUS_STEP_OPTIONS: Readonly<StatusStepOptions> = Object.freeze({
  now: () => new Date(),
  maxAttempts: 5,
});

export interface StatusStepResult extends PublishResult {
  report: StatusReport;
}

/** This replica's members' cluster documents, each from its channel's observer, with the sections' fields and held-back prunes. */
async function clusterReports(
  input: StatusStepInput,
  names: readonly string[],
  observers: readonly MemberObserver[],
): Promise<ClusterReport[]> {
  const byMember = new Map(observers.flatMap((o) => o.members.map((m) => [m, o] as const)));
  return Promise.all(
    names.flatMap((name) => {
      const observer = byMember.get(name);
      if (observer === undefined) return [];
      const held = heldBackPrunes(input.applied.find((r) => r.cluster === name));
      return [
        observer.cluster(name).then((c) => ({
          ...c,
          ...sectionClusterFields(input.records, name),
          ...(held.length > 0 ? { heldBackPrunes: held } : {}),
        })),
      ];
    }),
  );
}

/** What every channel observed of its members' Works, joined per template refKey. */
async function channelObservations(input: StatusStepInput, observers: readonly MemberObserver[]) {
  const observations = new Map<string, MemberObservation[]>();
  const reported = new Map<string, AggregatedStatusItem[]>();
  for (const seen of await Promise.all(observers.map((o) => o.observe(input.rendered.works)))) {
    for (const [key, list] of seen.observations) observations.set(key, [...(observations.get(key) ?? []), ...list]);
    for (const [key, list] of seen.reported) reported.set(key, [...(reported.get(key) ?? []), ...list]);
  }
  return { observations, reported };
}

/** Per template refKey, the clusters whose Work holds it (in this render). */
function holdersOf(rendered: Rendered): Map<string, string[]> {
  const holders = new Map<string, string[]>();
  for (const [cluster, items] of rendered.works) {
    for (const key of new Set(items.map((i) => refKey(i.template)))) {
      const list = holders.get(key);
      if (list) list.push(cluster);
      else holders.set(key, [cluster]);
    }
  }
  return holders;
}

/** A template's status input with the observed members' items, and every member holding it. */
interface TemplatePart {
  input: TemplateItemsInput;
  holders: readonly string[];
}

/** Per template refKey, the members' observations of its manifests. */
type Observations = ReadonlyMap<string, MemberObservation[]>;

/** Every template that is propagated (claimed, or required as a dependency) or whose claim failed. */
function templateReports(
  input: StatusStepInput,
  observations: Observations,
  reported: ReadonlyMap<string, AggregatedStatusItem[]>,
): TemplatePart[] {
  const holders = holdersOf(input.rendered);
  const out: TemplatePart[] = [];
  for (const { template, claim, binding } of input.rendered.bindings) {
    const key = refKey(refOf(template.object));
    const required = input.rendered.requiredBy.get(key);
    if (binding === null && claim.error === undefined && required === undefined) continue;
    const expected = [...new Set([...(binding?.clusters.map((c) => c.name) ?? []), ...(required?.clusters ?? [])])];
    out.push({
      input: {
        template: template.object,
        policy: binding?.policy ?? null,
        binding,
        ...(claim.error !== undefined ? { claimError: claim.error } : {}),
        expectedClusters: expected,
        ...renderedFrom(template.origin),
        unhealthyReasons: unhealthyReasons(observations.get(key) ?? []),
        items: [
          ...(observations.get(key) ?? []).map((o) => memberStatusItem(o, input.source.interpreter)),
          ...(reported.get(key) ?? []),
        ],
      },
      holders: holders.get(key) ?? [],
    });
  }
  return out;
}

/** The record of each section that has one in `records`, with its section. */
function recordedSections(records: SectionRecords | undefined) {
  return RECORD_SECTIONS.flatMap((section) => {
    const record = records?.[section.name];
    return record === undefined ? [] : [{ section, record }];
  });
}

/** What the sections add to a member's cluster report from their records (failover: its taints). */
function sectionClusterFields(records: SectionRecords | undefined, cluster: string): Partial<ClusterReport> {
  return Object.assign(
    {},
    ...recordedSections(records).map(({ section, record }) => section.clusterReport?.(record, cluster)),
  );
}

/**
 * The members a template's binding document has entries of: those holding it, and those the
 * sections' records name (failover: the members its eviction tasks keep out).
 */
function concernedMembers(part: TemplatePart, records: SectionRecords | undefined): string[] {
  const key = refKey(refOf(part.input.template));
  return [
    ...part.holders,
    ...recordedSections(records).flatMap(({ section, record }) => section.concernedMembers?.(record, key) ?? []),
  ];
}

/** A template's status with what the sections add to it from their records (failover: its eviction tasks). */
function withSectionFields(status: TemplateStatus, records: SectionRecords | undefined): TemplateStatus {
  return recordedSections(records).reduce(
    (decorated, { section, record }) => section.templateStatus?.(record, decorated) ?? decorated,
    status,
  );
}

/** Every FederatedResourceQuota's status from its members' ResourceQuotas, which are items of their Works. */
function quotaReports(
  input: StatusStepInput,
  observations: Observations,
  reported: ReadonlyMap<string, AggregatedStatusItem[]>,
): FederatedQuotaReport[] {
  return input.source.fleet.federatedResourceQuotas.map(({ object }) => {
    const key = refKey(refOf(object));
    // A Pull member's ResourceQuota status is what its agent reflected of it (its whole status).
    const pulled = (reported.get(key) ?? []).map(
      (item): MemberObservation => ({
        clusterName: item.clusterName,
        applied: item.applied ?? false,
        ...(item.status
          ? { observed: { apiVersion: 'v1', kind: 'ResourceQuota', metadata: {}, status: item.status } }
          : {}),
      }),
    );
    return federatedQuotaStatus(object, [...(observations.get(key) ?? []), ...pulled]);
  });
}

/** What this replica observed: every member's name, and the reports and items of those it observes. */
interface Observed {
  names: readonly string[];
  clusters: ClusterReport[];
  templates: TemplatePart[];
  quotas: FederatedQuotaReport[];
}

/** The report of this replica alone, or, sharded, merged with the other replicas' part from `tip`. */
function mergedReport(
  head: Pick<StatusReport, 'sourceCommit' | 'reconciledAt'>,
  own: Observed,
  owns: OwnsMember | undefined,
  tip: ParsedStatusTree,
  interpreter: ResourceInterpreter,
  records: SectionRecords | undefined,
): StatusReport {
  const tipTemplates = new Map(tip.templates.map((t) => [refKey(t.resource), t]));
  const tipQuotas = new Map(tip.quotas.map((q) => [refKey(q.resource), q]));
  return {
    ...head,
    ...(own.quotas.length > 0
      ? {
          quotas: own.quotas.map((q) => (owns ? withShardQuotaMembers(q, owns, tipQuotas.get(refKey(q.resource))) : q)),
        }
      : {}),
    clusters: owns ? mergeShardClusters(own.names, owns, own.clusters, tip.clusters) : own.clusters,
    templates: own.templates.map((p) => {
      const theirs = tipTemplates.get(refKey(refOf(p.input.template)));
      const items = owns
        ? mergeShardMembers(p.holders, owns, p.input.items, theirs?.aggregatedStatus ?? [])
        : p.input.items;
      const computed = templateStatusFromItems({ ...p.input, items }, interpreter);
      // After AggregateStatus, which may have timed out too.
      const timedOut = scriptTimeoutProblems(interpreter.scriptTimeouts?.() ?? [], p.input.template);
      const status = timedOut.length === 0 ? computed : { ...computed, problems: [...computed.problems, ...timedOut] };
      const recorded = withSectionFields(status, records);
      if (!owns) return recorded;
      return RECORD_SECTIONS.reduce(
        (merged, section) => section.fields?.mergeShard(merged, p.holders, owns, theirs) ?? merged,
        recorded,
      );
    }),
  };
}

/** Each channel's observer of this replica's members: the channel a member delivers through observes it. */
function memberObservers(input: StatusStepInput, owned: readonly string[], now: number): MemberObserver[] {
  const { push, pull } = splitMembers(owned, input.source.fleet.clusters, input.owns ?? (() => true));
  return [
    pushObserver(push.owned, input),
    pullObserver(pull.clusters, input.agentReports, input.previousClusters, now),
  ];
}

/** Observes, aggregates and publishes the status of one pass. */
export async function statusStep(
  input: StatusStepInput,
  options: Partial<StatusStepOptions> = {},
): Promise<StatusStepResult> {
  const { now, maxAttempts } = { ...DEFAULT_STATUS_STEP_OPTIONS, ...options };
  const { owns } = input;
  const names = [
    ...new Set([...input.source.fleet.clusters.map((c) => c.object.metadata.name), ...input.rendered.works.keys()]),
  ].sort(compareBytes);
  const observers = memberObservers(input, owns ? names.filter(owns) : names, now().getTime());
  const [clusters, { observations, reported }] = await Promise.all([
    clusterReports(input, names, observers),
    channelObservations(input, observers),
  ]);
  const templates = templateReports(input, observations, reported);
  const own: Observed = { names, clusters, templates, quotas: quotaReports(input, observations, reported) };
  const when = now();
  const head = { sourceCommit: input.source.snapshot.commit, reconciledAt: when.toISOString() };
  const tipPaths = owns
    ? shardTipPaths(
        names,
        templates.map((p) => ({ resource: refOf(p.input.template), members: concernedMembers(p, input.records) })),
        owns,
      )
    : new Set<string>();
  if (owns) for (const quota of own.quotas) tipPaths.add(quotaPath(quota.resource));
  // Called again on every round lost to another writer: the merge is redone on the tip that won.
  const compose: StatusComposer<StatusCommit & { report: StatusReport }> = async (base) => {
    const tip =
      base.commit === undefined || tipPaths.size === 0
        ? NO_TIP
        : await readStatusCommit(base.store, base.commit, RECORD_SECTIONS, (path) => tipPaths.has(path));
    const merged = mergedReport(head, own, owns, tip, input.source.interpreter, input.records);
    const records = input.records ?? {};
    const report = {
      ...merged,
      ...(Object.keys(records).length > 0 ? { records } : {}),
      ...renderRecord(input.source.snapshot),
    };
    return { files: statusFiles(report, RECORD_SECTIONS), message: commitMessage(report), report };
  };
  const branch = input.source.snapshot.config.statusBranch;
  // No fetch here: publishing fetches the remote's tip itself, every round.
  const target = await openStatusStore(input.sourceOptions, branch, { fetch: false });
  const { content, ...published } = await publishStatus(target, compose, {
    branch,
    maxAttempts,
    author: { ...DEFAULT_COMMIT_AUTHOR, timestamp: Math.floor(when.getTime() / 1000) },
  });
  return { ...published, report: content.report };
}

const NO_TIP: ParsedStatusTree = Object.freeze({
  clusters: [],
  templates: [],
  placements: [],
  quotas: [],
  warnings: [],
  records: {},
});

/** The render roots and the programs' versions, recorded in summary.json when the fleet has roots. */
function renderRecord(snapshot: StatusStepInput['source']['snapshot']): Pick<StatusReport, 'render'> {
  if (!snapshot.roots?.length) return {};
  return { render: { tools: snapshot.renderTools ?? null, roots: publishedRoots(snapshot.roots) } };
}
