import { describeRef, EngineError } from '../../model/index.ts';
import type { ObjectRef } from '../../model/index.ts';

/**
 * The interpreter's Retain returned an object without `apiVersion` or `metadata`. Karmada's host
 * takes such a result (docs/karmada-compatibility.md#lua-results) and its update of the member then
 * fails; Flotilla fails the same object before sending anything.
 */
export class RetainResultError extends EngineError<'RetainResultInvalid', { cluster: string; ref: ObjectRef }> {
  constructor(cluster: string, ref: ObjectRef, missing: string) {
    super(
      'RetainResultInvalid',
      `${describeRef(ref)} in cluster ${cluster}: the interpreter's Retain returned an object without ${missing}; nothing was sent`,
      { cluster, ref },
    );
  }
}
