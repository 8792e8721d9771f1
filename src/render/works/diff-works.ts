import { createTwoFilesPatch } from 'diff';
import { stringify } from 'yaml';
import { compareBytes, refKey, refOf, SOURCE_COMMIT_ANNOTATION } from '../../model/index.ts';
import type { KubeObject } from '../../model/index.ts';
import { maskSecretPair } from '../mask-secrets.ts';
import { compareApplyOrder } from './apply-order.ts';

export type ChangeAction = 'create' | 'update' | 'delete' | 'unchanged';

export interface ObjectChange {
  action: ChangeAction;
  apiVersion: string;
  kind: string;
  namespace: string;
  name: string;
  /** Unified diff of the YAML, Secret values masked unless asked otherwise. */
  diff: string;
  /** With tenants in flotilla.yaml: the tenant owning the object's template, `platform` for the others (docs/deploy.md#tenants). */
  tenant?: string;
}

export interface DiffOptions {
  /**
   * Show Secret values in diffs.
   * @default false
   */
  showSecrets: boolean;
}

/** The commit annotation differs on every commit by design; a diff that showed it would never be empty. */
function comparable(obj: KubeObject): KubeObject {
  const annotations = obj.metadata.annotations;
  if (!annotations || !Object.hasOwn(annotations, SOURCE_COMMIT_ANNOTATION)) return obj;
  const { [SOURCE_COMMIT_ANNOTATION]: _commit, ...rest } = annotations;
  return { ...obj, metadata: { ...obj.metadata, annotations: rest } };
}

function toYaml(obj: KubeObject | undefined): string {
  return obj ? stringify(obj, { sortMapEntries: false, lineWidth: 0 }) : '';
}

/** The unified diff of two versions of one object's YAML, Secret values masked unless asked otherwise. */
export function unifiedDiff(
  key: string,
  before: KubeObject | undefined,
  after: KubeObject | undefined,
  options: DiffOptions,
): string {
  const [b, a] = options.showSecrets ? [before, after] : maskSecretPair(before, after);
  return createTwoFilesPatch(`a/${key}`, `b/${key}`, toYaml(b), toYaml(a), '', '', { context: 3 })
    .split('\n')
    .slice(1)
    .join('\n');
}

/**
 * Per-object changes between two versions of one cluster's Work, in apply order (deletions
 * last, in reverse apply order, as prune removes them). Pure.
 */
export function diffManifests(
  before: readonly KubeObject[],
  after: readonly KubeObject[],
  options: Partial<DiffOptions> = {},
): ObjectChange[] {
  const opts: DiffOptions = { showSecrets: false, ...options };
  const old = new Map(before.map((o): [string, KubeObject] => [refKey(refOf(o)), comparable(o)]));
  const changes: ObjectChange[] = [];
  const describe = (o: KubeObject) => ({
    apiVersion: o.apiVersion,
    kind: o.kind,
    namespace: o.metadata.namespace ?? '',
    name: o.metadata.name ?? '',
  });
  for (const raw of after) {
    const key = refKey(refOf(raw));
    const now = comparable(raw);
    const was = old.get(key);
    old.delete(key);
    const same = was !== undefined && toYaml(was) === toYaml(now);
    const action: ChangeAction = was === undefined ? 'create' : same ? 'unchanged' : 'update';
    changes.push({ action, ...describe(raw), diff: same ? '' : unifiedDiff(key, was, now, opts) });
  }
  const removed = [...old.entries()].sort(([, a], [, b]) => compareApplyOrder(b, a));
  for (const [key, was] of removed)
    changes.push({ action: 'delete', ...describe(was), diff: unifiedDiff(key, was, undefined, opts) });
  return changes;
}

/** diffManifests for every cluster of either side, clusters in name order. */
export function diffWorks(
  before: ReadonlyMap<string, readonly KubeObject[]>,
  after: ReadonlyMap<string, readonly KubeObject[]>,
  options: Partial<DiffOptions> = {},
): Record<string, ObjectChange[]> {
  const names = [...new Set([...before.keys(), ...after.keys()])].sort(compareBytes);
  const out: Record<string, ObjectChange[]> = {};
  for (const name of names) out[name] = diffManifests(before.get(name) ?? [], after.get(name) ?? [], options);
  return out;
}
