/**
 * The git engine's release of `Never` eviction tasks (semantics §8.2, §9): Karmada's human sets
 * the task's suppressDeletion to false on the binding, which a git engine does not have; here the
 * human writes `flotilla.io/release-evictions: "<RFC 3339 time>"` on the template, which releases
 * the tasks created at or before that time, and none created later. Pure.
 */
import { describeRef, formatFieldPath, refKey, refOf, RELEASE_EVICTIONS_ANNOTATION } from '../../model/index.ts';
import type { Diagnostic, SourceObject } from '../../model/index.ts';

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** Milliseconds since the epoch of an RFC 3339 date-time, or undefined when it is not one. */
export function parseRfc3339(text: string): number | undefined {
  const m = RFC3339.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth || hour > 23 || minute > 59 || second > 60) return undefined;
  const offset = m[8] ?? 'Z';
  if (/^[+-]/.test(offset) && (Number(offset.slice(1, 3)) > 23 || Number(offset.slice(4, 6)) > 59)) return undefined;
  const ms = Date.parse(text.replace(' ', 'T').toUpperCase());
  return Number.isNaN(ms) ? undefined : ms;
}

/** The release time of each template that has one (by refKey), and a diagnostic per bad value. */
export function releaseTimes(templates: readonly SourceObject[]): { times: Map<string, number>; diagnostics: Diagnostic[] } {
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
      ...origin, severity: 'warning', object: describeRef(refOf(object)), field: formatFieldPath(['metadata', 'annotations', RELEASE_EVICTIONS_ANNOTATION]),
      message: `${JSON.stringify(value)} is not an RFC 3339 time (such as "2026-11-29T18:00:00Z"): no Never eviction task of this template is released`,
    });
  }
  return { times, diagnostics };
}
