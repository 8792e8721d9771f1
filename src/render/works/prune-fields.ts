import { groupKind } from '../../model/index.ts';
import type { KubeObject } from '../../model/index.ts';

const SERVER_METADATA = [
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'generation',
  'managedFields',
  'resourceVersion',
  'selfLink',
  'uid',
  'ownerReferences',
  'finalizers',
] as const;

function withoutKeys<T extends Record<string, unknown>>(obj: T | undefined, keys: readonly string[]): T | undefined {
  if (!obj || !keys.some((k) => Object.hasOwn(obj, k))) return obj;
  const copy = { ...obj };
  for (const k of keys) delete copy[k];
  return copy;
}

function pruneKind(obj: KubeObject): KubeObject {
  const spec = obj['spec'] as Record<string, unknown> | undefined;
  switch (groupKind(obj.apiVersion, obj.kind)) {
    case 'apps/Deployment': {
      const annotations = withoutKeys(obj.metadata.annotations, [
        'deployment.kubernetes.io/revision',
        'deployment.kubernetes.io/revision-history',
      ]);
      return annotations === obj.metadata.annotations ? obj : { ...obj, metadata: { ...obj.metadata, annotations } };
    }
    case 'batch/Job':
      return spec && Object.hasOwn(spec, 'ttlSecondsAfterFinished')
        ? { ...obj, spec: withoutKeys(spec, ['ttlSecondsAfterFinished']) }
        : obj;
    case 'core/Service':
      return spec &&
        spec['clusterIP'] !== 'None' &&
        (Object.hasOwn(spec, 'clusterIP') || Object.hasOwn(spec, 'clusterIPs'))
        ? { ...obj, spec: withoutKeys(spec, ['clusterIP', 'clusterIPs']) }
        : obj;
    case 'core/PersistentVolumeClaim': {
      const annotations = withoutKeys(obj.metadata.annotations, ['volume.kubernetes.io/selected-node']);
      return annotations === obj.metadata.annotations ? obj : { ...obj, metadata: { ...obj.metadata, annotations } };
    }
    default:
      return obj;
  }
}

/**
 * Removes what only a live API server owns before an object is sent to a member (Karmada's
 * prune, docs/karmada-compatibility.md#manifest-assembly-and-tracking): server metadata, status, and a few per-kind
 * fields such as a Service's allocated clusterIP. Templates copied from `kubectl get -o yaml` then apply cleanly.
 */
export function pruneServerFields(obj: KubeObject): KubeObject {
  const metadata = withoutKeys(obj.metadata, SERVER_METADATA) ?? obj.metadata;
  let out: KubeObject = metadata === obj.metadata ? obj : { ...obj, metadata };
  if (Object.hasOwn(out, 'status')) {
    out = { ...out };
    delete out['status'];
  }
  return pruneKind(out);
}
