/**
 * imageOverrider (pkg/util/overridemanager/imageoverride.go, docs/karmada-compatibility.md#the-overriders): edits the
 * registry, repository or tag of every regular container image of a built-in workload, or of the one string
 * at `predicate.path` for any kind.
 */
import type { ImageOverrider, KubeObject } from '../../model/index.ts';
import { formatImage, parseImage, setTagOrDigest, type ImageComponents } from './image-reference.ts';
import type { Ownership, PatchOperation } from './json-patch.ts';
import { regularContainers } from './pod-spec-path.ts';
import { patchEach, stepFailure, type StepFailure, type StepResult } from './step-result.ts';

/** Applies each entry in list order, each as its own patch. */
export function applyImageOverriders(
  doc: KubeObject,
  entries: readonly ImageOverrider[],
  ownership?: Ownership,
): StepResult {
  return patchEach(doc, entries, imagePatches, ownership);
}

function imagePatches(doc: KubeObject, entry: ImageOverrider, index: number): PatchOperation[] | StepFailure {
  if (entry.predicate !== undefined && entry.predicate !== null) {
    const path = entry.predicate.path;
    const image = imageAtPredicate(doc, path);
    if (typeof image !== 'string') return stepFailure(index, path, image.reason);
    if (!path.startsWith('/')) return stepFailure(index, path, 'imagePath should be start with / character');
    const op = replaceImage(path, image, entry, index);
    return 'op' in op ? [op] : op;
  }
  const found = regularContainers(doc);
  if (found === undefined) return [];
  if ('reason' in found) return stepFailure(index, found.podSpec, found.reason);
  const ops: PatchOperation[] = [];
  for (const [i, c] of found.containers.entries()) {
    const path = `${found.podSpec}/containers/${i}/image`;
    const image = c['image'] ?? '';
    if (typeof image !== 'string') return stepFailure(index, path, 'image is not a string');
    const op = replaceImage(path, image, entry, index);
    if (!('op' in op)) return op;
    ops.push(op);
  }
  return ops;
}

function replaceImage(path: string, image: string, entry: ImageOverrider, index: number): PatchOperation | StepFailure {
  const parsed = parseImage(image);
  if (typeof parsed === 'string') return stepFailure(index, path, `failed to parse image value(${image}): ${parsed}`);
  return { op: 'replace', path, value: formatImage(overrideComponent(parsed, entry)) };
}

/** Karmada's overrideImage: plain string concatenation for add, no validation of the result. */
function overrideComponent(c: ImageComponents, entry: ImageOverrider): ImageComponents {
  const value = entry.value ?? '';
  switch (entry.component) {
    case 'Registry':
      return { ...c, hostname: edit(c.hostname, entry.operator, value) };
    case 'Repository':
      return { ...c, repository: edit(c.repository, entry.operator, value) };
    case 'Tag':
      if (entry.operator === 'remove') return c.tag !== '' ? { ...c, tag: '' } : { ...c, digest: '' };
      if (entry.operator !== 'add' && entry.operator !== 'replace') return c;
      return setTagOrDigest(c, edit(c.tag || c.digest, entry.operator, value));
    default:
      return c;
  }
}

/** An operator outside add / replace / remove leaves the component as it is (Go's switch). */
function edit(current: string, operator: string, value: string): string {
  switch (operator) {
    case 'add':
      return current + value;
    case 'replace':
      return value;
    case 'remove':
      return '';
    default:
      return current;
  }
}

/** Go's strings.Trim(path, "/"), without a regular expression on the hot path. */
function trimSlashes(path: string): string {
  let start = 0;
  let end = path.length;
  while (start < end && path.charCodeAt(start) === 47) start++;
  while (end > start && path.charCodeAt(end - 1) === 47) end--;
  return start === 0 && end === path.length ? path : path.slice(start, end);
}

/**
 * obtainImageValue: trims `/`, splits on `/` without `~` unescaping, walks maps, and for a list
 * takes the next segment as its index; the final value must be a string.
 */
function imageAtPredicate(doc: KubeObject, path: string): string | { reason: string } {
  const segments = trimSlashes(path).split('/');
  let current: Record<string, unknown> = doc;
  for (let i = 0; i < segments.length - 1; i++) {
    const next = current[segments[i] as string];
    if (Array.isArray(next)) {
      const token = segments[i + 1] as string;
      if (!/^[+-]?[0-9]+$/.test(token)) return { reason: `path(${token}) of rawObj's is not number` };
      // Go panics on an index out of range or an item that is not a map; that is a failure here.
      const item: unknown = next[Number(token)];
      if (typeof item !== 'object' || item === null || Array.isArray(item)) {
        return { reason: `path(${token}) of rawObj's is not an object` };
      }
      current = item as Record<string, unknown>;
      i++;
    } else if (typeof next === 'object' && next !== null) {
      current = next as Record<string, unknown>;
    } else {
      return { reason: `path(${segments[i]}) of rawObj's type is not map[string]interface{} and []interface{}` };
    }
  }
  const value = current[segments[segments.length - 1] as string];
  return typeof value === 'string'
    ? value
    : { reason: `failed to convert path(${segments[segments.length - 1]}) to string` };
}
