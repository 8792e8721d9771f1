/**
 * Saved plans (`plan --plan-file FILE`, `apply --plan-file FILE`), as terraform saves them: the
 * per-cluster Work a reviewed plan would apply, the source commit it was rendered from, and a
 * fingerprint per cluster of the state it was computed against. `apply` applies exactly that
 * Work, and refuses when the ref has moved to another commit or a cluster's state has changed.
 *
 * The cluster state is what the plan depended on:
 * - offline (`--offline`, `--base`): the Cluster objects the scheduler saw (their files, with the
 *   status-branch snapshot merged in: readiness, API enablements, capacity);
 * - live: per object of the Work and per prune candidate, the member's copy as diffs compare it
 *   (server-owned fields and status left out, so a status update is no change), or its absence.
 *
 * The file is versioned JSON (`formatVersion`). It holds real manifests, Secret values included:
 * it is written readable by its owner only, and is as sensitive as the repository's Secrets.
 */
import { createHash } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import { canonical, comparable } from '../../apply/index.ts';
import type { ClusterLivePlan, ClusterAccess } from '../../apply/index.ts';
import { compareBytes, isRecord, refKey } from '../../model/index.ts';
import type { Cluster, KubeObject, ObjectRef } from '../../model/index.ts';
import type { WorkItem, Works } from '../../render/index.ts';
import type { OpenSourceOptions } from '../../source/index.ts';
import { PlanFileInvalidError, StalePlanError } from '../errors/index.ts';
import type { PreparedPass } from '../pass/pass.ts';
import { planLive } from './live-plan.ts';
import type { LivePlanResult } from './live-plan.ts';
import { planOffline } from './plan.ts';
import type { PlanResult } from './plan.ts';

export const PLAN_FILE_FORMAT_VERSION = 1;

/** What the plan's cluster state is made of; see the module comment. */
export type ClusterStateKind = 'offline' | 'live';

export interface ClusterState {
  kind: ClusterStateKind;
  /** Cluster name → `sha256:<hex>` of that cluster's state. */
  clusters: Record<string, string>;
}

export interface PlanFile {
  formatVersion: typeof PLAN_FILE_FORMAT_VERSION;
  /** The commit the Work was rendered from, and the ref and fleet path it was read through. */
  source: { repo: string; ref: string; commit: string; path: string };
  /** With `--base`: the revision the plan was compared with (for the record). */
  base: { ref: string; commit: string } | null;
  state: ClusterState;
  /** Cluster name → its Work, in apply order. */
  works: Record<string, WorkItem[]>;
  /** `sha256:<hex>` of `works`: a Work edited after review is refused. */
  worksDigest: string;
}

function sha256(text: string): string {
  return `sha256:${createHash('sha256').update(text).digest('hex')}`;
}

function digestOf(value: unknown): string {
  return sha256(JSON.stringify(canonical(value)));
}

/** The offline cluster state: each Cluster as the scheduler saw it (spec, labels, status snapshot). */
export function offlineClusterState(clusters: readonly Cluster[]): ClusterState {
  const out: Record<string, string> = {};
  for (const c of [...clusters].sort((a, b) => compareBytes(a.metadata.name, b.metadata.name))) {
    out[c.metadata.name] = digestOf({ labels: c.metadata.labels ?? {}, spec: c.spec, status: c.status ?? null });
  }
  return { kind: 'offline', clusters: out };
}

/**
 * The live cluster state from a live plan: per cluster, every object of its Work as the member
 * holds it (or `absent`) and every prune candidate; an unreachable cluster is `unreachable`.
 */
export function liveClusterState(plans: readonly ClusterLivePlan[]): ClusterState {
  const out: Record<string, string> = {};
  for (const plan of [...plans].sort((a, b) => compareBytes(a.cluster, b.cluster))) {
    if (plan.error) {
      out[plan.cluster] = 'unreachable';
      continue;
    }
    const lines = plan.objects.map((o) => `${refKey(o.ref)} ${o.before ? digestOf(o.before) : 'absent'}`);
    for (const d of plan.prune?.deletes ?? []) lines.push(`prune ${refKey(d.ref)} ${digestOf(comparable(d.live))}`);
    out[plan.cluster] = sha256(lines.sort(compareBytes).join('\n'));
  }
  return { kind: 'live', clusters: out };
}

export interface PlanFileInput {
  source: PlanFile['source'];
  base?: PlanFile['base'];
  state: ClusterState;
  works: Works;
}

/** The plan file for a computed plan. Pure. */
export function createPlanFile(input: PlanFileInput): PlanFile {
  const works: Record<string, WorkItem[]> = {};
  for (const name of [...input.works.keys()].sort(compareBytes)) {
    works[name] = (input.works.get(name) ?? []).map((i) => ({
      manifest: i.manifest,
      template: i.template,
      suspended: i.suspended,
      preserveOnDeletion: i.preserveOnDeletion,
    }));
  }
  return {
    formatVersion: PLAN_FILE_FORMAT_VERSION,
    source: { ...input.source },
    base: input.base ?? null,
    state: input.state,
    works,
    worksDigest: digestOf(works),
  };
}

/** The saved Work, as the apply runner takes it. */
export function savedWorks(plan: PlanFile): Works {
  return new Map(Object.entries(plan.works));
}

function isString(v: unknown): v is string {
  return typeof v === 'string';
}

function isRef(v: unknown): v is ObjectRef {
  return (
    isRecord(v) && isString(v['apiVersion']) && isString(v['kind']) && isString(v['namespace']) && isString(v['name'])
  );
}

function isWorkItem(v: unknown): v is WorkItem {
  return (
    isRecord(v) &&
    isRecord(v['manifest']) &&
    isRecord((v['manifest'] as KubeObject).metadata) &&
    isRef(v['template']) &&
    typeof v['suspended'] === 'boolean' &&
    typeof v['preserveOnDeletion'] === 'boolean'
  );
}

/** Reads a plan file's text: a Flotilla plan of this format version whose Work is as it was saved. */
export function parsePlanFile(text: string, file: string): PlanFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new PlanFileInvalidError(file, 'not JSON (is it a plan file written by flotilla plan --plan-file?)', {
      cause: error,
    });
  }
  if (!isRecord(value) || !('formatVersion' in value))
    throw new PlanFileInvalidError(file, 'not a Flotilla plan file (no formatVersion)');
  if (value['formatVersion'] !== PLAN_FILE_FORMAT_VERSION) {
    throw new PlanFileInvalidError(
      file,
      `format version ${JSON.stringify(value['formatVersion'])} is not ${PLAN_FILE_FORMAT_VERSION}, the one this flotilla reads: plan again with this version`,
    );
  }
  const source = value['source'];
  const state = value['state'];
  const works = value['works'];
  const base = value['base'];
  const shaped =
    isRecord(source) &&
    ['repo', 'ref', 'commit', 'path'].every((k) => isString(source[k])) &&
    (base === null || (isRecord(base) && isString(base['ref']) && isString(base['commit']))) &&
    isRecord(state) &&
    (state['kind'] === 'offline' || state['kind'] === 'live') &&
    isRecord(state['clusters']) &&
    Object.values(state['clusters']).every(isString) &&
    isRecord(works) &&
    Object.values(works).every((w) => Array.isArray(w) && w.every(isWorkItem)) &&
    isString(value['worksDigest']);
  if (!shaped) throw new PlanFileInvalidError(file, 'malformed: a field is missing or of the wrong type');
  const plan = value as unknown as PlanFile;
  if (digestOf(plan.works) !== plan.worksDigest)
    throw new PlanFileInvalidError(file, 'its Work was changed after the plan was written (digest mismatch)');
  return plan;
}

/**
 * Writes the plan file, readable by its owner only (it holds Secret values). The mode is set
 * before any content is written: an existing file keeps its own mode on open.
 */
export async function writePlanFile(file: string, plan: PlanFile): Promise<void> {
  const handle = await open(file, 'w', 0o600);
  try {
    await handle.chmod(0o600);
    await handle.writeFile(`${JSON.stringify(plan, null, 2)}\n`);
  } finally {
    await handle.close();
  }
}

export async function readPlanFile(file: string): Promise<PlanFile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new PlanFileInvalidError(file, `cannot be read: ${(error as Error).message}`, { cause: error });
  }
  return parsePlanFile(text, file);
}

/** What a saved plan is checked against at apply time. */
export interface CurrentState {
  /** The commit the plan's ref (or `apply --ref`) points at now. */
  commit: string;
  /** The fleet path read now. */
  path: string;
  /** The cluster state now, of the same kind as the plan's. */
  state: ClusterState;
}

function shortCommit(commit: string): string {
  return commit.slice(0, 12);
}

/**
 * Why a saved plan may not be applied any more: the ref moved to another commit, the fleet path
 * differs, or a cluster's state changed, appeared or went away. Empty when the plan is current.
 * Pure.
 */
export function stalePlanReasons(plan: PlanFile, now: CurrentState): string[] {
  const reasons: string[] = [];
  if (now.path !== plan.source.path) {
    reasons.push(
      `the plan is for the fleet in ${JSON.stringify(plan.source.path)}, this is ${JSON.stringify(now.path)}`,
    );
  }
  if (now.commit !== plan.source.commit) {
    reasons.push(
      `the source moved on: ${plan.source.ref} is now at ${shortCommit(now.commit)}, the plan was computed at ${shortCommit(plan.source.commit)}`,
    );
  }
  if (now.state.kind !== plan.state.kind) {
    reasons.push(
      `the plan was computed against ${plan.state.kind} cluster state, it is checked against ${now.state.kind} state`,
    );
    return reasons;
  }
  const what =
    plan.state.kind === 'offline'
      ? 'its Cluster file or the status-branch snapshot (readiness, API enablements, capacity)'
      : 'objects of its Work or objects to prune, in the member cluster';
  const names = [...new Set([...Object.keys(plan.state.clusters), ...Object.keys(now.state.clusters)])].sort(
    compareBytes,
  );
  for (const name of names) {
    const [was, is] = [plan.state.clusters[name], now.state.clusters[name]];
    if (was === undefined) reasons.push(`cluster ${name} is new since the plan`);
    else if (is === undefined) reasons.push(`cluster ${name} is gone since the plan`);
    else if (was !== is) reasons.push(`the state of cluster ${name} changed since the plan: ${what}`);
  }
  return reasons;
}

export interface SavedPlanOptions {
  /** `apply`'s source flags; without `ref`, the plan's own ref is read again. */
  source: OpenSourceOptions;
  /** For a plan of live state: how the clusters are reached to read it again. */
  access: ClusterAccess;
  /** The members' inventory ConfigMap, for a plan of live state. @default 'flotilla-inventory' */
  inventoryName?: string;
}

export interface SavedPlan {
  plan: PlanFile;
  works: Works;
  /** The source pinned to the plan's commit, for the apply pass. */
  source: OpenSourceOptions;
  /** The fleet as read, rendered and connected for the check, for the apply pass to reuse. */
  prepared: PreparedPass;
}

/**
 * Reads a saved plan and checks it against the world now: the commit its ref points at, and the
 * cluster state of the same kind (the offline snapshot, or the member clusters through a live
 * plan). Throws {@link PlanFileInvalidError} or {@link StalePlanError}; nothing is applied here.
 */
export async function loadSavedPlan(file: string, options: SavedPlanOptions): Promise<SavedPlan> {
  const plan = await readPlanFile(file);
  const source: OpenSourceOptions = { ...options.source, ref: options.source.ref ?? plan.source.ref };
  const now =
    plan.state.kind === 'offline'
      ? await planOffline({ source }).then((r) => ({
          result: r,
          state: offlineClusterState(r.rendered.clusters),
          clients: undefined,
        }))
      : await planLive({
          source,
          access: options.access,
          ...(options.inventoryName ? { inventoryName: options.inventoryName } : {}),
        }).then((r) => ({ result: r, state: liveClusterState(r.clusterPlans), clients: r.clients }));
  const { document, source: read, rendered, feedback, controllers, agentReports } = now.result;
  const reasons = stalePlanReasons(plan, {
    commit: document.source.commit,
    path: document.source.path,
    state: now.state,
  });
  if (reasons.length > 0) throw new StalePlanError(file, reasons);
  return {
    plan,
    works: savedWorks(plan),
    source: { ...source, ref: plan.source.commit },
    prepared: {
      source: read,
      rendered,
      feedback,
      controllers,
      ...(now.clients ? { clients: now.clients } : {}),
      ...(agentReports ? { agentReports } : {}),
    },
  };
}

/** The plan file of a computed plan: offline or `--base` plans record the offline state, live plans the live one. */
export function planFileOf(result: PlanResult | LivePlanResult): PlanFile {
  const state =
    'clusterPlans' in result ? liveClusterState(result.clusterPlans) : offlineClusterState(result.rendered.clusters);
  return createPlanFile({
    source: result.document.source,
    base: result.document.base ?? null,
    state,
    works: result.rendered.works,
  });
}
