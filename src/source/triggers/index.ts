/**
 * Triggers of the run loop (issue 9): the local repository watched on its refs, a remote fetched
 * on an interval and on GitHub / GitLab push webhooks, and a periodic resync. They only signal:
 * {@link mergeSignals} turns every trigger's signals into debounced batches, and the run loop
 * decides when a pass runs. A push to the status branch never signals.
 */
export * from './head-tracker.ts';
export * from './merge-signals.ts';
export * from './poll-remote.ts';
export * from './resync.ts';
export * from './source-head.ts';
export type { Emit, Trigger, TriggerKind, TriggerSignal } from './trigger.ts';
export * from './watched-branch.ts';
export * from './start-triggers.ts';
export * from './watch-local.ts';
export * from './http-listener.ts';
export * from './webhook-server.ts';
export * from './webhook-verify.ts';
