/**
 * What `flotilla get` prints (README.md#flotilla-get): kubectl's table with a CLUSTER column after
 * NAME (as `karmadactl get` places it) and NAMESPACE first with `-A`; `-o wide` adds the columns
 * kubectl shows only then; `-o json|yaml` a `v1 List` whose items carry Karmada's
 * `resource.karmada.io/cached-from-cluster` annotation; `-o name` one `CLUSTER/kind.group/name`
 * per object. Rows are ordered by namespace, name, then cluster, so one object's copies sit
 * together.
 */
import { compareBytes, groupOf, withCluster } from '../../model/index.ts';
import type { KubeObject } from '../../model/index.ts';
import type { GetItem, GetOutcome, TableColumn } from '../../get/index.ts';
import { objectTable } from '../../search/index.ts';
import { structured } from './structured.ts';

export type GetFormat = 'table' | 'wide' | 'json' | 'yaml' | 'name';

export interface GetPrintOptions {
  format: GetFormat;
  /** `-A`: a NAMESPACE column for a namespaced type. */
  allNamespaces: boolean;
  /** For ages computed here (the cache's objects). */
  now: number;
}

function byPlace(a: GetItem, b: GetItem): number {
  return (
    compareBytes(a.object.metadata.namespace ?? '', b.object.metadata.namespace ?? '') ||
    compareBytes(a.object.metadata.name ?? '', b.object.metadata.name ?? '') ||
    compareBytes(a.cluster, b.cluster)
  );
}

/** A cell as kubectl prints it: nothing for null, a string up to its first line break (then `...`). */
function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell !== 'string') return String(cell);
  const cut = cell.search(/[\f\n\r]/);
  return cut < 0 ? cell : `${cell.slice(0, cut)}...`;
}

/** kubectl's tab writer: each column as wide as its widest cell plus three spaces, at least six; the last unpadded. */
function tabulate(rows: readonly string[][]): string {
  const widths = rows.reduce<number[]>((w, row) => row.map((cell, i) => Math.max(w[i] ?? 0, cell.length + 3, 6)), []);
  return rows
    .map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join(''))
    .join('\n');
}

function tableText(outcome: GetOutcome, sorted: readonly GetItem[], options: GetPrintOptions): string {
  const resource = outcome.resource;
  if (!resource || sorted.length === 0) return '';
  let columns: readonly TableColumn[];
  let cells: readonly (readonly unknown[])[];
  if (outcome.columns) {
    columns = outcome.columns;
    cells = sorted.map((i) => i.cells ?? []);
  } else {
    const own = objectTable(
      resource.group,
      resource.kind,
      sorted.map((i) => i.object),
      options.now,
    );
    columns = own.columns;
    cells = own.rows;
  }
  const shown = columns.flatMap((c, i) => (options.format === 'wide' || c.priority === 0 ? [i] : []));
  const withNamespace = options.allNamespaces && resource.namespaced;
  const header = shown.map((i) => (columns[i]?.name ?? '').toUpperCase());
  const rows = [[...(withNamespace ? ['NAMESPACE'] : []), header[0] ?? 'NAME', 'CLUSTER', ...header.slice(1)]];
  sorted.forEach((item, r) => {
    const row = shown.map((i) => cellText(cells[r]?.[i]));
    rows.push([
      ...(withNamespace ? [item.object.metadata.namespace ?? ''] : []),
      row[0] ?? '',
      item.cluster,
      ...row.slice(1),
    ]);
  });
  return tabulate(rows);
}

/** kubectl's `-o name` of an object: `deployment.apps/web`, `configmap/settings`. */
function nameOf(object: KubeObject): string {
  const group = groupOf(object.apiVersion);
  return `${object.kind.toLowerCase()}${group ? `.${group}` : ''}/${object.metadata.name ?? ''}`;
}

/** The text for stdout; empty when nothing was found. */
export function getText(outcome: GetOutcome, options: GetPrintOptions): string {
  const sorted = [...outcome.items].sort(byPlace);
  switch (options.format) {
    case 'json':
    case 'yaml':
      return structured(
        {
          apiVersion: 'v1',
          kind: 'List',
          metadata: { resourceVersion: '' },
          items: sorted.map((i) => withCluster(i.object, i.cluster)),
        },
        options.format,
      );
    case 'name':
      return sorted.map((i) => `${i.cluster}/${nameOf(i.object)}`).join('\n');
    default:
      return tableText(outcome, sorted, options);
  }
}

/** kubectl's words on stderr when nothing was found. */
export function nothingFound(namespace: string | undefined, namespaced: boolean): string {
  return namespace !== undefined && namespaced ? `No resources found in ${namespace} namespace.` : 'No resources found';
}
