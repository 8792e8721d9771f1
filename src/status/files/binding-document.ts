/**
 * The binding view of one template on the status branch (README.md#flotilla-status): a Karmada
 * ResourceBinding (ClusterResourceBinding for a cluster-scoped template) with spec.clusters and
 * status.aggregatedStatus, plus Flotilla's health, problems and the aggregated resource status,
 * and the fields the controllers' record sections keep there (failover's spec.gracefulEvictionTasks and
 * status.unhealthySince).
 * Karmada's applied-placement annotation keeps the scheduler's state between passes
 * (docs/karmada-compatibility.md#scheduling-state-on-the-status-branch). Written and read back here, so the two stay
 * one format.
 */
import { groupOf, isRecord } from '../../model/index.ts';
import type {
  AggregatedStatusItem,
  Condition,
  HealthState,
  ObjectRef,
  PolicyRef,
  TargetCluster,
} from '../../model/index.ts';
import type { RenderedFrom, TemplateStatus } from '../status-types.ts';
import { documentFieldsOf, type RecordSections, type Warn } from '../record-section.ts';

export const BINDING_API_VERSION = 'work.karmada.io/v1alpha2';
/** Karmada's annotations naming the policy that claimed a binding's template. */
export const POLICY_NAME_ANNOTATION = 'propagationpolicy.karmada.io/name';
export const POLICY_NAMESPACE_ANNOTATION = 'propagationpolicy.karmada.io/namespace';
export const CLUSTER_POLICY_NAME_ANNOTATION = 'clusterpropagationpolicy.karmada.io/name';
/** Karmada's annotations on the binding of a Service a MultiClusterService claims. */
export const MCS_NAME_ANNOTATION = 'multiclusterservice.karmada.io/name';
export const MCS_NAMESPACE_ANNOTATION = 'multiclusterservice.karmada.io/namespace';
/** Flotilla's: the render root a template was rendered from, the file inside it and the generator, as kustomize says. */
export const RENDERED_FROM_ANNOTATION = 'flotilla.io/rendered-from';
export const SOURCE_FILE_ANNOTATION = 'flotilla.io/source-file';
export const SOURCE_GENERATOR_ANNOTATION = 'flotilla.io/source-generator';
/** Karmada's annotation with the placement JSON a binding was last scheduled with: the next pass's reschedule gate reads it. */
export const APPLIED_PLACEMENT_ANNOTATION = 'policy.karmada.io/applied-placement';

/** Karmada's GenerateBindingName: `<name with ':' as '.'>-<kind>`, lowercased. */
export function bindingName(ref: ObjectRef): string {
  return `${ref.name.replaceAll(':', '.')}-${ref.kind}`.toLowerCase();
}

/** `resources/<group or core>/<kind>/<namespace or _cluster>/<name>.yaml` (README.md#flotilla-status). */
export function resourcePath(ref: ObjectRef): string {
  return `resources/${groupOf(ref.apiVersion) || 'core'}/${ref.kind}/${ref.namespace || '_cluster'}/${ref.name}.yaml`;
}

function policyAnnotations(policy: PolicyRef | null): Record<string, string> {
  if (policy === null) return {};
  if (policy.kind === 'ClusterPropagationPolicy') return { [CLUSTER_POLICY_NAME_ANNOTATION]: policy.name };
  if (policy.kind === 'MultiClusterService')
    return { [MCS_NAMESPACE_ANNOTATION]: policy.namespace, [MCS_NAME_ANNOTATION]: policy.name };
  return { [POLICY_NAMESPACE_ANNOTATION]: policy.namespace, [POLICY_NAME_ANNOTATION]: policy.name };
}

function bindingAnnotations(status: TemplateStatus): Record<string, string> | undefined {
  const annotations = {
    ...policyAnnotations(status.policy),
    ...(status.appliedPlacement !== undefined ? { [APPLIED_PLACEMENT_ANNOTATION]: status.appliedPlacement } : {}),
    ...renderedFromAnnotations(status.renderedFrom),
  };
  return Object.keys(annotations).length > 0 ? annotations : undefined;
}

function renderedFromAnnotations(from: RenderedFrom | undefined): Record<string, string> {
  if (from === undefined) return {};
  return {
    [RENDERED_FROM_ANNOTATION]: from.root,
    ...(from.sourceFile ? { [SOURCE_FILE_ANNOTATION]: from.sourceFile } : {}),
    ...(from.generator ? { [SOURCE_GENERATOR_ANNOTATION]: from.generator } : {}),
  };
}

function renderedFromOf(annotations: Record<string, unknown>): { renderedFrom?: RenderedFrom } {
  const root = text(annotations[RENDERED_FROM_ANNOTATION]);
  if (!root) return {};
  const sourceFile = text(annotations[SOURCE_FILE_ANNOTATION]);
  const generator = text(annotations[SOURCE_GENERATOR_ANNOTATION]);
  return { renderedFrom: { root, ...(sourceFile ? { sourceFile } : {}), ...(generator ? { generator } : {}) } };
}

/** The document written for a template, with the `sections`' fields. */
export function bindingDocument(status: TemplateStatus, sections: RecordSections = []): Record<string, unknown> {
  const ref = status.resource;
  const annotations = bindingAnnotations(status);
  const fields = documentFieldsOf(sections).map((f) => f.bindingFields(status));
  return {
    apiVersion: BINDING_API_VERSION,
    kind: ref.namespace ? 'ResourceBinding' : 'ClusterResourceBinding',
    metadata: {
      name: bindingName(ref),
      ...(ref.namespace ? { namespace: ref.namespace } : {}),
      ...(annotations ? { annotations } : {}),
    },
    spec: {
      resource: {
        apiVersion: ref.apiVersion,
        kind: ref.kind,
        ...(ref.namespace ? { namespace: ref.namespace } : {}),
        name: ref.name,
      },
      replicas: status.replicas,
      clusters: status.clusters,
      ...Object.assign({}, ...fields.map((f) => f.spec)),
    },
    status: {
      ...(status.affinityName ? { schedulerObservingAffinityName: status.affinityName } : {}),
      conditions: status.conditions,
      aggregatedStatus: status.aggregatedStatus,
      ...(status.resourceStatus ? { resourceStatus: status.resourceStatus } : {}),
      health: status.health,
      problems: status.problems,
      ...Object.assign({}, ...fields.map((f) => f.status)),
    },
  };
}

function record(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

function list<T>(value: unknown, keep: (item: Record<string, unknown>) => T | undefined): T[] {
  return Array.isArray(value)
    ? value
        .filter(isRecord)
        .map(keep)
        .filter((x): x is T => x !== undefined)
    : [];
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function policyFrom(annotations: Record<string, unknown>): PolicyRef | null {
  const cluster = text(annotations[CLUSTER_POLICY_NAME_ANNOTATION]);
  if (cluster) return { kind: 'ClusterPropagationPolicy', namespace: '', name: cluster };
  const mcs = text(annotations[MCS_NAME_ANNOTATION]);
  if (mcs) return { kind: 'MultiClusterService', namespace: text(annotations[MCS_NAMESPACE_ANNOTATION]), name: mcs };
  const name = text(annotations[POLICY_NAME_ANNOTATION]);
  return name ? { kind: 'PropagationPolicy', namespace: text(annotations[POLICY_NAMESPACE_ANNOTATION]), name } : null;
}

const HEALTH: readonly HealthState[] = ['Healthy', 'Unhealthy', 'Unknown'];

function healthFrom(value: unknown): HealthState {
  return HEALTH.find((h) => h === value) ?? 'Unknown';
}

/**
 * Reads a binding document back; `undefined` when it is not one. Unknown fields are ignored; the
 * `sections`' fields are read by them (a malformed entry dropped with a warning).
 */
export function parseBindingDocument(
  doc: unknown,
  warn: Warn = () => undefined,
  sections: RecordSections = [],
): TemplateStatus | undefined {
  if (!isRecord(doc) || doc['apiVersion'] !== BINDING_API_VERSION) return undefined;
  const spec = record(doc['spec']);
  const status = record(doc['status']);
  const resource = record(spec['resource']);
  if (!text(resource['kind']) || !text(resource['name'])) return undefined;
  const resourceStatus = status['resourceStatus'];
  const fields: Partial<TemplateStatus> = Object.assign(
    {},
    ...documentFieldsOf(sections).map((f) => f.readBinding(spec, status, warn)),
  );
  const annotations = record(record(doc['metadata'])['annotations']);
  // Kept as written, unparsable or not: the reschedule gate tells the two apart
  // (docs/karmada-compatibility.md#when-a-binding-is-scheduled).
  const appliedPlacement = annotations[APPLIED_PLACEMENT_ANNOTATION];
  return {
    resource: {
      apiVersion: text(resource['apiVersion']),
      kind: text(resource['kind']),
      namespace: text(resource['namespace']),
      name: text(resource['name']),
    },
    policy: policyFrom(annotations),
    ...renderedFromOf(annotations),
    replicas: typeof spec['replicas'] === 'number' ? spec['replicas'] : 0,
    clusters: list<TargetCluster>(spec['clusters'], (c) =>
      text(c['name'])
        ? { name: text(c['name']), replicas: typeof c['replicas'] === 'number' ? c['replicas'] : 0 }
        : undefined,
    ),
    ...(text(status['schedulerObservingAffinityName'])
      ? { affinityName: text(status['schedulerObservingAffinityName']) }
      : {}),
    ...(typeof appliedPlacement === 'string' ? { appliedPlacement } : {}),
    conditions: list<Condition>(status['conditions'], (c) => c as unknown as Condition),
    aggregatedStatus: list<AggregatedStatusItem>(status['aggregatedStatus'], (i) =>
      text(i['clusterName']) ? (i as unknown as AggregatedStatusItem) : undefined,
    ),
    ...(isRecord(resourceStatus) ? { resourceStatus } : {}),
    health: healthFrom(status['health']),
    problems: Array.isArray(status['problems'])
      ? status['problems'].filter((p): p is string => typeof p === 'string')
      : [],
    ...fields,
  };
}
