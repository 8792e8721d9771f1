/**
 * Positions for warnings about loaded objects. The loader replaces a policy by its defaulted copy,
 * which the parser's locator does not know: the copy is traced back to its parsed object by origin.
 */
import { describeRef, formatFieldPath, refOf } from '../../model/index.ts';
import type { Diagnostic, FieldPath, SourceObject } from '../../model/index.ts';
import type { ParsedSources } from '../parse/parse-sources.ts';

/** A warning about one field of one loaded object, at its file:line:col. */
export type FleetLocator = (source: SourceObject, path: FieldPath, message: string) => Diagnostic;

const originKey = (s: SourceObject): string => `${s.origin.file}:${s.origin.line}:${s.origin.column}`;

export function fleetLocator(parsed: ParsedSources): FleetLocator {
  const parsedByOrigin = new Map(parsed.objects.map((s) => [originKey(s), s]));
  return (source, path, message) => {
    const where = parsed.locate(parsedByOrigin.get(originKey(source)) ?? source, path);
    const object = describeRef(refOf(source.object));
    const field = formatFieldPath(path);
    const prefix = field ? `${object}: ${field}: ` : `${object}: `;
    return { ...where, severity: 'warning', message: prefix + message, object, ...(field ? { field } : {}) };
  };
}
