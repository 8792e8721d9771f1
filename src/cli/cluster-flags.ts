import { Flags } from '@oclif/core';
import { DEFAULT_KUBE_CLIENT_OPTIONS, INVENTORY_NAME, DEFAULT_MEMBER_TIMEOUT_MS } from '../apply/index.ts';
import type { ClusterAccess } from '../apply/index.ts';
import { parseDuration } from '../model/index.ts';

/** A duration flag (`30s`, `5m`, `1h30m`) parsed into milliseconds; a malformed one is a usage error naming the flag. */
export const durationFlag = Flags.custom<number>({ parse: async (input) => parseDuration(input) });

/** Flags of the commands that talk to member clusters. */
export const clusterFlags = {
  kubeconfig: Flags.string({ description: 'kubeconfig file (default: $KUBECONFIG, else ~/.kube/config)' }),
  qps: Flags.integer({
    description:
      'client-side requests per second, per cluster; unless --qps or --burst is given, lifted for a member that runs API Priority and Fairness',
    defaultHelp: async () => String(DEFAULT_KUBE_CLIENT_OPTIONS.qps),
  }),
  burst: Flags.integer({
    description: 'client-side request burst, per cluster',
    defaultHelp: async () => String(DEFAULT_KUBE_CLIENT_OPTIONS.burst),
  }),
  'inventory-name': Flags.string({
    description:
      'name of the inventory ConfigMap in flotilla-system of each member: one per fleet repository applying to the same members',
    default: INVENTORY_NAME,
  }),
  'member-timeout': durationFlag({
    description:
      'deadline of each member in one pass (e.g. 90s, 5m): a member still busy then is reported failed, its requests aborted, and the pass goes on with the others',
    default: DEFAULT_MEMBER_TIMEOUT_MS,
    defaultHelp: async () => '5m',
  }),
};

/** How to reach the clusters, from the cluster flags. */
export function clusterAccess(flags: {
  kubeconfig?: string | undefined;
  qps?: number | undefined;
  burst?: number | undefined;
  'member-timeout': number;
}): ClusterAccess {
  const { qps = DEFAULT_KUBE_CLIENT_OPTIONS.qps, burst = DEFAULT_KUBE_CLIENT_OPTIONS.burst } = flags;
  return {
    kubeconfig: flags.kubeconfig ? { kubeconfig: flags.kubeconfig } : {},
    // A limit the user chose is kept; the default one gives way to the member's own flow control.
    client: { qps, burst, yieldToFlowControl: flags.qps === undefined && flags.burst === undefined },
    memberTimeoutMs: flags['member-timeout'],
  };
}
