/**
 * One reconcile pass, top to bottom as named steps over one pass context — read (with the
 * controllers before the render, and the render: read-step.ts), the controllers after it,
 * delivery through each member's channel (Push: connect, apply, prune; Pull: the works branch and
 * the agent's report: channels/), the controllers after the apply, status, the controllers after
 * the status (pass-steps.ts) — as `apply` runs it once and `run` runs it on every signal. What differs is only what is given:
 * `run` keeps a {@link PassMemory} between passes (the parse cache, the last render and bindings,
 * the cluster snapshot) and its live controllers; `apply` starts from an empty memory with the
 * recorded controllers, which replay the status branch. Only the clusters the replica owns are
 * applied (leader election and shards); every cluster is still rendered, so that sharding never
 * changes a placement.
 */
import { inOrder } from '../../controllers/index.ts';
import {
  controllersAfterApply,
  controllersAfterRender,
  controllersAfterStatus,
  deliver,
  passBase,
  passContext,
  passResult,
  writeStatus,
} from './pass-steps.ts';
import type { PassMemory, PassOptions, PassResult, PassRun } from './pass-types.ts';
import { readStep } from './read-step.ts';

export * from './pass-types.ts';
export { readAndRender, schedulesOf } from './read-step.ts';

/** One pass (see the module comment); `memory` is updated for the next. */
export async function reconcile(o: PassOptions, memory: PassMemory, run: PassRun = {}): Promise<PassResult> {
  const started = performance.now();
  const controller = inOrder(o.controllers);
  const read = await readStep(o, memory, run, controller);
  const ctx = passContext(o, memory, run, read, started);
  const afterRender = controllersAfterRender(ctx);
  const base = passBase(ctx, afterRender);
  if (run.abort?.aborted)
    return {
      ...base,
      clusters: [],
      aborted: true,
      ok: false,
      scriptTimeouts: read.source.interpreter.scriptTimeouts?.() ?? [],
    };
  const delivered = await deliver(ctx, afterRender);
  const afterApply = controllersAfterApply(ctx, afterRender, delivered);
  const status = await writeStatus(ctx, afterApply, delivered);
  const passRequested = controllersAfterStatus(ctx, afterApply, status);
  return passResult(ctx, base, delivered, status, passRequested);
}
