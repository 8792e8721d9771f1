/**
 * Native ReviseReplica and Retain (Karmada native/revisereplica.go, native/retain.go,
 * pkg/util/lifted/retain.go; docs/karmada-compatibility.md#native-interpreters). Both return new objects.
 */
import { RETAIN_REPLICAS_LABEL } from '../../model/index.ts';
import type { KubeObject } from '../../model/index.ts';
import { InterpretError } from '../errors.ts';
import { arr, at, obj, str } from './object-path.ts';

/** Set `spec.<field>` to `replicas` on a copy that shares every other subtree (nothing mutates rendered objects). */
export function reviseField(field: 'replicas' | 'parallelism') {
  return (o: KubeObject, replicas: number): KubeObject => ({ ...o, spec: { ...obj(o['spec']), [field]: replicas } });
}

function spec(o: KubeObject): Record<string, unknown> {
  const s = obj(o['spec']);
  o['spec'] = s;
  return s;
}

/** Deployment: keep the member's replicas when the template carries the retain-replicas label. */
export function retainDeployment(desired: KubeObject, observed: KubeObject): KubeObject {
  if (desired.metadata.labels?.[RETAIN_REPLICAS_LABEL] !== 'true') return desired;
  const replicas = at(observed, 'spec.replicas');
  if (typeof replicas !== 'number')
    throw new InterpretError(
      `Deployment/${observed.metadata.name ?? ''}`,
      'Retain',
      'the member object has no spec.replicas',
    );
  const out = structuredClone(desired);
  spec(out)['replicas'] = replicas;
  return out;
}

/** Pod: node name, service account, volumes and each container's volume mounts come from the member. */
export function retainPod(desired: KubeObject, observed: KubeObject): KubeObject {
  const out = structuredClone(desired);
  const s = spec(out);
  const o = obj(observed['spec']);
  for (const key of ['nodeName', 'serviceAccountName', 'volumes']) {
    if (o[key] === undefined) delete s[key];
    else s[key] = structuredClone(o[key]);
  }
  for (const list of ['containers', 'initContainers']) {
    const mounts = new Map(arr(o[list]).map((c) => [c['name'], c['volumeMounts']]));
    for (const c of arr(s[list])) {
      if (!mounts.has(c['name'])) continue;
      const m = mounts.get(c['name']);
      if (m === undefined) delete c['volumeMounts'];
      else c['volumeMounts'] = structuredClone(m);
    }
  }
  return out;
}

/** Service: healthCheckNodePort (> 0) and clusterIP (non-empty) come from the member. */
export function retainService(desired: KubeObject, observed: KubeObject): KubeObject {
  const out = structuredClone(desired);
  const port = at(observed, 'spec.healthCheckNodePort');
  if (typeof port === 'number' && port > 0) spec(out)['healthCheckNodePort'] = port;
  const ip = str(observed, 'spec.clusterIP');
  if (ip !== '') spec(out)['clusterIP'] = ip;
  return out;
}

/** ServiceAccount: desired secrets and imagePullSecrets, then member entries with other names. */
export function retainServiceAccount(desired: KubeObject, observed: KubeObject): KubeObject {
  const out = structuredClone(desired);
  for (const key of ['secrets', 'imagePullSecrets']) {
    const mine = arr(out[key]);
    const names = new Set(mine.map((e) => e['name']));
    const merged = [...mine, ...arr(observed[key]).filter((e) => !names.has(e['name']))];
    if (merged.length > 0) out[key] = merged;
  }
  return out;
}

/** PersistentVolumeClaim: `spec.volumeName` from the member when set. */
export function retainPersistentVolumeClaim(desired: KubeObject, observed: KubeObject): KubeObject {
  const name = str(observed, 'spec.volumeName');
  if (name === '') return desired;
  const out = structuredClone(desired);
  spec(out)['volumeName'] = name;
  return out;
}

/** PersistentVolume: `spec.claimRef` from the member when present. */
export function retainPersistentVolume(desired: KubeObject, observed: KubeObject): KubeObject {
  const claimRef = at(observed, 'spec.claimRef');
  if (claimRef === undefined) return desired;
  const out = structuredClone(desired);
  spec(out)['claimRef'] = structuredClone(claimRef);
  return out;
}

/** Job: selector matchLabels and template labels from the member (the API server generated them). */
export function retainJob(desired: KubeObject, observed: KubeObject): KubeObject {
  const out = structuredClone(desired);
  const matchLabels = at(observed, 'spec.selector.matchLabels');
  if (matchLabels !== undefined)
    spec(out)['selector'] = { ...obj(spec(out)['selector']), matchLabels: structuredClone(matchLabels) };
  const labels = at(observed, 'spec.template.metadata.labels');
  if (labels !== undefined) {
    const template = obj(spec(out)['template']);
    template['metadata'] = { ...obj(template['metadata']), labels: structuredClone(labels) };
    spec(out)['template'] = template;
  }
  return out;
}

/** Secret: a service-account token's data comes from the member. */
export function retainSecret(desired: KubeObject, observed: KubeObject): KubeObject {
  if (desired['type'] !== 'kubernetes.io/service-account-token' || observed['data'] === undefined) return desired;
  return { ...structuredClone(desired), data: structuredClone(observed['data']) };
}
