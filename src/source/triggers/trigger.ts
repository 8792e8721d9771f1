/**
 * What a trigger tells the run loop: the source may have changed (a new commit seen by the local
 * watch, the remote poll or a webhook), or it is time to re-apply anyway (resync). Triggers only
 * signal; the run loop decides whether and when a pass runs.
 */

/** Where a signal came from. `members`: the health monitor saw a member fail over or recover; `shards`: this replica's clusters changed. */
export type TriggerKind = 'watch' | 'poll' | 'webhook' | 'resync' | 'members' | 'shards';

/** One signal. `commit` is set when the trigger resolved the new source commit itself. */
export interface TriggerSignal {
  kind: TriggerKind;
  commit?: string;
  /** For logs: what was seen. */
  detail: string;
}

/** Receives signals. */
export type Emit = (signal: TriggerSignal) => void;

/** A started trigger, stopped with {@link Trigger.close}. */
export interface Trigger {
  readonly kind: TriggerKind;
  close(): Promise<void>;
}
