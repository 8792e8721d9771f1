import {
  CONFLICT_RESOLUTION_ANNOTATION,
  KARMADA_CONFLICT_RESOLUTION_ANNOTATION,
  MANAGED_BY_LABEL,
  MANAGED_BY_VALUE,
  POLICY_ANNOTATION,
  SOURCE_COMMIT_ANNOTATION,
  TEMPLATE_ANNOTATION,
} from '../../model/index.ts';
import type { KubeObject } from '../../model/index.ts';

export interface TrackingInfo {
  templateKey: string;
  policy: string;
  sourceCommit: string;
  overwrite: boolean;
}

/**
 * Karmada's rule for one object (docs/karmada-compatibility.md#manifest-assembly-and-tracking): the template's own
 * `work.karmada.io/conflict-resolution` when it says exactly overwrite or abort, else the policy's.
 */
export function conflictResolutionOf(template: KubeObject, overwrite: boolean): 'overwrite' | 'abort' {
  const own = template.metadata.annotations?.[KARMADA_CONFLICT_RESOLUTION_ANNOTATION];
  if (own === 'overwrite' || own === 'abort') return own;
  return overwrite ? 'overwrite' : 'abort';
}

/**
 * Adds Flotilla's tracking label and annotations (docs/karmada-compatibility.md#tracking-keys) to a rendered manifest.
 */
export function stampTracking(obj: KubeObject, info: TrackingInfo): KubeObject {
  return {
    ...obj,
    metadata: {
      ...obj.metadata,
      labels: { ...obj.metadata.labels, [MANAGED_BY_LABEL]: MANAGED_BY_VALUE },
      annotations: {
        ...obj.metadata.annotations,
        [TEMPLATE_ANNOTATION]: info.templateKey,
        [POLICY_ANNOTATION]: info.policy,
        [SOURCE_COMMIT_ANNOTATION]: info.sourceCommit,
        [CONFLICT_RESOLUTION_ANNOTATION]: conflictResolutionOf(obj, info.overwrite),
      },
    },
  };
}
