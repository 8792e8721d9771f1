/** Where an object was written: repository-relative file and 1-based line and column. */
export interface Origin {
  file: string;
  line: number;
  column: number;
  /**
   * For an object a render root made (`file` is then its kustomization), the file inside the root
   * it came from as kustomize tells it: the YAML it was read from, or the kustomization of the
   * generator that made it (`generator` set).
   */
  sourceFile?: string;
  /** The kustomize generator that made the object (`HelmChartInflationGenerator`, `ConfigMapGenerator`). */
  generator?: string;
}

/** ` (from apps/web/base/deployment.yaml)`, or '' for an object written in git as it is. */
export function formatSource(origin: Pick<Origin, 'sourceFile' | 'generator'>): string {
  if (origin.sourceFile === undefined) return '';
  return ` (from ${origin.sourceFile}${origin.generator ? `, ${origin.generator}` : ''})`;
}

export type Severity = 'error' | 'warning';

/**
 * A problem found in the repository or while rendering it. Printed as
 * `file:line:col: severity: message`; `object` (`Kind/namespace/name`) and `field` (a dotted
 * path such as `spec.placement.spreadConstraints[0].maxGroups`) say what the message is about.
 */
export interface Diagnostic extends Origin {
  severity: Severity;
  message: string;
  object?: string;
  field?: string;
  /**
   * The template (refKey) an error is confined to, e.g. one that cannot be scheduled: it holds back that template's
   * prune only, where any other error holds back the whole fleet's (the Work may lack what a broken file declares).
   */
  heldTemplate?: string;
}

/** A field path inside an object: keys and array indexes, outermost first. */
export type FieldPath = readonly (string | number)[];

/** `spec.placement.spreadConstraints[0].maxGroups` */
export function formatFieldPath(path: FieldPath): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(part)) out += out ? `.${part}` : part;
    else out += `[${JSON.stringify(part)}]`;
  }
  return out;
}

export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.column}: ${d.severity}: ${d.message}${formatSource(d)}`;
}

/** Report order: file, line, column, then message. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
    a.line - b.line ||
    a.column - b.column ||
    (a.message < b.message ? -1 : a.message > b.message ? 1 : 0)
  );
}
