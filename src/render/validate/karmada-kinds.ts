/**
 * The Karmada kinds Flotilla reads (README.md#commands), each with its schema, scope, and the
 * defaults Karmada's webhooks and CRDs apply before validating (docs/karmada-compatibility.md#defaults-and-admission).
 */
import type { OverridePolicy, PropagationPolicy } from '../../model/index.ts';
import {
  APPS_GROUP_VERSION,
  AUTOSCALING_GROUP_VERSION,
  CLUSTER_GROUP_VERSION,
  CONFIG_GROUP_VERSION,
  isRecord,
  NETWORKING_GROUP_VERSION,
  POLICY_GROUP_VERSION,
  SEARCH_GROUP_VERSION,
} from '../../model/index.ts';
import { defaultOverridePolicy, defaultPropagationPolicy } from '../defaults/index.ts';
import { defaultCronFederatedHPA, defaultFederatedHPA } from '../defaults/autoscaling.ts';
import { policyNamespace } from '../defaults/selectors.ts';
import { renameDeprecatedPurgeModes } from './deprecated-purge-modes.ts';
import { error, invalidMessage, type IssueSink } from './issues.ts';
import { objectMeta } from './schemas/meta.ts';
import { checkCluster, clusterSpec, clusterStatus, migrateClusterZone } from './schemas/cluster.ts';
import { clusterTaintPolicySpec } from './schemas/cluster-taint-policy.ts';
import { checkCronFederatedHPA, cronFederatedHPASpec, cronFederatedHPAStatus } from './schemas/cron-federated-hpa.ts';
import { checkFederatedHPA, federatedHPASpec, federatedHPAStatus } from './schemas/federated-hpa.ts';
import { federatedResourceQuotaSpec, federatedResourceQuotaStatus } from './schemas/federated-resource-quota.ts';
import { defaultResourceRegistry, resourceRegistrySpec, resourceRegistryStatus } from './schemas/resource-registry.ts';
import { workloadRebalancerSpec, workloadRebalancerStatus } from './schemas/workload-rebalancer.ts';
import { multiClusterIngressSpec, multiClusterIngressStatus } from './schemas/multi-cluster-ingress.ts';
import { multiClusterServiceSpec, multiClusterServiceStatus } from './schemas/multi-cluster-service.ts';
import { overrideSpec } from './schemas/override-policy.ts';
import { propagationSpec } from './schemas/propagation-policy.ts';
import { interpreterCustomizationSpec } from './schemas/resource-interpreter-customization.ts';
import { any, arr, int, obj, str, strings, type ObjectSchema } from './schema.ts';

type Json = Record<string, unknown>;

/** How one Karmada kind is validated. */
export interface KarmadaKind {
  /** The whole object: apiVersion, kind, metadata, spec (and status where the kind has one). */
  schema: ObjectSchema;
  namespaced: boolean;
  /**
   * Admission and CRD defaulting, run before validation as Karmada's API server does; it may
   * report what it rewrote (a deprecated value read as its replacement).
   */
  prepare?: (obj: Json, out: IssueSink) => Json;
  /** Rules that need the object's metadata as well as its spec. */
  check?: (obj: Json, out: IssueSink) => void;
}

/**
 * config.karmada.io ResourceInterpreterWebhookConfiguration: read so it is recognised and
 * reported, never called (Flotilla has no live webhook endpoint to ask during a pass).
 */
const interpreterWebhookConfiguration: ObjectSchema = obj(
  {
    apiVersion: str(),
    kind: str(),
    metadata: objectMeta,
    webhooks: arr(
      obj(
        { name: str(), clientConfig: any, rules: arr(any), timeoutSeconds: int(), interpreterContextVersions: strings },
        { required: ['name', 'clientConfig', 'interpreterContextVersions'] },
      ),
    ),
  },
  { required: ['webhooks'] },
);

const root = (spec: ObjectSchema, status?: ObjectSchema): ObjectSchema =>
  obj(
    { apiVersion: str(), kind: str(), metadata: objectMeta, spec, ...(status ? { status } : {}) },
    { required: ['spec'] },
  );

/**
 * PP/OP validation: a selector can only name the policy's own namespace
 * (docs/karmada-compatibility.md#resource-selectors). Runs on the defaulted policy, where empty selector namespaces
 * already hold the policy's namespace.
 */
function checkSelectorNamespaces(obj: Json, out: IssueSink): void {
  const own = policyNamespace(obj['metadata']);
  const selectors = isRecord(obj['spec']) ? obj['spec']['resourceSelectors'] : undefined;
  if (!Array.isArray(selectors)) return;
  selectors.forEach((sel: unknown, i) => {
    if (!isRecord(sel) || typeof sel['namespace'] !== 'string' || sel['namespace'] === own) return;
    error(
      out,
      ['spec', 'resourceSelectors', i, 'namespace'],
      invalidMessage(sel['namespace'], `must be empty or the policy's own namespace ${JSON.stringify(own)}`),
    );
  });
}

const prepareProp = (o: Json, out: IssueSink): Json =>
  defaultPropagationPolicy(renameDeprecatedPurgeModes(o, out) as PropagationPolicy);
const prepareOverride = (o: Json): Json => defaultOverridePolicy(o as OverridePolicy);

const KINDS: ReadonlyMap<string, KarmadaKind> = new Map([
  [
    `${POLICY_GROUP_VERSION}/PropagationPolicy`,
    { schema: root(propagationSpec), namespaced: true, prepare: prepareProp, check: checkSelectorNamespaces },
  ],
  [
    `${POLICY_GROUP_VERSION}/ClusterPropagationPolicy`,
    { schema: root(propagationSpec), namespaced: false, prepare: prepareProp },
  ],
  [
    `${POLICY_GROUP_VERSION}/OverridePolicy`,
    { schema: root(overrideSpec), namespaced: true, prepare: prepareOverride, check: checkSelectorNamespaces },
  ],
  [`${POLICY_GROUP_VERSION}/ClusterOverridePolicy`, { schema: root(overrideSpec), namespaced: false }],
  [
    `${CLUSTER_GROUP_VERSION}/Cluster`,
    {
      schema: root(clusterSpec, clusterStatus),
      namespaced: false,
      prepare: migrateClusterZone,
      check: checkCluster,
    },
  ],
  [
    `${CONFIG_GROUP_VERSION}/ResourceInterpreterCustomization`,
    { schema: root(interpreterCustomizationSpec), namespaced: false },
  ],
  [
    `${CONFIG_GROUP_VERSION}/ResourceInterpreterWebhookConfiguration`,
    { schema: interpreterWebhookConfiguration, namespaced: false },
  ],
  [`${POLICY_GROUP_VERSION}/ClusterTaintPolicy`, { schema: root(clusterTaintPolicySpec), namespaced: false }],
  [
    `${POLICY_GROUP_VERSION}/FederatedResourceQuota`,
    { schema: root(federatedResourceQuotaSpec, federatedResourceQuotaStatus), namespaced: true },
  ],
  [
    `${APPS_GROUP_VERSION}/WorkloadRebalancer`,
    { schema: root(workloadRebalancerSpec, workloadRebalancerStatus), namespaced: false },
  ],
  [
    `${SEARCH_GROUP_VERSION}/ResourceRegistry`,
    { schema: root(resourceRegistrySpec, resourceRegistryStatus), namespaced: false, prepare: defaultResourceRegistry },
  ],
  [
    `${AUTOSCALING_GROUP_VERSION}/FederatedHPA`,
    {
      schema: root(federatedHPASpec, federatedHPAStatus),
      namespaced: true,
      prepare: defaultFederatedHPA,
      check: checkFederatedHPA,
    },
  ],
  [
    `${AUTOSCALING_GROUP_VERSION}/CronFederatedHPA`,
    {
      schema: root(cronFederatedHPASpec, cronFederatedHPAStatus),
      namespaced: true,
      prepare: defaultCronFederatedHPA,
      check: checkCronFederatedHPA,
    },
  ],
  [
    `${NETWORKING_GROUP_VERSION}/MultiClusterService`,
    { schema: root(multiClusterServiceSpec, multiClusterServiceStatus), namespaced: true },
  ],
  [
    `${NETWORKING_GROUP_VERSION}/MultiClusterIngress`,
    { schema: root(multiClusterIngressSpec, multiClusterIngressStatus), namespaced: true },
  ],
]);

/** The Karmada kind of an apiVersion and kind, or undefined for a resource template. */
export function karmadaKind(apiVersion: unknown, kind: unknown): KarmadaKind | undefined {
  return typeof apiVersion === 'string' && typeof kind === 'string' ? KINDS.get(`${apiVersion}/${kind}`) : undefined;
}

/** `[apiVersion, kind]` of every Karmada kind Flotilla reads. */
export const KARMADA_KINDS: readonly (readonly [apiVersion: string, kind: string])[] = [...KINDS.keys()].map((key) => {
  const slash = key.lastIndexOf('/');
  return [key.slice(0, slash), key.slice(slash + 1)] as const;
});

/** The supported apiVersion of a Karmada kind name, for objects that use another version. */
export function karmadaApiVersionOf(kind: string): string | undefined {
  return KARMADA_KINDS.find(([, k]) => k === kind)?.[0];
}
