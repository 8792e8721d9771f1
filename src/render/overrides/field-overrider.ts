/**
 * fieldOverrider (overridemanager.go applyFieldOverriders, docs/karmada-compatibility.md#the-overriders): patches JSON
 * or YAML held inside a string field (e.g. a ConfigMap's `data["config.yaml"]`) with its own operations.
 */
import type { FieldOverrider, KubeObject, YAMLPatchOperation } from '../../model/index.ts';
import { applyPatch, type Ownership, type PatchOperation } from './json-patch.ts';
import { parseJsonText, stringifyJsonText } from './json-text.ts';
import { stepFailure, type StepResult } from './step-result.ts';
import { jsonToYaml, yamlToJson } from './yaml-text.ts';

type Rewrite = string | { path: string; reason: string };

/**
 * Rewrites already computed, by entry then input text. A rewrite is a pure function of both, and
 * one template rendered for many clusters usually feeds the same text to the same entry, so the
 * caller keeps one memo per template (prepareOverrides does) to parse and print each text once.
 */
export type FieldRewriteMemo = Map<FieldOverrider, Map<string, Rewrite>>;

/** Applies each entry in list order to the result of the previous one. */
export function applyFieldOverriders(
  doc: KubeObject,
  entries: readonly FieldOverrider[],
  memo: FieldRewriteMemo = new Map(),
  ownership?: Ownership,
): StepResult {
  let current = doc;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] as FieldOverrider;
    const text = stringAt(current, entry.fieldPath);
    if (typeof text !== 'string') return stepFailure(i, entry.fieldPath, text.reason);
    const rewritten = memoized(memo, entry, text);
    if (typeof rewritten !== 'string') {
      return stepFailure(i, `${entry.fieldPath}${rewritten.path}`, rewritten.reason);
    }
    const set = applyPatch(current, [{ op: 'replace', path: entry.fieldPath, value: rewritten }], ownership);
    if (!set.ok) return stepFailure(i, entry.fieldPath, set.reason);
    current = set.doc as KubeObject;
  }
  return { ok: true, doc: current };
}

/**
 * go-openapi/jsonpointer Get: the pointer must be empty or start with `/`; maps by key, lists by
 * an in-range index; the value found must be a string.
 */
function stringAt(doc: KubeObject, pointer: string): string | { reason: string } {
  if (pointer !== '' && !pointer.startsWith('/')) return { reason: 'JSON pointer must be empty or start with a "/"' };
  let node: unknown = doc;
  for (const raw of pointer === '' ? [] : pointer.slice(1).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(node)) {
      const idx = /^[+-]?[0-9]+$/.test(key) ? Number.parseInt(key, 10) : Number.NaN;
      if (!(idx >= 0 && idx < node.length)) return { reason: `index ${key} out of bounds or not a number` };
      node = node[idx];
    } else if (typeof node === 'object' && node !== null) {
      if (!Object.hasOwn(node, key)) return { reason: `object has no key "${key}"` };
      node = (node as Record<string, unknown>)[key];
    } else {
      return { reason: `invalid token reference "${key}"` };
    }
  }
  return typeof node === 'string'
    ? node
    : { reason: `Get object's value by overrider's path(${pointer}) is not string` };
}

function memoized(memo: FieldRewriteMemo, entry: FieldOverrider, text: string): Rewrite {
  let byText = memo.get(entry);
  if (byText === undefined) {
    byText = new Map();
    memo.set(entry, byText);
  }
  let result = byText.get(text);
  if (result === undefined) {
    result = rewrite(text, entry);
    byText.set(text, result);
  }
  return result;
}

function toOps(ops: readonly YAMLPatchOperation[]): PatchOperation[] {
  return ops.map((o) => ({ op: o.operator, path: o.subPath, value: o.value ?? null }));
}

/** YAML wins when both are set; neither sets the field to "" (Karmada without validation). */
function rewrite(text: string, entry: FieldOverrider): Rewrite {
  if ((entry.yaml?.length ?? 0) > 0) return rewriteYaml(text, toOps(entry.yaml ?? []));
  if ((entry.json?.length ?? 0) > 0) return rewriteJson(text, toOps(entry.json ?? []));
  return '';
}

function rewriteYaml(text: string, ops: PatchOperation[]): Rewrite {
  const parsed = yamlToJson(text);
  if (typeof parsed === 'string') return { path: '', reason: `failed to convert yaml to json: ${parsed}` };
  const patched = applyPatch(parsed.value, ops);
  return patched.ok ? jsonToYaml(patched.doc) : { path: patched.path, reason: patched.reason };
}

/** evanphx on raw bytes: an empty text is returned as is; the first byte decides array or object. */
function rewriteJson(text: string, ops: PatchOperation[]): Rewrite {
  if (text === '') return text;
  const parsed = parseJsonText(text);
  if (typeof parsed === 'string') return { path: '', reason: `invalid JSON: ${parsed}` };
  const root = parsed.value;
  if (text[0] !== '[' && !(root instanceof Map)) return { path: '', reason: 'invalid value, expected object' };
  const patched = applyPatch(root, ops);
  return patched.ok ? stringifyJsonText(patched.doc) : { path: patched.path, reason: patched.reason };
}
