import type {
  Cluster,
  ClusterTaintPolicy,
  CronFederatedHPA,
  FederatedHPA,
  FederatedResourceQuota,
  IsNamespaced,
  MultiClusterIngress,
  MultiClusterService,
  OverridePolicy,
  PropagationPolicy,
  ResourceInterpreterCustomization,
  ResourceRegistry,
  SourceObject,
  WorkloadRebalancer,
} from '../../model/index.ts';

/** Everything a commit of the fleet repository declares, valid and defaulted, by role. */
export interface Fleet {
  /** Resource templates; a namespaced template without namespace is in `default`. */
  templates: SourceObject[];
  propagationPolicies: SourceObject<PropagationPolicy>[];
  clusterPropagationPolicies: SourceObject<PropagationPolicy>[];
  overridePolicies: SourceObject<OverridePolicy>[];
  clusterOverridePolicies: SourceObject<OverridePolicy>[];
  clusters: SourceObject<Cluster>[];
  customizations: SourceObject<ResourceInterpreterCustomization>[];
  /** Acted on by the taint-policy controller, the Work (federated quotas) and the rebalancer controller. */
  clusterTaintPolicies: SourceObject<ClusterTaintPolicy>[];
  federatedResourceQuotas: SourceObject<FederatedResourceQuota>[];
  workloadRebalancers: SourceObject<WorkloadRebalancer>[];
  /** Acted on by the autoscaling controller of `run`; `plan` and `apply` replay what it recorded. */
  federatedHPAs: SourceObject<FederatedHPA>[];
  cronFederatedHPAs: SourceObject<CronFederatedHPA>[];
  /** The search cache's registries; never templates. */
  resourceRegistries: SourceObject<ResourceRegistry>[];
  /** Claim their Services (the detector) and expose their endpoints across members (the endpoints controller). */
  multiClusterServices: SourceObject<MultiClusterService>[];
  /** Expose their backend Services' endpoints across the members that run them (the endpoints controller). */
  multiClusterIngresses: SourceObject<MultiClusterIngress>[];
  /** Scope of a kind: built-in table, then the CRDs of this commit. */
  isNamespaced: IsNamespaced;
}

/** A fleet with nothing in it yet, whose kinds' scope `isNamespaced` answers. */
export function emptyFleet(isNamespaced: IsNamespaced): Fleet {
  return {
    templates: [],
    propagationPolicies: [],
    clusterPropagationPolicies: [],
    overridePolicies: [],
    clusterOverridePolicies: [],
    clusters: [],
    customizations: [],
    clusterTaintPolicies: [],
    federatedResourceQuotas: [],
    workloadRebalancers: [],
    federatedHPAs: [],
    cronFederatedHPAs: [],
    resourceRegistries: [],
    multiClusterServices: [],
    multiClusterIngresses: [],
    isNamespaced,
  };
}
