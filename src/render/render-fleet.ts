import { featureEnabled } from '../model/index.ts';
import type { Cluster, ClusterStatus, Diagnostic, FeatureGates, NodeSnapshot } from '../model/index.ts';
import type { ResourceInterpreter } from '../interpreter/index.ts';
import { scheduleClaims } from './bind/schedule-claims.ts';
import type { PreviousSchedule } from './bind/schedule-claims.ts';
import { detect } from './detect/detect.ts';
import type { DetectOptions } from './detect/detect.ts';
import { compileNamespacePatterns, DEFAULT_SKIPPED_NAMESPACES } from './detect/skip-rules.ts';
import { clusterViews } from './load/cluster-views.ts';
import type { Fleet } from './load/fleet.ts';
import { buildWorks } from './works/build-works.ts';
import type { TemplateBinding } from './works/template-binding.ts';
import type { Works } from './works/work.ts';

export interface RenderOptions {
  sourceCommit: string;
  detect: Partial<DetectOptions>;
  /** Last pass's scheduling results by template refKey (stable rescheduling). */
  previousSchedules: ReadonlyMap<string, PreviousSchedule>;
  /** Cluster status observed live or read from the status branch, by cluster name. */
  observedClusters: ReadonlyMap<string, ClusterStatus>;
  /** Push members' observed nodes by cluster name: the accurate estimator's input; absent, only the general estimator runs. */
  memberNodes?: ReadonlyMap<string, readonly NodeSnapshot[]>;
  /** `featureGates` of flotilla.yaml. @default {} (Karmada's defaults) */
  featureGates?: FeatureGates;
}

export interface Rendered {
  clusters: Cluster[];
  bindings: TemplateBinding[];
  works: Works;
  requiredBy: Map<string, { clusters: string[]; requiredBy: string[] }>;
  diagnostics: Diagnostic[];
}

/**
 * The pure middle of a pass: detector → scheduler → binding controller, from a loaded fleet to
 * one Work per cluster. Reads nothing and writes nothing; the same input gives the same output.
 */
export function renderFleet(fleet: Fleet, interpreter: ResourceInterpreter, options: RenderOptions): Rendered {
  const clusters = clusterViews(fleet.clusters, options.observedClusters);
  const claims = detect(fleet, options.detect);
  const enforced = featureEnabled(options.featureGates, 'FederatedQuotaEnforcement');
  const scheduled = scheduleClaims(
    claims,
    clusters,
    interpreter,
    options.previousSchedules,
    enforced ? fleet.federatedResourceQuotas.map((q) => q.object) : [],
    featureEnabled(options.featureGates, 'WorkloadAffinity'),
    options.memberNodes,
  );
  const built = buildWorks({
    bindings: scheduled.bindings,
    clusters,
    interpreter,
    overrides: {
      clusterOverridePolicies: fleet.clusterOverridePolicies.map((p) => p.object),
      overridePolicies: fleet.overridePolicies.map((p) => p.object),
    },
    sourceCommit: options.sourceCommit,
    skippedNamespaces: compileNamespacePatterns(options.detect.skippedNamespaces ?? DEFAULT_SKIPPED_NAMESPACES),
    federatedResourceQuotas: fleet.federatedResourceQuotas,
  });
  return {
    clusters,
    bindings: scheduled.bindings,
    works: built.works,
    requiredBy: built.requiredBy,
    diagnostics: [...scheduled.diagnostics, ...built.diagnostics],
  };
}
