/**
 * What the search cache keeps of an object: the object as the member has it, without its
 * managedFields (as Karmada's cache strips them: they are most of a small object's size and no
 * search reads them), with Karmada's cached-from-cluster annotation naming the member, and for a
 * Secret with its values masked: the cache is served to whoever has its token, and no Secret value
 * leaves Flotilla (README.md#flotilla-get).
 */
import { withCluster, withoutManagedFields } from '../../model/index.ts';
import type { KubeObject } from '../../model/index.ts';
import { maskSecret } from '../../render/index.ts';

export function compactObject(object: KubeObject, cluster: string): KubeObject {
  return withCluster(maskSecret(withoutManagedFields(object)), cluster);
}
