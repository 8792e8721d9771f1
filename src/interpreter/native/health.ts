/**
 * Native InterpretHealth (Karmada native/healthy.go, docs/karmada-compatibility.md#native-interpreters), evaluated
 * on the member object.
 */
import type { KubeObject } from '../../model/index.ts';
import { arr, at, hasTrueCondition, num, str } from './object-path.ts';

type Health = (o: KubeObject) => boolean;

const generationObserved = (o: KubeObject): boolean =>
  num(o, 'status.observedGeneration') === (o.metadata.generation ?? 0);

const rolledOut: Health = (o) => {
  const replicas = at(o, 'spec.replicas');
  const updated = num(o, 'status.updatedReplicas');
  return (
    generationObserved(o) &&
    (typeof replicas !== 'number' || updated >= replicas) &&
    num(o, 'status.availableReplicas') >= updated
  );
};

const hasIngress = (o: KubeObject): boolean =>
  arr(at(o, 'status.loadBalancer.ingress')).some((i) => str(i, 'ip') !== '' || str(i, 'hostname') !== '');

/**
 * Kinds with a native health interpreter; every other kind is Healthy by default
 * (docs/karmada-compatibility.md#the-chain).
 */
export const HEALTH: Readonly<Record<string, Health>> = {
  Deployment: rolledOut,
  StatefulSet: rolledOut,
  ReplicaSet: (o) => {
    const replicas = at(o, 'spec.replicas');
    return generationObserved(o) && (typeof replicas !== 'number' || num(o, 'status.availableReplicas') >= replicas);
  },
  DaemonSet: (o) =>
    generationObserved(o) &&
    num(o, 'status.updatedNumberScheduled') >= num(o, 'status.desiredNumberScheduled') &&
    num(o, 'status.numberAvailable') >= num(o, 'status.updatedNumberScheduled'),
  Service: (o) => str(o, 'spec.type') !== 'LoadBalancer' || hasIngress(o),
  Ingress: hasIngress,
  PersistentVolumeClaim: (o) => str(o, 'status.phase') === 'Bound',
  Pod: (o) => {
    const phase = str(o, 'status.phase');
    return phase === 'Succeeded' || (phase === 'Running' && hasTrueCondition(at(o, 'status.conditions'), 'Ready'));
  },
  PodDisruptionBudget: (o) => num(o, 'status.currentHealthy') >= num(o, 'status.desiredHealthy'),
};
