import { Flags } from '@oclif/core';
import { DEFAULT_KUBE_CLIENT_OPTIONS } from '../apply/client-node-kube-client.ts';
import { INVENTORY_NAME } from '../apply/inventory.ts';
import type { ClusterAccess } from '../apply/connect.ts';

/** Flags of the commands that talk to member clusters. */
export const clusterFlags = {
  kubeconfig: Flags.string({ description: 'kubeconfig file (default: $KUBECONFIG, else ~/.kube/config)' }),
  qps: Flags.integer({ description: 'client-side requests per second, per cluster', default: DEFAULT_KUBE_CLIENT_OPTIONS.qps }),
  burst: Flags.integer({ description: 'client-side request burst, per cluster', default: DEFAULT_KUBE_CLIENT_OPTIONS.burst }),
  'inventory-name': Flags.string({ description: 'name of the inventory ConfigMap in flotilla-system of each member: one per fleet repository applying to the same members', default: INVENTORY_NAME }),
};

/** How to reach the clusters, from the cluster flags. */
export function clusterAccess(flags: { kubeconfig?: string | undefined; qps: number; burst: number }): ClusterAccess {
  return { kubeconfig: flags.kubeconfig ? { kubeconfig: flags.kubeconfig } : {}, client: { qps: flags.qps, burst: flags.burst } };
}
