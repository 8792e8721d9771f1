import { asKubeObject, describeRef, groupKind, missingIdentity, refKey, refOf } from '../../model/index.ts';
import type {
  Cluster,
  Diagnostic,
  FederatedResourceQuota,
  KubeObject,
  PartialKubeObject,
  ScheduledBinding,
  SourceObject,
} from '../../model/index.ts';
import { InterpretError } from '../../interpreter/index.ts';
import type { ResourceInterpreter } from '../../interpreter/index.ts';
import { applyPrepared, prepareOverrides, selectedRulesKey } from '../overrides/index.ts';
import type { OverrideSet, PreparedOverrides } from '../overrides/index.ts';
import { policyRefOf } from '../detect/detect.ts';
import { interpreterFailure } from '../interpreter-failure.ts';
import { objectTooLarge } from '../parse/file-limits.ts';
import { sortAllInApplyOrder } from './apply-order.ts';
import { resolveDependencies } from './dependencies.ts';
import { federatedQuotaItems } from './federated-quotas.ts';
import { splitCompletions, withCompletions } from './job-completions.ts';
import { autoPropagates, isSystemNamespace, synthesizedNamespace } from './namespaces.ts';
import { pruneServerFields } from './prune-fields.ts';
import type { TemplateBinding } from './template-binding.ts';
import { stampTracking } from './tracking.ts';
import type { WorkItem, Works } from './work.ts';

export interface BuildWorksInput {
  bindings: readonly TemplateBinding[];
  clusters: readonly Cluster[];
  interpreter: ResourceInterpreter;
  overrides: OverrideSet;
  sourceCommit: string;
  /** Namespaces never propagated (anchored patterns, compiled). */
  skippedNamespaces: readonly RegExp[];
  /** Their members' ResourceQuotas join the Works (federated-quotas.ts). */
  federatedResourceQuotas?: readonly SourceObject<FederatedResourceQuota>[];
}

export interface BuiltWorks {
  works: Works;
  /** For each dependency template (refKey): the bindings that pulled it to clusters. */
  requiredBy: Map<string, { clusters: string[]; requiredBy: string[] }>;
  diagnostics: Diagnostic[];
}

/** One placement of a template on a cluster, before rendering. */
interface Target {
  cluster: Cluster;
  /** The scheduler's replicas for this cluster; undefined when not placed by scheduling. */
  replicas: number | undefined;
  /** This cluster's share of a Divided Job's completions. */
  completions?: number | undefined;
  policy: string;
  overwrite: boolean;
  binding: ScheduledBinding | null;
  /** A dependency without a binding of its own: preserved when any binding that needs it is. */
  preserveOnDeletion?: boolean;
}

function isWorkload(binding: ScheduledBinding): boolean {
  return binding.replicas > 0 || binding.replicaRequirements !== undefined || (binding.components?.length ?? 0) > 0;
}

function isSuspended(binding: ScheduledBinding | null, cluster: string): boolean {
  const s = binding?.suspension;
  return s?.dispatching === true || (s?.dispatchingOnClusters?.clusterNames ?? []).includes(cluster);
}

/**
 * Karmada applies only ClusterOverridePolicies to namespaces it syncs (docs/karmada-compatibility.md#namespace-sync).
 */
function overridesFor(set: OverrideSet, namespaceSync: boolean): OverrideSet {
  return namespaceSync ? { clusterOverridePolicies: set.clusterOverridePolicies, overridePolicies: [] } : set;
}

/** The interpreter's ReviseReplica threw: the template's failure, not a defect of the renderer. */
class ReviseReplicaFailed extends Error {
  constructor(cause: unknown) {
    super('ReviseReplica failed', { cause });
  }
}

/** A revised object without `apiVersion` or `metadata` cannot be rendered: the template fails. */
function revised(result: PartialKubeObject, template: KubeObject): KubeObject {
  const whole = asKubeObject(result);
  if (whole) return whole;
  const reason = `the returned object has no ${missingIdentity(result).join(' or ')}`;
  throw new InterpretError(describeRef(refOf(template)), 'ReviseReplica', reason);
}

/** The manifest of one placement, or why it is not rendered (the diagnostic names the cluster). */
function renderManifest(
  input: BuildWorksInput,
  template: SourceObject,
  templateKey: string,
  target: Target,
  overrides: PreparedOverrides,
): { manifest: KubeObject } | { diagnostic: Diagnostic } {
  let obj = pruneServerFields(template.object);
  const { binding, replicas } = target;
  if (binding && replicas !== undefined && isWorkload(binding) && input.interpreter.supports(obj, 'ReviseReplica')) {
    try {
      obj = revised(input.interpreter.reviseReplica(obj, replicas), obj);
    } catch (error) {
      throw new ReviseReplicaFailed(error);
    }
  }
  if (target.completions !== undefined) obj = withCompletions(obj, target.completions);
  const outcome = applyPrepared(obj, target.cluster, overrides);
  const notRendered = (reason: string) => ({
    diagnostic: {
      ...template.origin,
      severity: 'error' as const,
      object: describeRef(refOf(template.object)),
      message: `${describeRef(refOf(template.object))}: not rendered for cluster ${target.cluster.metadata.name}: ${reason}`,
    },
  });
  if (!outcome.ok) return notRendered(outcome.error.message);
  // The source object was bounded when parsed; overrides can only make it larger.
  const tooLarge =
    outcome.appliedClusterOverrides.length + outcome.appliedOverrides.length > 0
      ? objectTooLarge(outcome.manifest)
      : undefined;
  if (tooLarge) return notRendered(`after overrides, ${tooLarge}`);
  const manifest = stampTracking(outcome.manifest, {
    templateKey,
    policy: target.policy,
    sourceCommit: input.sourceCommit,
    overwrite: target.overwrite,
  });
  return { manifest };
}

/**
 * Everything a placement's manifest depends on besides its template: the replicas and completions
 * it is revised to, its tracking, and which override rules select its cluster.
 */
function renderKey(target: Target, overrides: PreparedOverrides): string {
  const { replicas, completions, policy, overwrite } = target;
  return `${replicas}\0${completions}\0${policy}\0${overwrite}\0${selectedRulesKey(target.cluster, overrides)}`;
}

/**
 * One placement's Work item. Clusters alike for this template (same {@link renderKey}) share one
 * manifest object instead of a copy each: rendered objects are never changed, and a fleet's
 * clusters mostly fall into a few override groups, so most of the per-cluster work is skipped.
 */
function renderOne(
  input: BuildWorksInput,
  template: SourceObject,
  templateKey: string,
  target: Target,
  overrides: PreparedOverrides,
  alike: Map<string, KubeObject>,
): WorkItem | Diagnostic {
  const key = renderKey(target, overrides);
  let manifest = alike.get(key);
  if (manifest === undefined) {
    const out = renderManifest(input, template, templateKey, target, overrides);
    if ('diagnostic' in out) return out.diagnostic;
    manifest = out.manifest;
    alike.set(key, manifest);
  }
  return {
    manifest,
    template: refOf(template.object),
    suspended: isSuspended(target.binding, target.cluster.metadata.name),
    preserveOnDeletion: target.preserveOnDeletion ?? target.binding?.preserveResourcesOnDeletion ?? false,
  };
}

/**
 * `text` as one flat string of its own. A string built by concatenation is a tree of its pieces
 * (32 bytes a node) and a slice keeps the whole string it was cut from (a source commit cut from
 * `git` output keeps the output); every manifest keeps the tracking strings it is stamped with,
 * 50,000 of each at 10,000 templates x 5 clusters (docs/benchmarks.md, "Web view").
 */
const flat = (text: string): string => JSON.parse(JSON.stringify(text)) as string;

function policyLabel(tb: TemplateBinding): string {
  if (!tb.claim.policy) return 'dependency';
  const ref = policyRefOf(tb.claim.policy);
  return ref.namespace ? `${ref.kind}/${ref.namespace}/${ref.name}` : `${ref.kind}/${ref.name}`;
}

function targetsOf(
  tb: TemplateBinding,
  byName: Map<string, Cluster>,
  dependency: { clusters: Set<string>; overwrite: boolean; preserve: boolean } | undefined,
  input: BuildWorksInput,
): { targets: Target[]; namespaceSync: boolean } {
  const targets: Target[] = [];
  const seen = new Set<string>();
  const add = (name: string, t: Omit<Target, 'cluster'>) => {
    const cluster = byName.get(name);
    if (!cluster || seen.has(name)) return;
    seen.add(name);
    targets.push({ cluster, ...t });
  };
  const binding = tb.binding;
  const overwrite = binding?.conflictResolution === 'Overwrite';
  const completions = binding ? splitCompletions(tb.template.object, binding) : undefined;
  // One label for all the template's targets, not a copy per manifest (see `flat`).
  const label = flat(policyLabel(tb));
  for (const c of binding?.clusters ?? []) {
    add(c.name, {
      replicas: c.replicas,
      completions: completions?.get(c.name),
      policy: label,
      overwrite,
      binding,
    });
  }
  for (const name of [...(dependency?.clusters ?? [])].sort()) {
    add(name, {
      replicas: undefined,
      policy: binding ? label : 'dependency',
      overwrite: overwrite || (dependency?.overwrite ?? false),
      binding,
      ...(binding ? {} : { preserveOnDeletion: dependency?.preserve ?? false }),
    });
  }
  const isNamespace = groupKind(tb.template.object.apiVersion, tb.template.object.kind) === 'core/Namespace';
  const namespaceSync = isNamespace && autoPropagates(tb.template.object, input.skippedNamespaces);
  if (namespaceSync) {
    for (const c of input.clusters)
      add(c.metadata.name, {
        replicas: undefined,
        policy: binding ? label : 'namespace-sync',
        overwrite,
        binding,
      });
  }
  return { targets, namespaceSync };
}

/** Adds the Namespaces a cluster's objects need; one synthesized manifest per name is shared by every cluster. */
function addMissingNamespaces(items: WorkItem[], input: BuildWorksInput, made: Map<string, WorkItem>): void {
  const have = new Set(
    items
      .filter((i) => i.manifest.kind === 'Namespace' && i.manifest.apiVersion === 'v1')
      .map((i) => i.manifest.metadata.name),
  );
  const needed = new Set<string>();
  for (const i of items) {
    const ns = i.manifest.metadata.namespace;
    if (ns && !have.has(ns) && !isSystemNamespace(ns, input.skippedNamespaces)) needed.add(ns);
  }
  for (const ns of needed) {
    const item = made.get(ns) ?? synthesizedNamespace(ns, input.sourceCommit);
    made.set(ns, item);
    items.push({ ...item });
  }
}

/**
 * Karmada's binding controller for a whole commit (docs/karmada-compatibility.md#overrides-and-work): for every
 * template and every cluster it goes to (scheduled clusters, clusters of the workloads that depend on it, or every
 * cluster for a synced Namespace), revise replicas, apply overrides, add tracking; add the
 * members' ResourceQuotas of the FederatedResourceQuotas; then add the Namespaces the objects need and put each cluster's Work in apply order. A manifest whose
 * overrides fail is left out of that cluster's Work with an error; a template whose replica
 * revision throws is left out of every cluster with one error; the rest still renders. Pure.
 */
export function buildWorks(given: BuildWorksInput): BuiltWorks {
  const input = { ...given, sourceCommit: flat(given.sourceCommit) };
  const byName = new Map(input.clusters.map((c): [string, Cluster] => [c.metadata.name, c]));
  const { required, diagnostics } = resolveDependencies(input.bindings, input.interpreter);
  const works: Works = new Map(input.clusters.map((c): [string, WorkItem[]] => [c.metadata.name, []]));
  for (const tb of input.bindings) {
    // Once per template, not per manifest (see `flat`).
    const key = flat(refKey(refOf(tb.template.object)));
    const dependency = required.get(key);
    const { targets, namespaceSync } = targetsOf(tb, byName, dependency, input);
    if (targets.length === 0) continue;
    const overrides = prepareOverrides(tb.template.object, overridesFor(input.overrides, namespaceSync));
    const rendered: [string, WorkItem][] = [];
    const alike = new Map<string, KubeObject>();
    try {
      for (const target of targets) {
        const out = renderOne(input, tb.template, key, target, overrides, alike);
        if ('manifest' in out) rendered.push([target.cluster.metadata.name, out]);
        else diagnostics.push(out);
      }
    } catch (error) {
      if (!(error instanceof ReviseReplicaFailed)) throw error;
      diagnostics.push(interpreterFailure(tb.template, error.cause, 'not rendered for any cluster'));
      continue;
    }
    for (const [cluster, item] of rendered) works.get(cluster)!.push(item);
  }
  for (const [cluster, items] of federatedQuotaItems(
    input.federatedResourceQuotas ?? [],
    input.clusters,
    input.sourceCommit,
  )) {
    works.get(cluster)!.push(...items);
  }
  const namespaces = new Map<string, WorkItem>();
  for (const items of works.values()) addMissingNamespaces(items, input, namespaces);
  const sorted = sortAllInApplyOrder([...works.values()], (i) => i.manifest);
  for (const [i, name] of [...works.keys()].entries()) works.set(name, sorted[i]!);
  const requiredBy = new Map(
    [...required].map(([key, dep]) => [
      key,
      { clusters: [...dep.clusters].sort(), requiredBy: [...dep.requiredBy].sort() },
    ]),
  );
  return { works, requiredBy, diagnostics };
}
