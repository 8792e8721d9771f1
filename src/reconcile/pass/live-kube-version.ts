/**
 * The Kubernetes version charts render for in a command that contacts the members (`plan` live,
 * `apply`, `run`'s first pass): the oldest one the reachable members answer on `/version`, so
 * `.Capabilities` answers as on the members even when the status branch's record is old or absent.
 */
import type { Cluster } from '../../model/index.ts';
import { pullMemberNames } from '../../model/index.ts';
import type { Connector, KubeClient } from '../../apply/index.ts';
import { oldestVersion } from '../../source/index.ts';
import { memberVersion } from '../../status/index.ts';
import type { FleetSource } from './read-fleet.ts';

/**
 * How long the render waits for a member's `/version`: the render waits for the slowest member,
 * and a hung one must not hold every other member's apply for its whole member deadline.
 */
export const VERSION_TIMEOUT_MS = 10_000;

/** The oldest version the connected members answer in time; members without a client or an answer are left out. */
export async function membersLiveVersion(
  clients: ReadonlyMap<string, KubeClient | Error>,
  timeoutMs = VERSION_TIMEOUT_MS,
): Promise<string | undefined> {
  const reachable = [...clients.values()].filter((client): client is KubeClient => !(client instanceof Error));
  return oldestVersion(await Promise.all(reachable.map((client) => withinTimeout(memberVersion(client), timeoutMs))));
}

function withinTimeout(answer: Promise<string | undefined>, ms: number): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
    timer.unref();
  });
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

/**
 * The version to render the charts again for, or `undefined` when the read stands: it used no
 * chart (so no member is asked), or the members answer the version it rendered for, or none
 * answers (the recorded version, then helm's default, stays). Pull members are never contacted.
 */
export async function chartsVersionToRerender(source: FleetSource, connect: Connector): Promise<string | undefined> {
  const charts = source.snapshot.charts;
  if (charts === undefined) return undefined;
  const pull = new Set(pullMemberNames(source.fleet.clusters));
  const members: Cluster[] = source.fleet.clusters.map((c) => c.object).filter((c) => !pull.has(c.metadata.name));
  if (members.length === 0) return undefined;
  const live = await membersLiveVersion(await connect(members));
  return live !== undefined && live !== charts.kubeVersion ? live : undefined;
}
