import type {
  Cluster,
  IsNamespaced,
  OverridePolicy,
  PropagationPolicy,
  ResourceInterpreterCustomization,
  SourceObject,
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
  /** Scope of a kind: built-in table, then the CRDs of this commit. */
  isNamespaced: IsNamespaced;
}
