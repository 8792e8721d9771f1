/**
 * `<cluster>/work.json` on the works branch (docs/karmada-compatibility.md#pull-mode): what a Pull
 * member's agent needs besides the manifests — the apply order, each object's template, policy and
 * digest, whether prune is allowed for the source commit, and the copies failover keeps. Pure:
 * built from the hub's render, written as stable JSON, read back by the agent with every field
 * checked, so a hand-edited or truncated file is an error naming the field, never a silent prune.
 */
import { isRecord } from '../../model/index.ts';
import type {
  KeptCopy,
  ObjectRef,
  PolicyRef,
  TenantGrant,
  WorkDocument,
  WorkObject,
  WorkPrune,
} from '../../model/index.ts';
import { WorkDocumentError } from '../errors/index.ts';

/** The file name of a cluster's work document, inside its folder. */
export const WORK_FILE = 'work.json';

/** The document as written: two-space JSON, one trailing newline; equal documents give equal bytes. */
export function serializeWork(document: WorkDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

type Json = Record<string, unknown>;

function field<T>(value: Json, key: string, where: string, check: (v: unknown) => v is T, what: string): T {
  const v = value[key];
  if (!check(v)) throw new WorkDocumentError(WORK_FILE, `${where}${where ? '.' : ''}${key}`, `expected ${what}`);
  return v;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isList = (v: unknown): v is unknown[] => Array.isArray(v);

function ref(value: unknown, where: string): ObjectRef {
  if (!isRecord(value)) throw new WorkDocumentError(WORK_FILE, where, 'expected an object reference');
  const text = (key: string) => field(value, key, where, isString, 'a string');
  return { apiVersion: text('apiVersion'), kind: text('kind'), namespace: text('namespace'), name: text('name') };
}

function policy(value: unknown, where: string): PolicyRef | null {
  if (value === null) return null;
  if (!isRecord(value)) throw new WorkDocumentError(WORK_FILE, where, 'expected a policy reference or null');
  const text = (key: string) => field(value, key, where, isString, 'a string');
  const kind = text('kind');
  if (kind !== 'PropagationPolicy' && kind !== 'ClusterPropagationPolicy')
    throw new WorkDocumentError(WORK_FILE, `${where}.kind`, 'expected PropagationPolicy or ClusterPropagationPolicy');
  return { kind, namespace: text('namespace'), name: text('name') };
}

function workObject(value: unknown, where: string): WorkObject {
  if (!isRecord(value)) throw new WorkDocumentError(WORK_FILE, where, 'expected an object');
  const text = (key: string) => field(value, key, where, isString, 'a string');
  const flag = (key: string) => field(value, key, where, isBoolean, 'true or false');
  const file = text('file');
  const tenant = value['tenant'];
  if (tenant !== undefined && typeof tenant !== 'string')
    throw new WorkDocumentError(WORK_FILE, `${where}.tenant`, 'expected a tenant name');
  if (file.startsWith('/') || file.split('/').includes('..'))
    throw new WorkDocumentError(WORK_FILE, `${where}.file`, `${JSON.stringify(file)} is outside the cluster's folder`);
  return {
    file,
    apiVersion: text('apiVersion'),
    kind: text('kind'),
    namespace: text('namespace'),
    name: text('name'),
    digest: text('digest'),
    template: ref(value['template'], `${where}.template`),
    policy: policy(value['policy'], `${where}.policy`),
    suspended: flag('suspended'),
    preserveOnDeletion: flag('preserveOnDeletion'),
    ...(tenant !== undefined ? { tenant } : {}),
  };
}

function grants(value: unknown): Record<string, TenantGrant> {
  if (!isRecord(value)) throw new WorkDocumentError(WORK_FILE, 'tenants', 'expected an object of grants by tenant');
  const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);
  return Object.fromEntries(
    Object.entries(value).map(([name, grant]) => {
      const where = `tenants.${name}`;
      if (!isRecord(grant)) throw new WorkDocumentError(WORK_FILE, where, 'expected namespaces and clusterScoped');
      return [
        name,
        {
          namespaces: field(grant, 'namespaces', where, isStrings, 'a list of strings'),
          clusterScoped: field(grant, 'clusterScoped', where, isStrings, 'a list of strings'),
        },
      ];
    }),
  );
}

function prune(value: unknown): WorkPrune {
  if (!isRecord(value)) throw new WorkDocumentError(WORK_FILE, 'prune', 'expected an object');
  const flag = (key: string) => field(value, key, 'prune', isBoolean, 'true or false');
  const maxFraction = field(value, 'maxFraction', 'prune', isNumber, 'a number');
  if (maxFraction < 0 || maxFraction > 1)
    throw new WorkDocumentError(WORK_FILE, 'prune.maxFraction', 'expected a number from 0 to 1');
  const enabled = flag('enabled');
  const sourceHasErrors = flag('sourceHasErrors');
  // Recomputed rather than trusted: prune is allowed only when it is on and the source rendered cleanly.
  return {
    allowed: enabled && !sourceHasErrors,
    enabled,
    sourceHasErrors,
    maxFraction,
    allowMassPrune: flag('allowMassPrune'),
  };
}

function keptCopy(value: unknown, where: string): KeptCopy {
  if (!isRecord(value)) throw new WorkDocumentError(WORK_FILE, where, 'expected an object');
  return {
    template: field(value, 'template', where, isString, 'a string'),
    reason: field(value, 'reason', where, isString, 'a string'),
  };
}

/** Reads a work.json for `cluster`; throws WorkDocumentError naming the first field that is wrong. */
export function parseWork(text: string, cluster: string): WorkDocument {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new WorkDocumentError(WORK_FILE, undefined, `not JSON: ${(error as Error).message}`);
  }
  if (!isRecord(data)) throw new WorkDocumentError(WORK_FILE, undefined, 'expected an object');
  const named = field(data, 'cluster', '', isString, 'a string');
  if (named !== cluster)
    throw new WorkDocumentError(WORK_FILE, 'cluster', `names ${JSON.stringify(named)}, not ${cluster}`);
  const objects = field(data, 'objects', '', isList, 'a list').map((o, i) => workObject(o, `objects[${i}]`));
  const tenants = data['tenants'] === undefined ? undefined : grants(data['tenants']);
  // An owner without its grant would be held to nothing: the document is refused instead.
  const ungranted = objects.findIndex((o) => o.tenant !== undefined && tenants?.[o.tenant] === undefined);
  if (ungranted >= 0)
    throw new WorkDocumentError(WORK_FILE, `objects[${ungranted}].tenant`, 'names a tenant tenants does not grant');
  const customizations = data['customizations'];
  if (customizations !== undefined && typeof customizations !== 'string')
    throw new WorkDocumentError(WORK_FILE, 'customizations', 'expected a file name');
  return {
    cluster,
    sourceCommit: field(data, 'sourceCommit', '', isString, 'a string'),
    prune: prune(data['prune']),
    objects,
    keptCopies: field(data, 'keptCopies', '', isList, 'a list').map((k, i) => keptCopy(k, `keptCopies[${i}]`)),
    ...(customizations !== undefined ? { customizations } : {}),
    ...(tenants !== undefined ? { tenants } : {}),
  };
}
