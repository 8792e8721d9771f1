/**
 * What "the same object" means when desired, dry-run and live objects are compared. Pure.
 * Fields the server owns (managedFields, resourceVersion, uid, timestamps, generation, status)
 * never count, nor does `flotilla.io/source-commit`: it names the commit that last changed the
 * object, so a commit that changes nothing else of an object does not re-apply it.
 */
import { createHash } from 'node:crypto';
import { isRecord, SOURCE_COMMIT_ANNOTATION } from '../model/index.ts';
import type { KubeObject } from '../model/index.ts';

const SERVER_METADATA = [
  'managedFields',
  'resourceVersion',
  'uid',
  'creationTimestamp',
  'generation',
  'selfLink',
] as const;

function withoutCommit(annotations: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!annotations || !Object.hasOwn(annotations, SOURCE_COMMIT_ANNOTATION)) return annotations;
  const { [SOURCE_COMMIT_ANNOTATION]: _commit, ...rest } = annotations;
  return Object.keys(rest).length > 0 ? rest : undefined;
}

/** The object without server-owned fields and without the commit annotation: what diffs show. */
export function comparable(object: KubeObject): KubeObject {
  const { status: _status, ...rest } = object;
  const metadata = { ...object.metadata };
  for (const field of SERVER_METADATA) delete metadata[field];
  const annotations = withoutCommit(metadata.annotations);
  if (annotations) metadata.annotations = annotations;
  else delete metadata.annotations;
  return { ...rest, metadata };
}

/**
 * Annotations that controllers and kubectl write on live objects. Server-side apply leaves them
 * alone (Flotilla does not own them), so they are in both sides of every live diff and only
 * hide the lines that change.
 */
const SERVER_SET_ANNOTATIONS = [
  'deployment.kubernetes.io/',
  'deprecated.daemonset.template.generation',
  'kubectl.kubernetes.io/last-applied-configuration',
  'pv.kubernetes.io/',
  'volume.kubernetes.io/',
  'volume.beta.kubernetes.io/',
  'endpoints.kubernetes.io/',
  'control-plane.alpha.kubernetes.io/leader',
] as const;

function serverSet(key: string): boolean {
  return SERVER_SET_ANNOTATIONS.some((prefix) => (prefix.endsWith('/') ? key.startsWith(prefix) : key === prefix));
}

/** {@link comparable}, less the annotations controllers and kubectl set: what a live diff shows. */
export function diffable(object: KubeObject): KubeObject {
  const shown = comparable(object);
  const annotations = shown.metadata.annotations;
  if (!annotations || !Object.keys(annotations).some(serverSet)) return shown;
  const kept = Object.fromEntries(Object.entries(annotations).filter(([key]) => !serverSet(key)));
  const metadata = { ...shown.metadata };
  if (Object.keys(kept).length > 0) metadata.annotations = kept;
  else delete metadata.annotations;
  return { ...shown, metadata };
}

/** A JSON value with every object's keys sorted: one text per value, for digests. */
export function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, canonical(value[k])]),
  );
}

/** A short digest of the desired object (commit annotation excluded), kept in the inventory. */
export function desiredDigest(manifest: KubeObject): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(comparable(manifest))))
    .digest('hex')
    .slice(0, 16);
}

/** Deep equality of JSON values, key order ignored. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameJson(a[k], b[k]));
}

/**
 * Whether every field of `desired` is in `live` with the same value (lists element by element,
 * same length). Server defaults add fields, so live may hold more; a field that differs or is
 * missing means the object drifted or the server normalised it, and the caller asks the server
 * (a dry-run) before it writes anything.
 */
export function containedIn(desired: unknown, live: unknown): boolean {
  if (desired === live) return true;
  if (Array.isArray(desired))
    return Array.isArray(live) && desired.length === live.length && desired.every((x, i) => containedIn(x, live[i]));
  if (!isRecord(desired) || !isRecord(live)) return false;
  return Object.keys(desired).every((k) => Object.hasOwn(live, k) && containedIn(desired[k], live[k]));
}
