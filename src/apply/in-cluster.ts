/**
 * The member's own API server from inside a Pod (`flotilla agent` without `--kubeconfig`): the
 * service account's token and CA, and the `KUBERNETES_SERVICE_*` address, as one kubeconfig
 * context, so the agent's client is built exactly as every other client. The token is named by its
 * file, which client-node reads again as the kubelet rotates it.
 */
import { existsSync } from 'node:fs';
import { isIPv6 } from 'node:net';
import type { Kubeconfig } from './kubeconfig.ts';

/** The context name of the in-cluster configuration. */
export const IN_CLUSTER_CONTEXT = 'in-cluster';

const SERVICE_ACCOUNT = '/var/run/secrets/kubernetes.io/serviceaccount';

/** Where the Pod's service account and API server are (injected for tests). */
export interface InClusterLocation {
  env: Record<string, string | undefined>;
  /** The service account folder. @default /var/run/secrets/kubernetes.io/serviceaccount */
  serviceAccount?: string;
}

/** The in-cluster kubeconfig, or why there is none (not in a Pod, no service account token). */
export function inClusterKubeconfig(location: InClusterLocation = { env: process.env }): Kubeconfig {
  const host = location.env['KUBERNETES_SERVICE_HOST'];
  const port = location.env['KUBERNETES_SERVICE_PORT'];
  const dir = location.serviceAccount ?? SERVICE_ACCOUNT;
  if (!host || !port)
    throw new Error(
      'not running in a Pod (KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT are unset): pass --kubeconfig',
    );
  if (!existsSync(`${dir}/token`)) throw new Error(`no service account token at ${dir}/token: pass --kubeconfig`);
  const server = `https://${isIPv6(host) ? `[${host}]` : host}:${port}`;
  return {
    files: [],
    clusters: [{ name: IN_CLUSTER_CONTEXT, value: { server, 'certificate-authority': `${dir}/ca.crt` } }],
    users: [
      {
        name: IN_CLUSTER_CONTEXT,
        value: { 'auth-provider': { name: 'tokenFile', config: { tokenFile: `${dir}/token` } } },
      },
    ],
    contexts: [{ name: IN_CLUSTER_CONTEXT, value: { cluster: IN_CLUSTER_CONTEXT, user: IN_CLUSTER_CONTEXT } }],
    currentContext: IN_CLUSTER_CONTEXT,
  };
}
