/**
 * The proxy's answers as kubectl's Tables (meta.k8s.io/v1) when kubectl asks for one (its Accept
 * names `as=Table;v=v1;g=meta.k8s.io`), as Karmada's proxy answers through its printers: the
 * kind's columns as kubectl's printers have them (object-columns.ts), with a CLUSTER column after
 * NAME naming each row's member, as `flotilla get` and karmadactl print it. Each row carries the
 * object's metadata (`includeObject=Metadata`, the API server's default), the whole object
 * (`Object`) or nothing (`None`). Pure.
 */
import type { ApiResource } from '../apply/index.ts';
import { cachedFrom } from '../model/index.ts';
import type { KubeObject } from '../model/index.ts';
import { objectTable } from './object-columns.ts';

export type IncludeObject = 'None' | 'Metadata' | 'Object';

/** How a proxy answer is shaped: objects, or a Table as of `now`. */
export type AnswerShape = { table: false } | { table: true; include: IncludeObject; now: number };

/** Whether an Accept header asks for a meta.k8s.io/v1 Table. */
export function wantsTable(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((type) => {
    const params = type.split(';').map((p) => p.trim());
    return params.includes('as=Table') && params.includes('g=meta.k8s.io') && params.includes('v=v1');
  });
}

/** The shape a request asks for; a string is why it is a bad request. */
export function answerShape(accept: string | undefined, params: URLSearchParams, now: number): AnswerShape | string {
  if (!wantsTable(accept)) return { table: false };
  const include = params.get('includeObject') || 'Metadata';
  if (include !== 'None' && include !== 'Metadata' && include !== 'Object')
    return `includeObject: must be None, Metadata or Object, not ${include.slice(0, 40)}`;
  return { table: true, include, now };
}

function rowObject(object: KubeObject, include: IncludeObject): object {
  if (include === 'None') return {};
  if (include === 'Object') return { object };
  return { object: { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: object.metadata } };
}

/** The objects of one kind as a Table, each row naming its member. */
export function objectsTable(
  kind: ApiResource,
  objects: readonly KubeObject[],
  shape: Extract<AnswerShape, { table: true }>,
  metadata: object = {},
): object {
  const { columns, rows } = objectTable(kind.group, kind.kind, objects, shape.now);
  const [name, ...rest] = columns;
  const definitions = [name, { name: 'Cluster', type: 'string', priority: 0 }, ...rest].map((c) => ({
    name: c?.name,
    type: c?.type,
    format: c?.name === 'Name' ? 'name' : '',
    description: '',
    priority: c?.priority,
  }));
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata,
    columnDefinitions: definitions,
    rows: rows.map(([first, ...cells], i) => {
      const object = objects[i] as KubeObject;
      return { cells: [first, cachedFrom(object) ?? '', ...cells], ...rowObject(object, shape.include) };
    }),
  };
}
