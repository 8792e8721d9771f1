/**
 * labelsOverrider and annotationsOverrider (pkg/util/overridemanager/labelannotationoverrider.go,
 * docs/karmada-compatibility.md#the-overriders) on `metadata.labels` / `metadata.annotations`.
 */
import { isRecord } from '../../model/index.ts';
import type { KubeObject, LabelAnnotationOverrider } from '../../model/index.ts';
import type { Ownership, PatchOperation } from './json-patch.ts';
import { patchManifest, type StepResult } from './step-result.ts';

/** Which metadata map the overrider edits. */
export type MetadataMapField = 'labels' | 'annotations';

/** Applies each entry in list order, each as its own patch; an empty entry does nothing. */
export function applyLabelAnnotationOverriders(
  doc: KubeObject,
  field: MetadataMapField,
  entries: readonly LabelAnnotationOverrider[],
  ownership?: Ownership,
): StepResult {
  let current = doc;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] as LabelAnnotationOverrider;
    const keys = Object.keys(entry.value ?? {});
    if (keys.length === 0) continue;
    const result = patchManifest(withMap(current, field, entry), patches(current, field, entry, keys), i, ownership);
    if (!result.ok) return result;
    current = result.doc;
  }
  return { ok: true, doc: current };
}

function mapOf(doc: KubeObject, field: MetadataMapField): Record<string, unknown> | undefined {
  const map = (doc.metadata as Record<string, unknown> | undefined)?.[field];
  return isRecord(map) ? map : undefined;
}

/** add creates the map first when it is absent (SetNestedStringMap). */
function withMap(doc: KubeObject, field: MetadataMapField, entry: LabelAnnotationOverrider): KubeObject {
  if (entry.operator !== 'add' || mapOf(doc, field) !== undefined) return doc;
  return { ...doc, metadata: { ...doc.metadata, [field]: {} } };
}

/** replace and remove only touch keys that exist; keys are RFC 6901-escaped in the path. */
function patches(
  doc: KubeObject,
  field: MetadataMapField,
  entry: LabelAnnotationOverrider,
  keys: readonly string[],
): PatchOperation[] {
  const existing = mapOf(doc, field) ?? {};
  const value = entry.value ?? {};
  const ops: PatchOperation[] = [];
  for (const key of keys) {
    if (entry.operator !== 'add' && !Object.hasOwn(existing, key)) continue;
    const path = `/metadata/${field}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    ops.push(entry.operator === 'remove' ? { op: 'remove', path } : { op: entry.operator, path, value: value[key] });
  }
  return ops;
}
