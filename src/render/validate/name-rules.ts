/**
 * Which syntax an object's name must have, per kind: Kubernetes is stricter than a DNS-1123
 * subdomain for some kinds and looser for RBAC kinds; Karmada limits Cluster names.
 */
import { groupKind } from '../../model/index.ts';
import { isDNS1035Label, isDNS1123Label, isDNS1123Subdomain, isPathSegmentName } from './names.ts';

/** Returns the problems with a name; empty when valid. */
export type NameRule = (name: string) => readonly string[];

/** ValidateClusterName (pkg/util/validation): execution namespaces prefix 15 of 63 characters. */
function clusterName(name: string): readonly string[] {
  return name.length > 48 ? ['must be no more than 48 characters'] : isDNS1123Label(name);
}

/** CronJob names leave 11 characters for the Job suffix (ValidateCronJob). */
function cronJobName(name: string): readonly string[] {
  const errs = isDNS1123Subdomain(name);
  return name.length > 52 ? [...errs, 'must be no more than 52 characters'] : errs;
}

const NAME_RULES: ReadonlyMap<string, NameRule> = new Map([
  ['core/Namespace', isDNS1123Label],
  ['core/Service', isDNS1035Label],
  ['rbac.authorization.k8s.io/Role', isPathSegmentName],
  ['rbac.authorization.k8s.io/ClusterRole', isPathSegmentName],
  ['rbac.authorization.k8s.io/RoleBinding', isPathSegmentName],
  ['rbac.authorization.k8s.io/ClusterRoleBinding', isPathSegmentName],
  ['batch/CronJob', cronJobName],
  ['cluster.karmada.io/Cluster', clusterName],
  // Named as the Service it exposes.
  ['networking.karmada.io/MultiClusterService', isDNS1035Label],
]);

/** The name rule of a kind: a DNS-1123 subdomain unless the kind has its own. */
export function nameRuleFor(apiVersion: string, kind: string): NameRule {
  return NAME_RULES.get(groupKind(apiVersion, kind)) ?? isDNS1123Subdomain;
}
