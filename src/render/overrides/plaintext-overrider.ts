/**
 * plaintext (docs/karmada-compatibility.md#the-overriders): all entries of a rule form one JSON Patch, applied last,
 * that fails as a whole; a missing `value` is JSON null.
 */
import type { KubeObject, PlaintextOverrider } from '../../model/index.ts';
import type { Ownership, PatchOperation } from './json-patch.ts';
import { patchManifest, type StepResult } from './step-result.ts';

/** Applies the rule's plaintext entries as one patch; a failure names the failing entry. */
export function applyPlaintextOverriders(
  doc: KubeObject,
  entries: readonly PlaintextOverrider[],
  ownership?: Ownership,
): StepResult {
  const ops: PatchOperation[] = entries.map((e) => ({ op: e.operator, path: e.path, value: e.value ?? null }));
  return patchManifest(doc, ops, 'op', ownership);
}
