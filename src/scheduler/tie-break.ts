import type { ObjectRef } from '../model/index.ts';

/** 32-bit FNV-1a over the UTF-8 bytes of a string (Go's hash/fnv New32a). */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/**
 * The seed that stands in for the template's UID (README.md#flotilla-plan,
 * docs/karmada-compatibility.md#synthetic-uids):
 * `apiVersion/kind/namespace/name`, so the same repository gives the same plan everywhere.
 */
export function tieBreakSeed(resource: ObjectRef): string {
  return `${resource.apiVersion}/${resource.kind}/${resource.namespace}/${resource.name}`;
}

/**
 * Karmada's Dispenser parity rule (pkg/util/helper/binding.go,
 * docs/karmada-compatibility.md#webster-division-and-tie-breaks): ties go to the name-smallest cluster when the seed is
 * empty or its FNV-1a hash is even, to the name-largest when the hash is odd.
 */
export function namesDescending(seed: string): boolean {
  return seed !== '' && fnv1a32(seed) % 2 === 1;
}
