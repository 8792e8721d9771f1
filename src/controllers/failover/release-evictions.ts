/**
 * The git engine's release of `Never` eviction tasks (docs/karmada-compatibility.md#failover-and-eviction,
 * #deviations): Karmada's human sets the task's suppressDeletion to false on the binding, which a git engine does not
 * have; here the human writes `flotilla.io/release-evictions: "<RFC 3339 time>"` on the template, which releases
 * the tasks created at or before that time, and none created later. Pure.
 */
import {
  describeRef,
  formatFieldPath,
  parseRfc3339,
  refKey,
  refOf,
  RELEASE_EVICTIONS_ANNOTATION,
} from '../../model/index.ts';
import type { Diagnostic, SourceObject } from '../../model/index.ts';

/** The release time of each template that has one (by refKey), and a diagnostic per bad value. */
export function releaseTimes(templates: readonly SourceObject[]): {
  times: Map<string, number>;
  diagnostics: Diagnostic[];
} {
  const times = new Map<string, number>();
  const diagnostics: Diagnostic[] = [];
  for (const { object, origin } of templates) {
    const value = object.metadata.annotations?.[RELEASE_EVICTIONS_ANNOTATION];
    if (value === undefined) continue;
    const at = parseRfc3339(value);
    if (at !== undefined) {
      times.set(refKey(refOf(object)), at);
      continue;
    }
    diagnostics.push({
      ...origin,
      severity: 'warning',
      object: describeRef(refOf(object)),
      field: formatFieldPath(['metadata', 'annotations', RELEASE_EVICTIONS_ANNOTATION]),
      message: `${JSON.stringify(value)} is not an RFC 3339 time (such as "2026-11-29T18:00:00Z"): no Never eviction task of this template is released`,
    });
  }
  return { times, diagnostics };
}
