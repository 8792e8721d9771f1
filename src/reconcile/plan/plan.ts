import { compareDiagnostics } from '../../model/index.ts';
import type { Diagnostic, KubeObject } from '../../model/index.ts';
import type { Rendered, ParseCache } from '../../render/index.ts';
import { diffWorks } from '../../render/index.ts';
import type { OpenSourceOptions } from '../../source/index.ts';
import type { Connector } from '../../apply/index.ts';
import { withControllerViews } from './controller-views.ts';
import { withTenants } from './plan-tenants.ts';
import { withoutHeldPrunes } from './held-prunes.ts';
import { planBindings, planDocument, replicaMoves } from './plan-document.ts';
import type { PlanDocument } from './plan-document.ts';
import { planWarnings } from '../pass/read-fleet.ts';
import type { FleetSource } from '../pass/read-fleet.ts';
import { emptyPassMemory, readAndRender } from '../pass/pass.ts';
import type { PreparedPass } from '../pass/pass.ts';
import { readPlanningFeedback, type PlanningFeedback } from '../pass/status-feedback.ts';
import type { AwaitingRender } from '../../controllers/index.ts';
import { readAgentReports } from '../../status/index.ts';
import type { AgentReports } from '../../status/index.ts';
import { inOrder, recordedControllers } from '../../controllers/index.ts';

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
  /**
   * Read the Pull members' agent reports and schedule with the status they give, as `apply` does
   * (a live plan); otherwise the status branch's snapshot stands for them too.
   * @default false
   */
  agentReports?: boolean;
  /** Connects the members (a live plan): charts then render for the version they answer (read-step.ts). @default none: the recorded version */
  connect?: Connector;
}

export interface PlanResult {
  document: PlanDocument;
  source: FleetSource;
  rendered: Rendered;
  diagnostics: Diagnostic[];
  /** The status branch's feedback the render built on. */
  feedback: PlanningFeedback;
  /** The recorded controllers, past their before-render phase. */
  controllers: AwaitingRender;
  /** With `base`: the base revision's diagnostics, so a review can tell new warnings from old ones. */
  baseDiagnostics?: Diagnostic[];
  /** With `agentReports`: the reports the render saw. */
  agentReports?: AgentReports;
}

/**
 * Renders one revision as a pass without memory does (pass.ts): `feedback` is what the status
 * branch says of the last pass (claims, scheduling results, cluster snapshot, the controllers'
 * records), read once and shared by `--ref` and `--base`; the recorded controllers replay it.
 */
export async function renderAt(
  options: OpenSourceOptions,
  cache: ParseCache = new Map(),
  feedback?: PlanningFeedback,
  agentReports = false,
  connect?: Connector,
): Promise<PreparedPass> {
  const memory = { ...emptyPassMemory(), parses: cache };
  const {
    source,
    rendered,
    feedback: read,
    controllers,
    agentReports: reports,
  } = await readAndRender(
    {
      source: options,
      // Shared feedback is read as the first pass reads it: the recorded controllers replay it for every revision, so
      // controller state (an autoscaler's count) is the same in `--base` and `--ref` and is no change.
      feedback: feedback ? async () => feedback : readPlanningFeedback,
      now: () => Date.now(),
      ...(agentReports ? { agentReports: readAgentReports } : {}),
      ...(connect ? { connect } : {}),
    },
    memory,
    inOrder(recordedControllers()),
  );
  return { source, rendered, feedback: read, controllers, ...(reports ? { agentReports: reports } : {}) };
}

function manifestsOf(rendered: Rendered): Map<string, KubeObject[]> {
  return new Map([...rendered.works].map(([name, items]) => [name, items.map((i) => i.manifest)]));
}

function renderedWarnings(source: FleetSource, rendered: Rendered): Diagnostic[] {
  return planWarnings(
    source,
    rendered.bindings.map((b) => b.claim),
    rendered.works,
  );
}

/**
 * An offline plan: the Work every cluster would get from one commit, and with `base` what
 * changes against another commit. Cluster state comes from the last snapshot on the status
 * branch, else the Cluster files (README.md#flotilla-plan); the status branch's claims and scheduling
 * results keep claims sticky and rescheduling stable, as in Karmada.
 */
export async function planOffline(options: PlanOptions): Promise<PlanResult> {
  const cache: ParseCache = new Map();
  const { source, rendered, feedback, controllers, agentReports } = await renderAt(
    options.source,
    cache,
    undefined,
    options.agentReports ?? false,
    options.connect,
  );
  const diagnostics = [...source.diagnostics, ...rendered.diagnostics, ...renderedWarnings(source, rendered)];
  const document = withControllerViews(planDocument(source.snapshot, rendered, source.interpreter, diagnostics), {
    fleet: source.fleet,
    rendered,
    records: feedback.records,
    sourceHasErrors: source.diagnostics.some((d) => d.severity === 'error'),
  });
  if (options.base !== undefined) {
    const base = await renderAt({ ...options.source, ref: options.base }, cache, feedback);
    document.base = { ref: options.base, commit: base.source.snapshot.commit };
    const before = manifestsOf(base.rendered);
    const diffed = diffWorks(before, manifestsOf(rendered), { showSecrets: options.showSecrets ?? false });
    const { changes, held } = withoutHeldPrunes(diffed, before, diagnostics);
    document.changes = withTenants(changes, { source, rendered }, base);
    diagnostics.push(...held);
    document.diagnostics = [...document.diagnostics, ...held].sort(compareDiagnostics);
    document.replicaMoves = replicaMoves(planBindings(base.rendered, base.source.interpreter), document.bindings);
    const baseDiagnostics = [
      ...base.source.diagnostics,
      ...base.rendered.diagnostics,
      ...renderedWarnings(base.source, base.rendered),
    ];
    return { document, source, rendered, diagnostics, feedback, controllers, baseDiagnostics };
  }
  return { document, source, rendered, diagnostics, feedback, controllers, ...(agentReports ? { agentReports } : {}) };
}
