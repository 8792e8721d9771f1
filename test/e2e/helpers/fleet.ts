// Typed clients for the members of the e2e fleet, from the kubeconfig that
// the global setup provides.
import { ApiException, KubeConfig, type ApiConstructor, type ApiType } from '@kubernetes/client-node';
import { inject } from 'vitest';
import { members } from '../../../scripts/fleet/config.ts';

export { members };
export const memberNames: readonly string[] = members.map((member) => member.name);

export function fleetKubeconfig(): string {
  const path = inject('kubeconfig') ?? process.env.FLOTILLA_E2E_KUBECONFIG;
  if (!path) throw new Error('no fleet kubeconfig: run e2e tests through the vitest "e2e" project (its global setup starts the fleet)');
  return path;
}

/** A KubeConfig whose current context is the member's; `file` for a kubeconfig other than the fleet's (a scratch member's). */
export function kubeConfigFor(member: string, file = fleetKubeconfig()): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromFile(file);
  kc.setCurrentContext(member);
  return kc;
}

export function apiFor<T extends ApiType>(member: string, api: ApiConstructor<T>, file = fleetKubeconfig()): T {
  return kubeConfigFor(member, file).makeApiClient(api);
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiException && error.code === 404;
}
