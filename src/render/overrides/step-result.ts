/**
 * What one overrider entry produces: the next manifest, or where and why it failed. The caller
 * turns a failure into an OverrideError naming the policy and rule (docs/karmada-compatibility.md#override-failures).
 */
import type { KubeObject } from '../../model/index.ts';
import { applyPatch, type Ownership, type PatchOperation } from './json-patch.ts';

/** Where one overrider entry failed: its index in the overrider list, the path and the reason. */
export interface StepFailure {
  readonly ok: false;
  readonly entry: number;
  readonly path: string;
  readonly reason: string;
}

/** The manifest after one overrider list, or its first failing entry. */
export type StepResult = { readonly ok: true; readonly doc: KubeObject } | StepFailure;

/** A failure of entry `entry` at `path`. */
export function stepFailure(entry: number, path: string, reason: string): StepFailure {
  return { ok: false, entry, path, reason };
}

/** Builds one entry's patch from the current manifest, or says why it cannot. */
export type PatchBuilder<E> = (doc: KubeObject, entry: E, index: number) => readonly PatchOperation[] | StepFailure;

/**
 * Karmada's per-entry loop: each entry's patch is built from, and applied to, the result of the
 * previous entry.
 */
export function patchEach<E>(
  doc: KubeObject,
  entries: readonly E[],
  build: PatchBuilder<E>,
  ownership?: Ownership,
): StepResult {
  let current = doc;
  for (let i = 0; i < entries.length; i++) {
    const ops = build(current, entries[i] as E, i);
    if (!Array.isArray(ops)) return ops as StepFailure;
    const result = patchManifest(current, ops, i, ownership);
    if (!result.ok) return result;
    current = result.doc;
  }
  return { ok: true, doc: current };
}

/**
 * Applies a patch to the manifest as Karmada's applyJSONPatch does, including its decode back
 * into an unstructured object, which rejects a document that is not an object with a `kind`.
 * A failure names `entry`, or, when the ops are the entries themselves (plaintext), the failing op.
 */
export function patchManifest(
  doc: KubeObject,
  ops: readonly PatchOperation[],
  entry: number | 'op',
  ownership?: Ownership,
): StepResult {
  if (ops.length === 0) return { ok: true, doc };
  const result = applyPatch(doc, ops, ownership);
  if (!result.ok) return stepFailure(entry === 'op' ? result.index : entry, result.path, result.reason);
  const patched = result.doc;
  const last = entry === 'op' ? ops.length - 1 : entry;
  if (typeof patched !== 'object' || patched === null || Array.isArray(patched)) {
    return stepFailure(last, '', 'the patched manifest is not an object');
  }
  const kind = (patched as { kind?: unknown }).kind;
  if (typeof kind !== 'string' || kind === '') return stepFailure(last, '/kind', "Object 'Kind' is missing");
  return { ok: true, doc: patched as KubeObject };
}
