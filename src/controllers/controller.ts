/**
 * The seam between a pass and the long-lived controllers of `run` (failover, pull-mode members;
 * autoscaling, multi-cluster services after them), in the spirit of Karmada's
 * controller-manager: controllers are registered by name in one list (registry.ts), and every
 * pass drives them through the same phases. The order of the phases is in the types: each phase
 * returns the handle of the next one, so a phase can only be reached through the one before it,
 * and a process's first pass hands the status branch's records to the first phase.
 *
 *   beforeRender(start) → { scheduling, next }            scheduling inputs: taints, evictions
 *   next.afterRender(rendered) → { holds, next }          what the Works and the prune leave alone
 *   next.afterApply(applied) → { records, next }          the fields the status branch records
 *   next.afterStatus(reported) → { requestPass? }         the status step's findings
 *
 * Between passes a controller may watch something (its `start`) and ask for a pass; `nextDue`
 * says when its timer falls due. A pass without memory (`plan`, `apply`) drives the same phases
 * through each controller's `recorded` form, which only replays what the status branch holds.
 */
import type { Cluster, ClusterStatus, Diagnostic, HealthState, NodeObservation, ViewCell } from '../model/index.ts';
import type { ClusterAccess, ClusterApplyResult } from '../apply/index.ts';
import type { PreviousSchedule, Fleet, Rendered, TemplateBinding } from '../render/index.ts';
import type { AgentReports } from '../status/index.ts';
import type { ControllerRecords } from './controller-records.ts';

/** A member's readiness: its API server's `/readyz` (a probe), or for a Pull member its agent's heartbeat. */
export type MemberReadiness = 'ready' | 'not-ready' | 'unreachable';

/** What a pass schedules with; each controller refines what the one before it left. */
export interface SchedulingInputs {
  fleet: Fleet;
  /** The cluster snapshot the scheduler sees, by name. */
  observedClusters: Map<string, ClusterStatus>;
  /** The last scheduling results, by template refKey (Karmada's stable rescheduling). */
  previousSchedules: Map<string, PreviousSchedule>;
  /** The Push members' nodes and pods as the last status step saw them; absent or empty without one. */
  observedNodes?: ReadonlyMap<string, NodeObservation>;
  /**
   * Members whose readiness a controller found this pass rather than the member monitor's probes
   * (Pull members, from their agents' heartbeats): the failover controller takes them as probes.
   */
  memberProbes?: ReadonlyMap<string, MemberReadiness>;
}

/** The start of a pass. */
export interface PassStart {
  /** Milliseconds on the injected clock. */
  now: number;
  scheduling: SchedulingInputs;
  /** The bindings of this process's last render; empty before its first (and without memory). */
  lastBindings: readonly TemplateBinding[];
  /** The status branch's records, on a process's first pass only: the controller resumes from them first. */
  restore?: ControllerRecords;
  /** The Pull members' reports as their agents' branches hold them now; absent in a pass that reads none (`plan`). */
  agentReports?: AgentReports;
  /** The source has errors, so the fleet may lack an object it declares (one that failed validation): forget nothing. */
  sourceHasErrors?: boolean;
}

/** The render of a pass. */
export interface RenderedPass {
  now: number;
  /** The fleet as read (without the scheduling inputs' changes). */
  fleet: Fleet;
  bindings: readonly TemplateBinding[];
  /** The source and the render have no error: every template that has a binding got it rendered. */
  complete: boolean;
  /** The clusters this pass applies to, in name order. */
  clusters: readonly string[];
}

/** What a pass leaves alone. */
export interface ApplyHolds {
  /** Templates (refKey) left out of every cluster's Work this pass. */
  waiting: Set<string>;
  /** Per cluster: templates (refKey) whose copy there is neither applied nor pruned, with why. */
  kept: Map<string, Map<string, string>>;
  /**
   * Per cluster: templates (refKey) whose copy there was evicted and is meant to go (its eviction task ended, or purges
   * Directly). Its prune is failover clean-up, not judged by the mass-prune share meant for source changes.
   */
  released?: Map<string, Set<string>>;
}

/** The apply of a pass. */
export interface AppliedPass {
  now: number;
  /** Per cluster this pass applied to. */
  applied: readonly ClusterApplyResult[];
  /** The fleet's members another replica applies to (shards). */
  notApplied: readonly string[];
}

/** A template's health on one member, as the status step found it. */
export interface HealthReport {
  /** Template refKey. */
  key: string;
  cluster: string;
  health: HealthState;
  /** Whether the Work was applied there; absent counts as applied. */
  applied?: boolean;
}

/** The status step of a pass. */
export interface ReportedPass {
  now: number;
  /** The clusters as rendered in this pass. */
  renderedClusters: readonly Cluster[];
  /** The cluster snapshot the status step observed. */
  observedClusters: ReadonlyMap<string, ClusterStatus>;
  /** The Push members' nodes and pods it observed. */
  observedNodes?: ReadonlyMap<string, NodeObservation>;
  /** Each template's health per member. */
  health?: readonly HealthReport[];
  /** With shards, every controller's records as the status branch now holds them, every template listed. */
  recorded?: ControllerRecords;
  /** The members this replica applies to. */
  owns: (cluster: string) => boolean;
}

export interface BeforeRender {
  scheduling: SchedulingInputs;
  next: AwaitingRender;
}

export interface AwaitingRender {
  afterRender(rendered: RenderedPass): AfterRender;
}

export interface AfterRender {
  holds: ApplyHolds;
  /** The controller's findings in the source; they block nothing. */
  diagnostics: Diagnostic[];
  next: AwaitingApply;
}

export interface AwaitingApply {
  afterApply(applied: AppliedPass): AfterApply;
}

export interface AfterApply {
  /** This pass's records, for the status step to write. */
  records: Partial<ControllerRecords>;
  next: AwaitingStatus;
}

export interface AwaitingStatus {
  afterStatus(reported: ReportedPass): AfterStatus;
}

export interface AfterStatus {
  /** Why a pass is needed at once (the findings changed what the render would be), if it is. */
  requestPass?: string;
}

/** What `plan` gives a controller to show of itself (README.md#flotilla-plan). */
export interface PlanViewInput {
  /** The fleet as read. */
  fleet: Fleet;
  rendered: Pick<Rendered, 'bindings' | 'works'>;
  /** The records its recorded form replayed from the status branch. */
  records: ControllerRecords;
  sourceHasErrors: boolean;
}

/** What a controller adds to `plan -o json`: fields on template bindings, fields of the document. */
export interface PlanView {
  /** Per template refKey, the fields its binding's entry gains. */
  bindings?: ReadonlyMap<string, Record<string, unknown>>;
  /** Fields of the plan document the controller fills; empty or absent: none. */
  document?: Record<string, unknown>;
}

/**
 * A controller's words on one binding in `plan`'s text and its pull-request comment, from the
 * fields its plan view gave the binding's entry: about the replica count (shown, then, even at 0:
 * `6 replicas (FederatedHPA shop/web; template says 4)`), or after the clusters it placed on.
 */
export interface PlanNote {
  on: 'replicas' | 'placement';
  text: string;
}

/**
 * A section a controller adds to `plan`'s text after the Work per cluster, from the fields its plan
 * view gave the document: a heading and its lines, each line pieces of text; a piece with a tone is
 * coloured where the terminal has colour, and says the same without.
 */
export interface PlanTextSection {
  title: string;
  lines: ViewCell[][];
}

/** A metric a controller exports, declared in its folder and listed by its registration. */
export interface MetricSpec {
  /** The Prometheus name, e.g. `flotilla_autoscaling_syncs_total`. */
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram';
  labels: readonly string[];
  /** A histogram's bucket bounds. */
  buckets?: readonly number[];
}

/**
 * The loop's metrics as every controller sees them (src/observability/metrics.ts): by the name of
 * a metric its registration declares, so the loop knows no controller's metrics.
 */
export interface ControllerMetrics {
  inc(name: string, labels: Readonly<Record<string, string>>, value?: number): void;
  set(name: string, labels: Readonly<Record<string, string>>, value: number): void;
  observe(name: string, labels: Readonly<Record<string, string>>, value: number): void;
}

/** What a controller that watches between passes is given by the loop. */
export interface ControllerContext {
  access: ClusterAccess;
  /** The fleet's clusters as of the last pass (empty before the first). */
  clusters: () => readonly Cluster[];
  now: () => number;
  /** Asks for a pass, saying why. */
  requestPass: (detail: string) => void;
  /** A member answered its probe (true) or did not. */
  memberProbed: (cluster: string, ready: boolean) => void;
  /** Reads these Pull members' reports afresh from their agents' branches. */
  agentReports?: (clusters: readonly string[]) => Promise<AgentReports>;
  warn: (fields: object, message: string) => void;
  /** Logs a decision (a scale, a cron rule run); absent, decisions are not logged. */
  info?: (fields: object, message: string) => void;
  /** Absent, nothing is counted. */
  metrics?: ControllerMetrics;
}

/** One long-lived controller, driven through the phases of every pass. */
export interface Controller {
  readonly name: string;
  beforeRender(start: PassStart): BeforeRender;
  /** When the controller next needs a pass although nothing else asks for one (a timer), as of its last phase. */
  nextDue(): number | undefined;
  /** Starts what runs between passes; `run` only. */
  start?(context: ControllerContext): { close(): Promise<void> };
}
