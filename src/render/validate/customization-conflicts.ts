/**
 * The one cross-object rule of Karmada's RIC webhook (pkg/webhook/resourceinterpretercustomization,
 * docs/karmada-compatibility.md#interpreter-customizations): two customizations of one target may not both script the
 * same operation, except dependency interpretation, whose scripts are all run.
 */
import { compareBytes, type ResourceInterpreterCustomization } from '../../model/index.ts';
import type { FieldIssue } from './issues.ts';

/** Customization keys and the operation names Karmada's messages use for them. */
const OPERATIONS: readonly [key: string, operation: string][] = [
  ['retention', 'Retain'],
  ['replicaResource', 'InterpretReplica'],
  ['componentResource', 'InterpretComponent'],
  ['replicaRevision', 'ReviseReplica'],
  ['statusReflection', 'InterpretStatus'],
  ['statusAggregation', 'AggregateStatus'],
  ['healthInterpretation', 'InterpretHealth'],
];

/** An issue about the customization at `index` of the input list. */
export interface IndexedIssue {
  index: number;
  issue: FieldIssue;
}

function script(ric: ResourceInterpreterCustomization, key: string): string {
  const rule = (ric.spec.customizations as Record<string, { luaScript?: unknown } | undefined>)[key];
  return typeof rule?.luaScript === 'string' ? rule.luaScript : '';
}

/**
 * Finds operations scripted twice for one target. Git has no creation order, so the
 * customization first in name order (the one Karmada's loader prefers) keeps the operation and
 * each later one is reported. Expects validated objects.
 */
export function findCustomizationConflicts(rics: readonly ResourceInterpreterCustomization[]): IndexedIssue[] {
  const order = rics
    .map((_, i) => i)
    .sort((a, b) => compareBytes(rics[a]!.metadata.name ?? '', rics[b]!.metadata.name ?? ''));
  const owners = new Map<string, string>();
  const found: IndexedIssue[] = [];
  for (const index of order) {
    const ric = rics[index]!;
    const target = `${ric.spec.target.apiVersion}/${ric.spec.target.kind}`;
    for (const [key, operation] of OPERATIONS) {
      if (script(ric, key) === '') continue;
      const owner = owners.get(`${target}\u0000${key}`);
      if (owner === undefined) {
        owners.set(`${target}\u0000${key}`, ric.metadata.name ?? '');
        continue;
      }
      found.push({
        index,
        issue: {
          path: ['spec', 'customizations', key, 'luaScript'],
          message: `conflicting with InterpreterOperation(${operation}) of existing ResourceInterpreterCustomization(${owner})`,
          severity: 'error',
        },
      });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}
