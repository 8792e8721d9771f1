/**
 * The run loop's pass (issue 9): the one pass (../pass.ts) with what a long-lived process
 * remembers between passes — the parse cache, the last render and bindings, the cluster snapshot
 * (../pass.ts `PassMemory`) — and its live controllers (failed members tainted, bindings evicted).
 */
import { reusingConnector } from '../../apply/connect.ts';
import type { ClusterAccess } from '../../apply/connect.ts';
import type { ApplyEvent } from '../../apply/events.ts';
import type { PruneSettings } from '../../apply/prune-plan.ts';
import type { RunnerOptions } from '../../apply/runner.ts';
import type { Controller } from '../../controllers/controller.ts';
import type { OpenSourceOptions } from '../../source/index.ts';
import { emptyPassMemory, reconcile } from '../pass.ts';
import type { PassResult, PassStatusInput, PassStatusOutput } from '../pass.ts';
import type { Pass, PassOutcome, PassRequest } from '../run-loop.ts';
import { readPlanningFeedback } from '../status-feedback.ts';
import type { PlanningFeedback } from '../status-feedback.ts';

export type { PassStatusInput, PassStatusOutput } from '../pass.ts';

/** What the pass needs, injected by the composition root. */
export interface ReconcilePassOptions {
  source: OpenSourceOptions;
  access: ClusterAccess;
  prune: Partial<PruneSettings>;
  runner: Partial<Omit<RunnerOptions, 'prune' | 'retain'>>;
  /** The registered controllers (controllers/registry.ts), driven in this order through every pass. */
  controllers: readonly Controller[];
  /** Whether this replica applies to the cluster (leader: all; shard: its share). @default every cluster */
  owns: (cluster: string) => boolean;
  /** Milliseconds, wall clock (the controllers' clock). @default Date.now */
  now: () => number;
  /** The status step; a failure is reported, the pass's other work stands. */
  status?: (input: PassStatusInput) => Promise<PassStatusOutput>;
  /** Reads the status branch's feedback once, before the first pass. @default readPlanningFeedback */
  feedback: (source: OpenSourceOptions, statusBranch: string) => Promise<PlanningFeedback>;
  onEvent: (event: ApplyEvent) => void;
  /** A pass's outcome, rendered and applied, for metrics and logs. */
  onResult: (result: ReconcileResult) => void;
}

/** The defaults of {@link ReconcilePassOptions}. */
export const DEFAULT_RECONCILE_PASS_OPTIONS: Readonly<Pick<ReconcilePassOptions, 'owns' | 'now' | 'feedback' | 'onEvent' | 'onResult'>> = Object.freeze({
  owns: () => true, now: () => Date.now(), feedback: readPlanningFeedback, onEvent: () => undefined, onResult: () => undefined,
});

/** One pass's result. */
export type ReconcileResult = PassResult;

/** A {@link Pass} that remembers what it needs between calls (see the module comment). */
export function createReconcilePass(options: Partial<ReconcilePassOptions> & Omit<ReconcilePassOptions, keyof typeof DEFAULT_RECONCILE_PASS_OPTIONS>): Pass {
  const { access, onResult, ...o } = { ...DEFAULT_RECONCILE_PASS_OPTIONS, ...options };
  const connect = reusingConnector(access);
  const memory = emptyPassMemory();
  return async (request: PassRequest): Promise<PassOutcome> => {
    const result = await reconcile({ ...o, connect }, memory, { abort: request.abort });
    onResult(result);
    return { commit: result.commit, ok: result.ok };
  };
}
