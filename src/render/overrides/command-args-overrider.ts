/**
 * commandOverrider and argsOverrider (pkg/util/overridemanager/commandargsoverride.go,
 * docs/karmada-compatibility.md#the-overriders): add to or remove from the `command` / `args` of every regular
 * container with the given name, in the built-in workload kinds only.
 */
import type { CommandArgsOverrider, KubeObject } from '../../model/index.ts';
import type { Ownership, PatchOperation } from './json-patch.ts';
import { regularContainers } from './pod-spec-path.ts';
import { patchEach, stepFailure, type StepFailure, type StepResult } from './step-result.ts';

/** Which container list field the overrider edits. */
export type CommandArgsField = 'command' | 'args';

/** Applies each entry in list order, each as its own patch. */
export function applyCommandArgsOverriders(
  doc: KubeObject,
  field: CommandArgsField,
  entries: readonly CommandArgsOverrider[],
  ownership?: Ownership,
): StepResult {
  return patchEach(doc, entries, (d, entry, i) => commandArgsPatches(d, field, entry, i), ownership);
}

function commandArgsPatches(
  doc: KubeObject,
  field: CommandArgsField,
  entry: CommandArgsOverrider,
  index: number,
): PatchOperation[] | StepFailure {
  const found = regularContainers(doc);
  if (found === undefined) return [];
  if ('reason' in found) return stepFailure(index, found.podSpec, found.reason);
  const ops: PatchOperation[] = [];
  for (const [i, c] of found.containers.entries()) {
    if (c['name'] !== entry.containerName) continue;
    const path = `${found.podSpec}/containers/${i}/${field}`;
    const current = c[field];
    if (current === undefined || current === null) {
      ops.push({ op: 'add', path, value: edit([], entry) });
      continue;
    }
    if (!Array.isArray(current)) return stepFailure(index, path, `${field} is not a list`);
    ops.push({ op: 'replace', path, value: edit(current.map(goString), entry) });
  }
  return ops;
}

/** add appends (duplicates kept); remove drops every occurrence of any listed value. */
function edit(current: string[], entry: CommandArgsOverrider): string[] {
  const value = entry.value ?? [];
  if (entry.operator === 'add') return [...current, ...value];
  if (entry.operator === 'remove') {
    const drop = new Set(value);
    return current.filter((v) => !drop.has(v));
  }
  return current;
}

/** Go's fmt.Sprintf("%s", v) over a decoded JSON value, as Karmada reads each element. */
function goString(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return '%!s(<nil>)';
  if (typeof v === 'boolean') return `%!s(bool=${v})`;
  if (typeof v === 'number') return Number.isInteger(v) ? `%!s(int64=${v})` : `%!s(float64=${v})`;
  return `%!s(${JSON.stringify(v)})`;
}
