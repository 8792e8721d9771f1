/**
 * Triggers of the run loop (issue 9): the local repository watched on its refs, a remote fetched
 * on an interval and on GitHub / GitLab push webhooks, and a periodic resync. They only signal:
 * {@link mergeSignals} turns every trigger's signals into debounced batches, and the run loop
 * decides when a pass runs. A push to the status branch never signals.
 */
export { HeadTracker } from './head-tracker.ts';
export {
  DEFAULT_MERGE_SIGNALS_OPTIONS,
  mergeSignals,
  type MergeSignalsOptions,
  type SignalMerger,
} from './merge-signals.ts';
export { DEFAULT_POLL_REMOTE_OPTIONS, pollRemote, type PollRemoteOptions, type RemotePoller } from './poll-remote.ts';
export { resyncEvery } from './resync.ts';
export { readSourceHead } from './source-head.ts';
export type { Emit, Trigger, TriggerKind, TriggerSignal } from './trigger.ts';
export { pushMatters, watchedBranch } from './watched-branch.ts';
export { DEFAULT_TRIGGER_OPTIONS, startTriggers, type TriggerOptions } from './start-triggers.ts';
export { DEFAULT_WATCH_LOCAL_OPTIONS, watchLocal, type WatchLocalOptions } from './watch-local.ts';
export {
  connectionEvent,
  createListener,
  listenHttp,
  parseAddress,
  type Listener,
  type ListenerOptions,
  type TlsFiles,
} from './http-listener.ts';
export {
  DEFAULT_WEBHOOK_SERVER_OPTIONS,
  startWebhookServer,
  type WebhookServer,
  type WebhookServerOptions,
} from './webhook-server.ts';
export { safeEqual, verifyWebhook, type WebhookVerdict } from './webhook-verify.ts';
