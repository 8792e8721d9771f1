/**
 * The plan as data, for one cluster's objects: from the desired objects, what the cluster
 * holds and what was last applied, what each object needs. Pure. An object whose desired state
 * is what was last applied and whose live copy still holds every desired field is `unchanged`
 * without asking the server; anything else is `check`ed with a server-side dry-run, whose answer
 * {@link verdict} compares with the live object.
 */
import {
  CONFLICT_RESOLUTION_ANNOTATION,
  groupKind,
  MANAGED_BY_LABEL,
  MANAGED_BY_VALUE,
  POLICY_ANNOTATION,
  refOf,
  SYNTHESIZED_NAMESPACE_POLICY,
} from '../model/index.ts';
import type { KubeObject, ObjectRef } from '../model/index.ts';
import type { InventoryEntry } from './inventory.ts';
import { comparable, containedIn, desiredDigest, sameJson } from './normalize.ts';
import { objectId } from './object-id.ts';

/** One object of a cluster's Work, as the render stage hands it over (WorkItem fits). */
export interface DesiredObject {
  manifest: KubeObject;
  /** Karmada's suspendDispatching: not applied, and never pruned. */
  suspended: boolean;
  preserveOnDeletion: boolean;
}

/** What one desired object needs before anything is written. */
export type Triage =
  | 'create'
  /** The object exists, is not Flotilla's, and its conflictResolution is abort: leave it alone. */
  | 'conflict'
  | 'unchanged'
  /** Ask the server (dry-run) whether applying would change anything. */
  | 'check'
  | 'suspended'
  /** A Namespace added only because objects live in it, which already exists and is not Flotilla's: left alone, no conflict. */
  | 'foreign';

export interface TriagedObject {
  ref: ObjectRef;
  id: string;
  item: DesiredObject;
  digest: string;
  live: KubeObject | undefined;
  triage: Triage;
  /** Which stage applies it: 1 for CRDs and Namespaces (waited for), 2 for the rest. */
  stage: 1 | 2;
}

const STAGE_ONE = new Set(['apiextensions.k8s.io/CustomResourceDefinition', 'core/Namespace']);

/** Whether the member object carries Flotilla's managed-by label. */
export function isManaged(live: KubeObject): boolean {
  return live.metadata.labels?.[MANAGED_BY_LABEL] === MANAGED_BY_VALUE;
}

/**
 * Karmada's rule (docs/karmada-compatibility.md#ownership-and-conflicts): only `overwrite` takes over an object
 * Flotilla did not create.
 */
export function mayTakeOver(manifest: KubeObject): boolean {
  return manifest.metadata.annotations?.[CONFLICT_RESOLUTION_ANNOTATION] === 'overwrite';
}

function triageOne(
  item: DesiredObject,
  live: KubeObject | undefined,
  last: InventoryEntry | undefined,
  digest: string,
  checkAll: boolean,
): Triage {
  if (item.suspended) return 'suspended';
  if (!live) return 'create';
  if (!isManaged(live) && item.manifest.metadata.annotations?.[POLICY_ANNOTATION] === SYNTHESIZED_NAMESPACE_POLICY)
    return 'foreign';
  if (!isManaged(live) && !mayTakeOver(item.manifest)) return 'conflict';
  if (!checkAll && last?.digest === digest && containedIn(comparable(item.manifest), live)) return 'unchanged';
  return 'check';
}

/**
 * Triage of every desired object. `live` is keyed by object id; `checkAll` (the live plan) sends
 * every existing object to a dry-run, so that diffs show what the server would do.
 */
export function triage(
  items: readonly DesiredObject[],
  live: ReadonlyMap<string, KubeObject>,
  inventory: readonly InventoryEntry[],
  checkAll = false,
): TriagedObject[] {
  const last = new Map(inventory.map((e) => [e.id, e]));
  return items.map((item) => {
    const ref = refOf(item.manifest);
    const id = objectId(ref);
    const digest = desiredDigest(item.manifest);
    const current = live.get(id);
    const stage = STAGE_ONE.has(groupKind(ref.apiVersion, ref.kind)) ? 1 : 2;
    return {
      ref,
      id,
      item,
      digest,
      live: current,
      triage: triageOne(item, current, last.get(id), digest, checkAll),
      stage,
    };
  });
}

/** A dry-run's answer against the live object: would applying change anything the user sees? */
export function verdict(live: KubeObject, dryRun: KubeObject): 'update' | 'unchanged' {
  return sameJson(comparable(live), comparable(dryRun)) ? 'unchanged' : 'update';
}
