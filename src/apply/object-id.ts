/**
 * Inventory object ids in Flux's format, `<namespace>_<name>_<group>_<kind>` (namespace and group
 * empty for cluster-scoped and core objects): stable across API versions of a kind.
 */
import { groupOf } from '../model/index.ts';
import type { ObjectRef } from '../model/index.ts';

/** The inventory id of an object. */
export function objectId(ref: ObjectRef): string {
  return `${ref.namespace}_${ref.name}_${groupOf(ref.apiVersion)}_${ref.kind}`;
}

/** The reference an id and its version stand for; the name may itself hold `_`, kinds and groups never do. */
export function refOfId(id: string, version: string): ObjectRef {
  const parts = id.split('_');
  const kind = parts.pop() ?? '';
  const group = parts.pop() ?? '';
  const namespace = parts.shift() ?? '';
  return { apiVersion: group ? `${group}/${version}` : version, kind, namespace, name: parts.join('_') };
}
