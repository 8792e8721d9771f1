/**
 * Objects a pod spec refers to (Karmada pkg/util/helper/pod.go GetDependenciesFromPodTemplate and
 * pkg/util/lifted/visitpod.go), docs/karmada-compatibility.md#native-interpreters: ConfigMaps, then Secrets, then
 * the ServiceAccount, then PVCs, each de-duplicated. Shared by native interpreters and `kube.getPodDependencies`.
 */
import { arr, obj } from './native/object-path.ts';
import type { DependentObjectReference } from './types.ts';

type Obj = Record<string, unknown>;

const SECRET_REF_VOLUMES = ['cephfs', 'cinder', 'flexVolume', 'rbd', 'scaleIO', 'iscsi', 'storageos'] as const;

/** References from a pod spec; names in `excludedClaims` (StatefulSet claim templates) are dropped. */
export function podDependencies(
  spec: Obj | undefined,
  namespace: string,
  excludedClaims: ReadonlySet<string> = new Set(),
): DependentObjectReference[] {
  const s = spec ?? {};
  const configMaps = new Set<string>();
  const secrets = new Set<string>();
  const claims = new Set<string>();
  for (const ref of arr(s['imagePullSecrets'])) add(secrets, ref['name']);
  for (const c of [...arr(s['containers']), ...arr(s['initContainers']), ...arr(s['ephemeralContainers'])]) {
    for (const from of arr(c['envFrom'])) {
      add(configMaps, obj(from['configMapRef'])['name']);
      add(secrets, obj(from['secretRef'])['name']);
    }
    for (const env of arr(c['env'])) {
      const valueFrom = obj(env['valueFrom']);
      add(configMaps, obj(valueFrom['configMapKeyRef'])['name']);
      add(secrets, obj(valueFrom['secretKeyRef'])['name']);
    }
  }
  for (const v of arr(s['volumes'])) visitVolume(v, configMaps, secrets, claims);
  const sa = s['serviceAccountName'];
  const serviceAccounts = typeof sa === 'string' && sa !== '' && sa !== 'default' ? [sa] : [];
  const ref =
    (kind: string) =>
    (name: string): DependentObjectReference => ({ apiVersion: 'v1', kind, namespace, name });
  return [
    ...[...configMaps].map(ref('ConfigMap')),
    ...[...secrets].map(ref('Secret')),
    ...serviceAccounts.map(ref('ServiceAccount')),
    ...[...claims].filter((c) => !excludedClaims.has(c)).map(ref('PersistentVolumeClaim')),
  ];
}

function visitVolume(v: Obj, configMaps: Set<string>, secrets: Set<string>, claims: Set<string>): void {
  add(configMaps, obj(v['configMap'])['name']);
  add(secrets, obj(v['secret'])['secretName']);
  add(secrets, obj(v['azureFile'])['secretName']);
  add(secrets, obj(obj(v['csi'])['nodePublishSecretRef'])['name']);
  for (const key of SECRET_REF_VOLUMES) add(secrets, obj(obj(v[key])['secretRef'])['name']);
  add(claims, obj(v['persistentVolumeClaim'])['claimName']);
  for (const source of arr(obj(v['projected'])['sources'])) {
    add(configMaps, obj(source['configMap'])['name']);
    add(secrets, obj(source['secret'])['name']);
  }
}

function add(set: Set<string>, name: unknown): void {
  if (typeof name === 'string' && name !== '') set.add(name);
}
