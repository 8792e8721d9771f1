/**
 * `apply`: the one pass (pass.ts) with no memory — the fleet read and rendered afresh, the
 * status branch's feedback for scheduling, the recorded controllers replaying what the run loop
 * recorded — then every cluster applied and pruned, and the status branch written.
 */
import { connectFleet } from '../../apply/index.ts';
import type { ClusterAccess, ApplyEvent, PruneSettings, RunnerOptions } from '../../apply/index.ts';
import { recordedControllers } from '../../controllers/index.ts';
import type { Works } from '../../render/index.ts';
import type { CommitSigner, OpenSourceOptions } from '../../source/index.ts';
import { emptyPassMemory, reconcile } from './pass.ts';
import type { PassResult, PassStatusOutput, PreparedPass } from './pass.ts';
import { passStatusStep } from './pass-status-step.ts';
import { passWorksStep } from './pull-step.ts';
import { readAgentReports } from '../../status/index.ts';
import { readPlanningFeedback } from './status-feedback.ts';
import type { StatusStepOptions } from './status-step.ts';

export type { PreparedPass } from './pass.ts';

/** What `apply` did: a pass whose status step always ran (or failed). */
export interface ApplyPassResult extends PassResult {
  status: PassStatusOutput | Error;
}

export interface ApplyPassOptions {
  source: OpenSourceOptions;
  access: ClusterAccess;
  /** `--prune`, `--allow-mass-prune`; unset fields come from flotilla.yaml, then the defaults. */
  prune: Partial<PruneSettings>;
  runner: Partial<Omit<RunnerOptions, 'prune' | 'retain'>>;
  /** Progress, as it happens. */
  onEvent?: (event: ApplyEvent) => void;
  /** The status step's clock and push retries. */
  status?: Partial<StatusStepOptions>;
  /** A saved plan's Work (`apply --plan-file`), applied instead of the Work rendered now. */
  works?: Works;
  /** What checking a saved plan already read, rendered and connected: not done a second time. */
  prepared?: PreparedPass;
  /** `--works-signing-key`: signs the works commits. */
  worksSigner?: CommitSigner;
}

/** Reads, renders, applies, prunes and writes the status once. */
export async function applyPass(options: ApplyPassOptions): Promise<ApplyPassResult> {
  const result = await reconcile(
    {
      source: options.source,
      connect: (clusters) => connectFleet(clusters, options.access),
      prune: options.prune,
      runner: options.runner,
      controllers: recordedControllers(),
      owns: () => true,
      now: () => Date.now(),
      feedback: readPlanningFeedback,
      agentReports: readAgentReports,
      works: passWorksStep(options.source, options.status?.now, options.worksSigner),
      status: passStatusStep(options.source, false, options.status),
      onEvent: options.onEvent ?? (() => undefined),
    },
    emptyPassMemory(),
    { ...(options.prepared ? { prepared: options.prepared } : {}), ...(options.works ? { works: options.works } : {}) },
  );
  // Without an abort signal a pass always reaches its status step.
  return { ...result, status: result.status ?? new Error('the pass ended before its status step') };
}
