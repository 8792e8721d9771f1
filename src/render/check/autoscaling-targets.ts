/**
 * Mistakes in what autoscalers target that Karmada accepts and only reports at runtime
 * (docs/karmada-compatibility.md#federatedhpa): a target no template of the repository is, a
 * target carrying the retain-replicas label (each member keeps its own replica count, so a decided
 * count never reaches the members), and a workload two FederatedHPAs scale (both stop scaling).
 */
import {
  describeRef,
  RETAIN_REPLICAS_LABEL,
  refKey,
  refOf,
  targetRef,
  targetsFederatedHPA,
} from '../../model/index.ts';
import type { CrossVersionObjectReference, Diagnostic, KubeObject, SourceObject } from '../../model/index.ts';
import type { Fleet } from '../load/fleet.ts';
import type { FleetLocator } from './locate.ts';

const REF = ['spec', 'scaleTargetRef'];

const keyOf = (namespace: string, ref: CrossVersionObjectReference): string => refKey(targetRef(namespace, ref));

/** Warnings about the targets of the fleet's FederatedHPAs and CronFederatedHPAs. */
export function autoscalingTargetWarnings(fleet: Fleet, at: FleetLocator): Diagnostic[] {
  // Every read of the fleet comes here: one without autoscalers does not index its templates.
  if (fleet.federatedHPAs.length === 0 && fleet.cronFederatedHPAs.length === 0) return [];
  const templates = new Map(fleet.templates.map((t) => [refKey(refOf(t.object)), t.object]));
  const hpas = new Set(fleet.federatedHPAs.map((h) => `${h.object.metadata.namespace}/${h.object.metadata.name}`));
  const out: Diagnostic[] = [];
  const scaledBy = new Map<string, string[]>();
  const check = (
    source: SourceObject<KubeObject & { spec: { scaleTargetRef: CrossVersionObjectReference } }>,
  ): void => {
    const ns = source.object.metadata.namespace ?? '';
    const ref = source.object.spec.scaleTargetRef;
    if (source.object.kind === 'CronFederatedHPA' && targetsFederatedHPA(ref)) {
      if (!hpas.has(`${ns}/${ref.name}`))
        out.push(at(source, REF, `no FederatedHPA ${ns}/${ref.name} in the repository: the rules fail`));
      return;
    }
    const target = templates.get(keyOf(ns, ref));
    const what = describeRef(targetRef(ns, ref));
    if (!target)
      out.push(
        at(
          source,
          REF,
          `no template ${what} (apiVersion ${ref.apiVersion ?? 'unset'}) in the repository: nothing is scaled`,
        ),
      );
    else if (target.metadata.labels?.[RETAIN_REPLICAS_LABEL] === 'true')
      out.push(
        at(
          source,
          REF,
          `${what} carries the ${RETAIN_REPLICAS_LABEL} label: each member keeps its own replicas, so the count decided here does not reach them`,
        ),
      );
  };
  for (const h of fleet.federatedHPAs) {
    check(h);
    const key = keyOf(h.object.metadata.namespace, h.object.spec.scaleTargetRef);
    scaledBy.set(key, [...(scaledBy.get(key) ?? []), `${h.object.metadata.namespace}/${h.object.metadata.name}`]);
  }
  for (const c of fleet.cronFederatedHPAs) check(c);
  for (const h of fleet.federatedHPAs) {
    const others = scaledBy.get(keyOf(h.object.metadata.namespace, h.object.spec.scaleTargetRef)) ?? [];
    if (others.length > 1)
      out.push(
        at(
          h,
          REF,
          `the FederatedHPAs ${others.join(', ')} scale the same workload: neither scales it (AmbiguousSelector)`,
        ),
      );
  }
  return out;
}
