/**
 * Bounds on what one manifest file may hold, so a hostile or broken file costs seconds at most
 * and is refused with its name instead of stalling a pass. Every bound is far above any real
 * fleet file; each one refused is an error diagnostic, which also blocks prune for the pass.
 */

/** A larger file is not parsed at all. */
export const MAX_FILE_BYTES = 32 * 1024 * 1024;

/** Documents (and `List` items) per file. */
export const MAX_DOCUMENTS_PER_FILE = 10_000;

/**
 * One object, as JSON: etcd's default request limit (`--max-request-bytes`, 1.5 MiB), so
 * nothing larger could be stored by a member anyway.
 */
export const MAX_OBJECT_BYTES = 1.5 * 1024 * 1024;

function mib(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

export function fileTooLarge(bytes: number): string | undefined {
  if (bytes <= MAX_FILE_BYTES) return undefined;
  return `file too large: ${mib(bytes)}, over the ${mib(MAX_FILE_BYTES)} a manifest file may hold; not read`;
}

export function tooManyDocuments(count: number): string | undefined {
  if (count <= MAX_DOCUMENTS_PER_FILE) return undefined;
  return `too many documents: ${count} in one file, over the ${MAX_DOCUMENTS_PER_FILE} a manifest file may hold; not read`;
}

/** The object's size as JSON when over the bound, else undefined (the common case costs one stringify). */
export function objectTooLarge(object: unknown): string | undefined {
  const json = JSON.stringify(object);
  if (json === undefined || json.length * 3 <= MAX_OBJECT_BYTES) return undefined;
  const bytes = Buffer.byteLength(json);
  if (bytes <= MAX_OBJECT_BYTES) return undefined;
  return `object too large: ${mib(bytes)} as JSON, over the ${mib(MAX_OBJECT_BYTES)} a Kubernetes API server stores (etcd's request limit)`;
}
