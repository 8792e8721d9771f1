/**
 * One round of `flotilla agent` (docs/karmada-compatibility.md#pull-mode): read the works branch
 * (for a remote, one fetch), and only when this member's folder changed since the last good apply
 * (or the last one failed, or a resync is due) apply it with the engine `apply` uses — staged
 * server-side apply, the inventory and its Lease, safe prune as work.json allows. When it applied,
 * or a heartbeat is due, observe the cluster and the Work's objects with the status step's code and
 * publish the report to the agent's own branch. A round with nothing new costs the fetch and
 * nothing else: no request to the member, no commit.
 */
import { refOf } from '../model/index.ts';
import type { ClusterStatus, KubeObject } from '../model/index.ts';
import {
  applyCluster,
  DEFAULT_APPLY_OPTIONS,
  entryRef,
  readInventory,
  objectId,
  memberDeadline,
} from '../apply/index.ts';
import type { ApplyEvent, ClusterApplyResult, InventoryLockOptions, KubeClient } from '../apply/index.ts';
import { createInterpreter } from '../interpreter/index.ts';
import type { ResourceInterpreter } from '../interpreter/index.ts';
import { commitSignatureProblem } from '../source/index.ts';
import type { GitStore, OpenSourceOptions } from '../source/index.ts';
import {
  agentReport,
  collectMemberObjects,
  computeClusterStatus,
  DEFAULT_READY_THRESHOLDS,
  folderKey,
  observeCluster,
  openStatusStore,
  publishReport,
  readClusterWork,
  readWorksMembers,
  thresholdReady,
} from '../status/index.ts';
import type { ClusterWork, ReadyStreak, ReadyThresholds } from '../status/index.ts';
import { agentWork, observedApply } from './agent-work.ts';
import { guardTenants } from './tenant-guard.ts';

/** What an agent is configured with. */
export interface AgentOptions {
  cluster: string;
  /** The fleet repository holding the works branch and the agent's own branch. */
  source: OpenSourceOptions;
  worksBranch: string;
  client: KubeClient;
  inventoryName: string;
  lock: Partial<InventoryLockOptions>;
  /** `--heartbeat`: a report at least this often. */
  heartbeatMs: number;
  /** `--resync`: the Work is applied again this often although it did not change (drift); 0 never. */
  resyncMs: number;
  /** Each round's deadline for the member (`--member-timeout`). */
  memberTimeoutMs: number;
  /** This agent as its report and the inventory Lease name it. */
  holder: string;
  /** `--report-only`: another tool applies the folder; the agent observes and reports. */
  reportOnly?: boolean;
  /** `--cluster-failure-threshold`, `--cluster-success-threshold`: how long a change of Ready must last. */
  readyThresholds?: ReadyThresholds;
  /**
   * `--works-verify-key`: an SSH public key or allowed-signers file; a works commit not signed by
   * it is refused (nothing applied or pruned). Absent, commits are not checked.
   */
  worksVerifyKey?: string;
  onEvent: (event: ApplyEvent) => void;
}

/** What a round did. */
export interface RoundResult {
  /** The works commit read; absent when the branch does not exist. */
  worksCommit?: string;
  applied?: ClusterApplyResult;
  /** Whether a report was published (a commit on the agent's branch). */
  reported: boolean;
  /** Why nothing was applied, when the round could not apply. */
  error?: string;
  /** The round applied and everything went through (prune blocked only by work.json counts as fine). */
  ok: boolean;
}

interface Applied {
  key: string;
  work: ClusterWork;
  /** What the apply did; absent with `reportOnly`, where the report's observation stands for it. */
  result?: ClusterApplyResult;
  at: number;
  failed: boolean;
  /** Manifests held back as outside their tenant's grant: the round's error while the folder has them. */
  refused?: string[];
}

const toMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** One agent's rounds, with what it remembers between them. */
export class AgentRounds {
  readonly #o: AgentOptions;
  #applied: Applied | undefined;
  #status: ClusterStatus | undefined;
  #readyStreak: ReadyStreak | undefined;
  #reportedAt: number | undefined;
  #reportedError: string | undefined;
  #interpreter: { key: string; interpreter: ResourceInterpreter } | undefined;
  #verified: { commit: string; problem: string | undefined } | undefined;

  constructor(options: AgentOptions) {
    this.#o = options;
  }

  /** One round at `now` (milliseconds, wall clock). */
  async round(now: number): Promise<RoundResult> {
    const o = this.#o;
    const target = await openStatusStore(o.source, o.worksBranch);
    const commit = await target.store.readRef(`refs/heads/${o.worksBranch}`);
    // An agent started for a cluster the hub does not deliver to by Pull would report a member it never rendered
    // for (a Push member's copies as "applied"): it publishes nothing until the hub lists it.
    // Checked first: an unsigned works.json must not be able to silence the agent's report either.
    const refusal = commit === undefined ? undefined : await this.#signatureProblem(target.store, commit);
    const members =
      commit === undefined || refusal !== undefined ? undefined : await readWorksMembers(target.store, commit);
    if (members !== undefined && !members.includes(o.cluster)) {
      const error = `${o.cluster} is not a Pull member of this repository (the works branch ${o.worksBranch} lists ${members.join(', ') || 'none'}): no report published; check --cluster, or set spec.syncMode: Pull on its Cluster`;
      return { worksCommit: commit as string, reported: false, error, ok: false };
    }
    const entries = commit === undefined ? undefined : await target.store.listTree(commit, o.cluster);
    const key = entries && folderKey(entries);
    let error: string | undefined;
    let appliedNow = false;
    if (commit === undefined) error = `the works branch ${o.worksBranch} does not exist yet`;
    // Refused: nothing of this commit is applied or pruned; the report says why.
    else if (refusal !== undefined) error = refusal;
    else if (entries === undefined || key === undefined) error = `no Work for ${o.cluster} on ${o.worksBranch} yet`;
    else if (this.#due(key, now)) {
      try {
        const work = await readClusterWork(target.store, commit, o.cluster, entries);
        if (work === undefined) throw new Error(`no Work for ${o.cluster} on ${o.worksBranch}`);
        if (o.reportOnly) this.#applied = { key, work, at: now, failed: false };
        else await this.#apply(key, work, now);
        appliedNow = true;
      } catch (failure) {
        error = toMessage(failure);
      }
    }
    const refused = key !== undefined && this.#applied?.key === key ? this.#applied?.refused : undefined;
    if (error === undefined && refused) error = refused.join('; ');
    const heartbeatDue = this.#reportedAt === undefined || now - this.#reportedAt >= o.heartbeatMs;
    const news = appliedNow || error !== this.#reportedError;
    const reported = news || heartbeatDue ? await this.#report(now, error) : false;
    const applied = appliedNow ? this.#applied?.result : undefined;
    return {
      ...(commit !== undefined ? { worksCommit: commit } : {}),
      ...(applied ? { applied } : {}),
      reported,
      ...(error !== undefined ? { error } : {}),
      ok: error === undefined && !(this.#applied?.failed ?? false),
    };
  }

  /** Why `commit` is refused under `--works-verify-key` (checked once per commit), or `undefined`. */
  async #signatureProblem(store: GitStore, commit: string): Promise<string | undefined> {
    const key = this.#o.worksVerifyKey;
    if (key === undefined) return undefined;
    if (this.#verified?.commit !== commit) {
      const object = await store.readCommitObject(commit);
      const problem = object === undefined ? 'the commit cannot be read' : await commitSignatureProblem(object, key);
      this.#verified = { commit, problem };
    }
    const problem = this.#verified.problem;
    return problem && `refused the works commit ${commit.slice(0, 12)}: ${problem} (--works-verify-key ${key})`;
  }

  /** Whether the folder must be applied: new, failed last time, or due for a resync. */
  #due(key: string, now: number): boolean {
    const last = this.#applied;
    if (last === undefined || last.key !== key || last.failed) return true;
    return this.#o.resyncMs > 0 && now - last.at >= this.#o.resyncMs;
  }

  /** The interpreter of the Work's customizations (bundled and native ones for a member without Work). */
  #interpreterFor(work: ClusterWork | undefined): ResourceInterpreter {
    const customizations = work?.customizations ?? [];
    const key = JSON.stringify(customizations);
    if (this.#interpreter?.key !== key) this.#interpreter = { key, interpreter: createInterpreter(customizations) };
    return this.#interpreter.interpreter;
  }

  async #apply(key: string, work: ClusterWork, now: number): Promise<void> {
    const o = this.#o;
    const guarded = guardTenants(work.document, work.manifests);
    const { items, prune, keptCopies } = agentWork(guarded.document, guarded.manifests);
    const interpreter = this.#interpreterFor(work);
    const client = o.client.withSignal(memberDeadline(o.cluster, o.memberTimeoutMs));
    const result = await applyCluster(
      client,
      items,
      {
        ...DEFAULT_APPLY_OPTIONS,
        prune,
        retain: interpreter.retain.bind(interpreter),
        inventoryName: o.inventoryName,
        lock: { ...o.lock, holder: o.holder },
      },
      o.onEvent,
      keptCopies,
    );
    // Prune held back by work.json is what the hub asked for, not a failure to retry.
    this.#applied = {
      key,
      work,
      result,
      at: now,
      failed: result.error !== undefined || hasFailures(result),
      ...(guarded.refused.length > 0 ? { refused: guarded.refused } : {}),
    };
  }

  /** Observes the member and publishes the report; true when a commit was made. */
  async #report(now: number, error: string | undefined): Promise<boolean> {
    const o = this.#o;
    const client = o.client.withSignal(memberDeadline(o.cluster, o.memberTimeoutMs));
    const applied = this.#applied;
    const manifests: readonly KubeObject[] = applied?.work.manifests ?? [];
    const [observation, stored] = await Promise.all([
      observeCluster(client),
      o.reportOnly ? [] : readInventory(client, o.inventoryName).catch(() => []),
    ]);
    const inWork = new Set(manifests.map((m) => objectId(refOf(m))));
    const live = await collectMemberObjects(client, [
      ...manifests.map(refOf),
      ...stored.filter((e) => !inWork.has(e.id)).map(entryRef),
    ]);
    const observed = o.reportOnly && applied ? observedApply(o.cluster, manifests, live) : undefined;
    const inventory = observed?.inventory ?? stored;
    const result = observed?.result ?? applied?.result;
    const threshold = thresholdReady(
      this.#readyStreak,
      this.#status,
      observation.online && observation.healthy,
      now,
      o.readyThresholds ?? DEFAULT_READY_THRESHOLDS,
    );
    this.#readyStreak = threshold.streak;
    // Within the threshold the status last reported stands, as Karmada's agent posts nothing new then.
    if (!threshold.keepCurrent || this.#status === undefined)
      this.#status = computeClusterStatus(observation, this.#status);
    const report = agentReport({
      cluster: o.cluster,
      now: new Date(now),
      heartbeatSeconds: o.heartbeatMs / 1000,
      holder: o.holder,
      ...(applied
        ? {
            work: {
              worksCommit: applied.work.commit,
              sourceCommit: applied.work.document.sourceCommit,
              blob: applied.work.blob,
            },
          }
        : {}),
      ...(result ? { applied: result } : {}),
      // An apply that could not work on the member at all (its Lease held, its API server gone) is the round's failure too.
      ...(error !== undefined || result?.error ? { error: error ?? result?.error?.message } : {}),
      clusterStatus: this.#status,
      manifests,
      inventory,
      live,
      interpreter: this.#interpreterFor(applied?.work),
    });
    const target = await openStatusStore(o.source, o.worksBranch, { fetch: false });
    const published = await publishReport(target, report, new Date(now));
    this.#reportedAt = now;
    this.#reportedError = error;
    return published.changed;
  }
}

function hasFailures(result: ClusterApplyResult): boolean {
  return (
    result.objects.some((x) => x.action === 'failed' || x.action === 'conflict') ||
    result.pruned.some((p) => p.action === 'failed')
  );
}
