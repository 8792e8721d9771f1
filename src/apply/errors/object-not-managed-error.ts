import { describeRef, EngineError } from '../../model/index.ts';
import type { ObjectRef } from '../../model/index.ts';

/**
 * Karmada's Abort (docs/karmada-compatibility.md#ownership-and-conflicts): the object exists in the member and Flotilla
 * did not create it.
 */
export class ObjectNotManagedError extends EngineError<'ObjectNotManaged', { cluster: string; ref: ObjectRef }> {
  constructor(cluster: string, ref: ObjectRef) {
    super(
      'ObjectNotManaged',
      `${describeRef(ref)} already exists in cluster ${cluster} and was not created by Flotilla; it is left alone (set conflictResolution: Overwrite on the policy, or the annotation work.karmada.io/conflict-resolution: overwrite on the template, to take it over)`,
      { cluster, ref },
    );
  }
}
