/**
 * Probes the fleet's members on an interval (issue 9) and feeds the failover controller; when the
 * set of failed-over members changes (a member failed past the grace period, or recovered) it asks
 * for a pass. Probes use a short timeout and no retries: one probe is one observation.
 */
import type { Cluster } from '../../model/index.ts';
import { reusingConnector } from '../../apply/index.ts';
import type { ClusterAccess } from '../../apply/index.ts';
import type { ProbeResult } from './member-health.ts';
import { probeMembers } from './probe-members.ts';

/** Monitor settings. */
export interface MemberMonitorOptions {
  access: ClusterAccess;
  /** Records one round; true when the set of failed-over members changed. */
  record: (probes: ReadonlyMap<string, ProbeResult>, now: number) => boolean;
  /** `--probe-interval`. @default 10_000 */
  intervalMs: number;
  /** One probe's time limit. @default 5_000 */
  timeoutMs: number;
  /** The fleet's clusters as of the last pass (empty before the first). */
  clusters: () => readonly Cluster[];
  now: () => number;
  onProbes: (probes: ReadonlyMap<string, ProbeResult>) => void;
  /** The failed-over set changed. */
  onChange: () => void;
  /** A round that failed outright (the kubeconfig could not be read). */
  onError: (error: unknown) => void;
}

/** The defaults of {@link MemberMonitorOptions}. */
export const DEFAULT_MEMBER_MONITOR_OPTIONS: Readonly<Pick<MemberMonitorOptions, 'intervalMs' | 'timeoutMs'>> =
  Object.freeze({ intervalMs: 10_000, timeoutMs: 5_000 });

/** A started monitor. */
export interface MemberMonitor {
  /** Probes now (also run on the interval); resolves when the round is done. */
  probe(): Promise<void>;
  close(): Promise<void>;
}

/** Starts probing; rounds never overlap. */
export function startMemberMonitor(
  options: Partial<MemberMonitorOptions> & Omit<MemberMonitorOptions, keyof typeof DEFAULT_MEMBER_MONITOR_OPTIONS>,
): MemberMonitor {
  const o: MemberMonitorOptions = { ...DEFAULT_MEMBER_MONITOR_OPTIONS, ...options };
  const access: ClusterAccess = {
    ...o.access,
    client: { ...o.access.client, timeoutMs: o.timeoutMs, retry: { retries: 0, baseDelayMs: 0, maxDelayMs: 0 } },
  };
  const connect = reusingConnector(access);
  let running: Promise<void> = Promise.resolve();
  const round = async (): Promise<void> => {
    const clusters = o.clusters();
    if (clusters.length === 0) return;
    const probes = await probeMembers(await connect(clusters));
    o.onProbes(probes);
    if (o.record(probes, o.now())) o.onChange();
  };
  const safeRound = (): Promise<void> => round().catch(o.onError);
  const probe = (): Promise<void> => (running = running.then(safeRound));
  const timer = setInterval(() => void probe(), o.intervalMs);
  return {
    probe,
    close: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
