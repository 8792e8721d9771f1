import { groupOf } from '../../model/index.ts';
import type { KubeObject } from '../../model/index.ts';

/**
 * Where one manifest of a cluster's Work lives, in `plan --out-dir` and on the works branch:
 * `<namespace or _cluster>/<group>.<kind>.<name>.yaml`, `core` for the core group (posix).
 */
export function manifestPath(obj: KubeObject): string {
  const group = groupOf(obj.apiVersion) || 'core';
  return `${obj.metadata.namespace || '_cluster'}/${group}.${obj.kind}.${obj.metadata.name}.yaml`;
}
