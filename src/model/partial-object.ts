import type { KubeObject, ObjectMeta } from './kube.ts';

/**
 * An object as Kubernetes' unstructured decoding takes it: a non-empty `kind` and nothing else
 * required. An interpreter script may return one (docs/karmada-compatibility.md#lua-results).
 */
export interface PartialKubeObject {
  apiVersion?: string;
  kind: string;
  metadata?: ObjectMeta;
  [key: string]: unknown;
}

/** The fields `obj` lacks before it can be rendered or sent: `apiVersion` and `metadata`. */
export function missingIdentity(obj: PartialKubeObject): string[] {
  const missing: string[] = [];
  if (typeof obj.apiVersion !== 'string' || obj.apiVersion === '') missing.push('apiVersion');
  if (obj.metadata === null || typeof obj.metadata !== 'object' || Array.isArray(obj.metadata))
    missing.push('metadata');
  return missing;
}

/** `obj` as a whole object, or `undefined` when it lacks `apiVersion` or `metadata`. */
export function asKubeObject(obj: PartialKubeObject): KubeObject | undefined {
  return missingIdentity(obj).length === 0 ? (obj as KubeObject) : undefined;
}
