import type { ClusterAffinity } from './karmada.ts';

/**
 * A team of the fleet repository, from `flotilla.yaml` `tenants` (docs/deploy.md#tenants): the
 * files it owns and what those files may create and where. Files outside every tenant's paths are
 * the platform team's and are not limited.
 */
export interface Tenant {
  name: string;
  /** Globs from the fleet root of the files this tenant owns; the first tenant listed wins a file two match. */
  paths: string[];
  /** Globs (`*` within a name) of the namespaces its objects may live in. */
  namespaces: string[];
  /** Where its policies may place workloads, as a policy's cluster affinity; `{}` is every cluster, none when absent. */
  clusters?: ClusterAffinity;
  /** Cluster-scoped kinds it may write, as `group/Kind` (`Namespace` for the core group). */
  clusterScoped: string[];
  /** Reviewers of its paths in the CODEOWNERS file `flotilla tenants codeowners` prints. */
  owners: string[];
}

/** What a Pull member's agent is told of a tenant: the grants it checks each manifest against. */
export interface TenantGrant {
  namespaces: string[];
  clusterScoped: string[];
}
