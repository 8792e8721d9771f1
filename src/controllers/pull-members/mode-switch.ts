/**
 * A member that changes `syncMode` (docs/deploy.md, "Switching a member between Push and Pull"): its new channel has
 * not had a chance to speak yet. Switched to Pull, its agent may not have published a first report when the next pass
 * runs; judging it then would call it silent, taint it and evict its workloads for nothing. So a member switched to
 * Pull while this process watched gets its heartbeat grace, from the switch, to hear from its agent before it is
 * judged at all. Pure: time is passed in.
 */

/** When each member last changed mode, as this process saw it. */
export type ModeChanges = ReadonlyMap<string, { pull: boolean; since: number }>;

/** The changes after one more look at the fleet's modes; a member seen for the first time has not switched. */
export function nextModes(before: ModeChanges, modes: ReadonlyMap<string, boolean>, now: number): ModeChanges {
  const out = new Map<string, { pull: boolean; since: number }>();
  for (const [name, pull] of modes) {
    const seen = before.get(name);
    out.set(
      name,
      seen === undefined ? { pull, since: Number.NEGATIVE_INFINITY } : seen.pull === pull ? seen : { pull, since: now },
    );
  }
  return out;
}

/** Whether a Pull member whose agent has not reported yet is still within the grace of its switch to Pull. */
export function awaitingFirstReport(changes: ModeChanges, name: string, graceMs: number, now: number): boolean {
  const change = changes.get(name);
  return change?.pull === true && now - change.since < graceMs;
}
