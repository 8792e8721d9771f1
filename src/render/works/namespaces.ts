import { POLICY_ANNOTATION, refKey, SYNTHESIZED_NAMESPACE_POLICY } from '../../model/index.ts';
import type { KubeObject, ObjectRef } from '../../model/index.ts';
import { isReservedNamespace } from '../detect/skip-rules.ts';
import { stampTracking } from './tracking.ts';
import type { WorkItem } from './work.ts';

export const SKIP_AUTO_PROPAGATION_LABEL = 'namespace.karmada.io/skip-auto-propagation';

/** Namespaces every cluster has and Karmada never propagates (docs/karmada-compatibility.md#namespace-sync). */
export function isSystemNamespace(name: string, skipped: readonly RegExp[]): boolean {
  return name === 'default' || isReservedNamespace(name) || skipped.some((re) => re.test(name));
}

/** Whether a Namespace template is propagated to every cluster by Karmada's namespace sync. */
export function autoPropagates(ns: KubeObject, skipped: readonly RegExp[]): boolean {
  const optOut = ns.metadata.labels?.[SKIP_AUTO_PROPAGATION_LABEL];
  return !isSystemNamespace(ns.metadata.name ?? '', skipped) && optOut?.toLowerCase() !== 'true';
}

/**
 * Whether an item is a Namespace `synthesizedNamespace` made, not one rendered from a template. Its
 * template ref names the namespace, which may also be a Namespace template that this render left
 * out (a part of the fleet, or one not propagated to that cluster), so the ref cannot tell them apart.
 */
export function isSynthesizedNamespace(item: WorkItem): boolean {
  return item.manifest.metadata.annotations?.[POLICY_ANNOTATION] === SYNTHESIZED_NAMESPACE_POLICY;
}

/**
 * A Namespace for objects whose namespace the repository does not define, so a cluster's Work
 * can be applied to an empty cluster: namespaces come before what lives in them.
 */
export function synthesizedNamespace(name: string, sourceCommit: string): WorkItem {
  const template: ObjectRef = { apiVersion: 'v1', kind: 'Namespace', namespace: '', name };
  const manifest = stampTracking(
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name } },
    { templateKey: refKey(template), policy: SYNTHESIZED_NAMESPACE_POLICY, sourceCommit, overwrite: false },
  );
  return { manifest, template, suspended: false, preserveOnDeletion: false };
}
