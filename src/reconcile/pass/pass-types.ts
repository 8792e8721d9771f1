/**
 * The shapes of one pass (pass.ts): what it needs, what it remembers, what it did, and what its
 * status step is given and gives back.
 */
import type { ClusterStatus, Diagnostic, NodeObservation } from '../../model/index.ts';
import type {
  Connector,
  ApplyEvent,
  ClusterApplyResult,
  KubeClient,
  PruneSettings,
  RunnerOptions,
} from '../../apply/index.ts';
import type { AwaitingRender, Controller, ControllerRecords, HealthReport } from '../../controllers/index.ts';
import type { ScriptTimeout } from '../../interpreter/index.ts';
import type { ParseCache, Rendered, TemplateBinding, Works } from '../../render/index.ts';
import type { OpenSourceOptions } from '../../source/index.ts';
import type { AgentReports, WorksWriteResult } from '../../status/index.ts';
import type { FleetSource } from './read-fleet.ts';
import type { RenderMemo } from './incremental-render.ts';
import type { PlanningFeedback } from './status-feedback.ts';
import type { WorksStep } from './pull-step.ts';

/** What the status step of a pass is given. */
export interface PassStatusInput {
  source: FleetSource;
  rendered: Rendered;
  applied: readonly ClusterApplyResult[];
  clients: ReadonlyMap<string, KubeClient | Error>;
  previousClusters: ReadonlyMap<string, ClusterStatus>;
  /** The members this replica applied to; with shards, the only ones whose status it observes. */
  owns: (cluster: string) => boolean;
  /** What the controllers decided in this pass (failover: taints added, eviction tasks, first-unhealthy times), for the status branch to record. */
  records: ControllerRecords;
  /** The Pull members' reports: their status comes from them. */
  agentReports?: AgentReports;
}

/** What the status step reports back. */
export interface PassStatusOutput {
  /** The status commit the step made or found (`changed` false: the tip already held the same files). */
  commit?: string;
  changed?: boolean;
  /** The cluster snapshot it observed, for the next render. */
  observedClusters: ReadonlyMap<string, ClusterStatus>;
  /** The Push members' nodes and pods it observed, for the next render's accurate estimator and the descheduler. */
  observedNodes?: ReadonlyMap<string, NodeObservation>;
  /** Each template's health per member, for application failover. */
  health?: readonly HealthReport[];
  /** With shards, the controllers' records the status branch now holds, every template listed: the other replicas' members' part is their owners'. */
  recorded?: ControllerRecords;
}

/** What a pass needs. */
export interface PassOptions {
  source: OpenSourceOptions;
  connect: Connector;
  /** `--prune`, `--allow-mass-prune`; unset fields come from flotilla.yaml, then the defaults. */
  prune: Partial<PruneSettings>;
  runner: Partial<Omit<RunnerOptions, 'prune' | 'retain'>>;
  /** The registered controllers, driven in this order through the pass. */
  controllers: readonly Controller[];
  /** Whether this replica applies to the cluster (leader: all; shard: its share). */
  owns: (cluster: string) => boolean;
  /** Milliseconds on the controllers' clock. */
  now: () => number;
  /** The status step; a failure is reported, the pass's other work stands. Absent: no status branch write. */
  status?: (input: PassStatusInput) => Promise<PassStatusOutput>;
  /** Reads the status branch's feedback (once per memory). */
  feedback: (source: OpenSourceOptions, statusBranch: string) => Promise<PlanningFeedback>;
  /** Reads the Pull members' reports (every pass); absent, none are read and every Pull member counts as unreported. */
  agentReports?: (source: OpenSourceOptions, clusters: readonly string[]) => Promise<AgentReports>;
  /** Writes the Pull members' Work to the works branch; absent, it is not written. */
  works?: WorksStep;
  onEvent: (event: ApplyEvent) => void;
}

/** What a pass remembers for the next one; an empty memory is a pass with none (`apply`). */
export interface PassMemory {
  /** Parses by blob: an unchanged file is neither read nor parsed again. */
  readonly parses: ParseCache;
  readonly blobs: Map<string, Buffer>;
  /** The status branch's feedback, read by the first pass. */
  feedback?: PlanningFeedback;
  /** The last render's bindings: stable scheduling and sticky claims without re-reading the status branch. */
  last: readonly TemplateBinding[];
  /** The last cluster snapshot. */
  observed: ReadonlyMap<string, ClusterStatus>;
  /** The Push members' nodes and pods as last observed; empty before a pass observed them (or without memory). */
  nodes?: ReadonlyMap<string, NodeObservation>;
  /** The last render, to re-render only changed templates. */
  memo?: RenderMemo;
}

/** A memory with nothing in it. */
export function emptyPassMemory(): PassMemory {
  return { parses: new Map(), blobs: new Map(), last: [], observed: new Map() };
}

/** The read and render of a pass done beforehand (a saved plan's freshness check): not done a second time. */
export interface PreparedPass {
  source: FleetSource;
  rendered: Rendered;
  feedback: PlanningFeedback;
  /** The controllers past their before-render phase. */
  controllers: AwaitingRender;
  /** Clients of the fleet's clusters; absent when the check did not connect (an offline plan). */
  clients?: Map<string, KubeClient | Error>;
  /** The Pull members' reports the render saw; absent when it read none. */
  agentReports?: AgentReports;
}

/** What one pass did. */
export interface PassResult {
  commit: string;
  /** flotilla.yaml's status branch at this commit: the run's triggers ignore pushes to it. */
  statusBranch: string;
  source: FleetSource;
  rendered: Rendered;
  /** Source and render diagnostics. */
  diagnostics: Diagnostic[];
  sourceHasErrors: boolean;
  /** The controllers' findings in the source (release-evictions annotations); they block nothing. */
  controllerDiagnostics: Diagnostic[];
  /** Per Push member applied, in name order. */
  clusters: ClusterApplyResult[];
  /** The Pull members this replica wrote the Work of, in name order; absent when there are none. */
  pullMembers?: string[];
  /** The works branch write, or why it failed; absent when there is nothing to write. */
  works?: WorksWriteResult | Error;
  /** What the first pass of a memory ignored on the status branch, and why; empty after it. */
  statusWarnings: readonly string[];
  /** A full render or only the templates that changed; how long reading and rendering took (ms). */
  render: { mode: 'full' | 'incremental' | 'prepared'; rerendered: number; readMs: number; renderMs: number };
  /** The status step's result or failure; absent without a status step, or when stopping. */
  status?: PassStatusOutput | Error;
  /** Set when the pass was stopped before the apply step: nothing was applied. */
  aborted: boolean;
  /** Why a controller needs another pass at once, from what the status step found. */
  passRequested?: string;
  /** Customizations whose scripts ran into their time limit in this pass. */
  scriptTimeouts: ScriptTimeout[];
  /** No error diagnostic, no cluster failure, works and status written (when there is a step for them). */
  ok: boolean;
}

/** What one pass is asked for besides its options and memory. */
export interface PassRun {
  /** Set when the loop is stopping: the pass ends before the apply step. */
  abort?: AbortSignal;
  prepared?: PreparedPass;
  /** A saved plan's Work (`apply --plan-file`), applied instead of the Work rendered now. */
  works?: Works;
}
