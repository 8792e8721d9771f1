/**
 * The run loop's pass (issue 9): the one pass (../pass.ts) with what a long-lived process
 * remembers between passes — the parse cache, the last render and bindings, the cluster snapshot
 * (../pass.ts `PassMemory`) — and its live controllers (failed members tainted, bindings evicted).
 */
import { reusingConnector } from '../../apply/index.ts';
import type { ClusterAccess } from '../../apply/index.ts';
import { emptyPassMemory, reconcile } from '../pass/pass.ts';
import type { PassOptions, PassResult } from '../pass/pass.ts';
import type { Pass, PassOutcome, PassRequest } from './run-loop.ts';
import { readPlanningFeedback } from '../pass/status-feedback.ts';
import { passWorksStep } from '../pass/pull-step.ts';
import { readAgentReports } from '../../status/index.ts';
import type { CommitSigner } from '../../source/index.ts';

export type { PassStatusInput, PassStatusOutput } from '../pass/pass.ts';

/**
 * What the pass needs, injected by the composition root: the one pass's options, with the
 * clusters' access instead of a connector (the pass keeps its clients between calls). `owns`,
 * `now` and `feedback` default to every cluster, the wall clock and the status branch.
 */
export interface ReconcilePassOptions extends Omit<PassOptions, 'connect'> {
  access: ClusterAccess;
  /** A pass's outcome, rendered and applied, for metrics and logs. */
  onResult: (result: ReconcileResult) => void;
  /** `run --works-signing-key`: signs the works commits. */
  worksSigner?: CommitSigner;
}

/** The defaults of {@link ReconcilePassOptions}. */
export const DEFAULT_RECONCILE_PASS_OPTIONS: Readonly<
  Pick<ReconcilePassOptions, 'owns' | 'now' | 'feedback' | 'onEvent' | 'onResult'>
> = Object.freeze({
  owns: () => true,
  now: () => Date.now(),
  feedback: readPlanningFeedback,
  onEvent: () => undefined,
  onResult: () => undefined,
});

/** One pass's result. */
export type ReconcileResult = PassResult;

/** A {@link Pass} that remembers what it needs between calls (see the module comment). */
export function createReconcilePass(
  options: Partial<ReconcilePassOptions> & Omit<ReconcilePassOptions, keyof typeof DEFAULT_RECONCILE_PASS_OPTIONS>,
): Pass {
  const { access, onResult, worksSigner, ...o } = { ...DEFAULT_RECONCILE_PASS_OPTIONS, ...options };
  const works = options.works ?? passWorksStep(options.source, undefined, worksSigner);
  const agentReports = options.agentReports ?? readAgentReports;
  const connect = reusingConnector(access);
  const memory = emptyPassMemory();
  return async (request: PassRequest): Promise<PassOutcome> => {
    const result = await reconcile({ ...o, works, agentReports, connect }, memory, { abort: request.abort });
    onResult(result);
    return { commit: result.commit, ok: result.ok };
  };
}
