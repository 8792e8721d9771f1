/**
 * Karmada's cluster controller removes a recovered member's taints once its status is Ready, which
 * re-enqueues the bindings; they are scheduled then with the status it just collected (Ready and
 * the API enablements arrive in one status update). A pass can render a recovering member with a
 * status observed while its apiserver answered but was not ready yet: the probe makes it Ready,
 * but its API enablements are still the empty list of that moment, and the scheduler's
 * APIEnablement filter leaves it out. Nothing else would ask for another pass, so the members the
 * pass's status step saw schedulable where its render did not are the loop's cue for one. Not a
 * member the loop has failed over: it is rendered not ready on purpose, whatever the status step
 * sees (a probe with its short timeout can fail where the apply's connection gets through, and
 * with shards another replica may reach a member this one cannot), and the probe that finds it
 * ready asks for the pass; counting it here would ask for a pass after every pass.
 */
import type { Cluster, ClusterStatus } from '../../model/index.ts';
import { isClusterReady } from '../../status/index.ts';

function schedulable(status: ClusterStatus | undefined): boolean {
  return (
    isClusterReady(status) &&
    (status?.conditions?.some((c) => c.type === 'CompleteAPIEnablements' && c.status === 'True') ?? false)
  );
}

/**
 * Members `observed` (the status step's) as Ready with complete API enablements that `rendered` had
 * otherwise, but for those in `failedOver`.
 */
export function recoveredSinceRender(
  rendered: readonly Cluster[],
  observed: ReadonlyMap<string, ClusterStatus>,
  failedOver: readonly string[] = [],
): string[] {
  return rendered
    .filter(
      (c) =>
        !failedOver.includes(c.metadata.name) && !schedulable(c.status) && schedulable(observed.get(c.metadata.name)),
    )
    .map((c) => c.metadata.name);
}
