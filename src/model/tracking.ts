/**
 * The labels and annotations Flotilla adds to what it writes into member clusters
 * (docs/karmada-compatibility.md#tracking-keys). All live under `flotilla.io/`; user labels and annotations are never
 * changed by tracking.
 */
export const MANAGED_BY_LABEL = 'flotilla.io/managed-by';
export const MANAGED_BY_VALUE = 'flotilla';
/** The template a member object was rendered from: refKey of its identity. */
export const TEMPLATE_ANNOTATION = 'flotilla.io/template';
/** The source commit the object was rendered from. */
export const SOURCE_COMMIT_ANNOTATION = 'flotilla.io/source-commit';
/** The policy that claimed the template (`PropagationPolicy/ns/name`), or `dependency`. */
export const POLICY_ANNOTATION = 'flotilla.io/policy';
/**
 * Karmada's conflictResolution for the object: `abort` or `overwrite`
 * (docs/karmada-compatibility.md#manifest-assembly-and-tracking).
 */
export const CONFLICT_RESOLUTION_ANNOTATION = 'flotilla.io/conflict-resolution';
/** A user annotation on a template: `disabled` keeps the member object when it would be pruned. */
export const PRUNE_ANNOTATION = 'flotilla.io/prune';
/**
 * A user annotation on a template, an RFC 3339 time: its `Never` graceful-eviction tasks created
 * at or before it are released and their old copies deleted — the git engine's way to do what a
 * human does in Karmada by setting the task's suppressDeletion to false
 * (docs/karmada-compatibility.md#failover-and-eviction).
 */
export const RELEASE_EVICTIONS_ANNOTATION = 'flotilla.io/release-evictions';
/** Karmada's own opt-in for taking over unmanaged objects, read from the template. */
export const KARMADA_CONFLICT_RESOLUTION_ANNOTATION = 'work.karmada.io/conflict-resolution';
/** Karmada's label on a workload template: each member keeps its own replica count (native Retain). */
export const RETAIN_REPLICAS_LABEL = 'resourcetemplate.karmada.io/retain-replicas';
/**
 * On a Cluster object: the kubeconfig context that reaches it, when not the cluster's own name
 * (README.md#flotilla-plan).
 */
export const KUBECONFIG_CONTEXT_ANNOTATION = 'flotilla.io/kubeconfig-context';
/**
 * The policy annotation of a Namespace Flotilla adds because objects live in it (the repository
 * does not define it): apply leaves such a namespace alone when it already exists unmanaged.
 */
export const SYNTHESIZED_NAMESPACE_POLICY = 'namespace-of-objects';
