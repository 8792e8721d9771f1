/**
 * Native TS interpreters keyed on exact GVKs (docs/karmada-compatibility.md#native-interpreters), the last link of the
 * chain.
 */
import {
  type AggregatedStatusItem,
  describeRef,
  type KubeObject,
  refOf,
  QuantityParseError,
} from '../../model/index.ts';
import { InterpretError } from '../errors.ts';
import type { PodRequirementOptions } from '../pod-requirements.ts';
import type { DependentObjectReference, Gvk, InterpreterOperation, ReplicaResult } from '../types.ts';
import { AGGREGATORS } from './aggregate-status.ts';
import { DEPENDENCIES } from './dependencies.ts';
import { HEALTH } from './health.ts';
import { REFLECTORS, reflectWhole } from './reflect-status.ts';
import { jobReplicas, podReplicas, workloadReplicas } from './replica.ts';
import {
  retainDeployment,
  retainJob,
  retainPersistentVolume,
  retainPersistentVolumeClaim,
  retainPod,
  retainSecret,
  retainService,
  retainServiceAccount,
  reviseField,
} from './revise-retain.ts';

/** The exact apiVersion each natively interpreted kind is keyed on. */
const NATIVE_API_VERSIONS: Readonly<Record<string, string>> = {
  Deployment: 'apps/v1',
  ReplicaSet: 'apps/v1',
  StatefulSet: 'apps/v1',
  DaemonSet: 'apps/v1',
  Job: 'batch/v1',
  CronJob: 'batch/v1',
  Pod: 'v1',
  Service: 'v1',
  ServiceAccount: 'v1',
  Secret: 'v1',
  PersistentVolume: 'v1',
  PersistentVolumeClaim: 'v1',
  Ingress: 'networking.k8s.io/v1',
  PodDisruptionBudget: 'policy/v1',
  HorizontalPodAutoscaler: 'autoscaling/v2',
  ServiceImport: 'multicluster.x-k8s.io/v1alpha1',
};

const REPLICAS: Readonly<Record<string, (o: KubeObject, options: PodRequirementOptions) => ReplicaResult>> = {
  Deployment: workloadReplicas,
  ReplicaSet: workloadReplicas,
  StatefulSet: workloadReplicas,
  Job: jobReplicas,
  Pod: podReplicas,
};

const REVISE: Readonly<Record<string, (o: KubeObject, replicas: number) => KubeObject>> = {
  Deployment: reviseField('replicas'),
  ReplicaSet: reviseField('replicas'),
  StatefulSet: reviseField('replicas'),
  Job: reviseField('parallelism'),
};

const RETAIN: Readonly<Record<string, (desired: KubeObject, observed: KubeObject) => KubeObject>> = {
  Deployment: retainDeployment,
  Pod: retainPod,
  Service: retainService,
  ServiceAccount: retainServiceAccount,
  PersistentVolumeClaim: retainPersistentVolumeClaim,
  PersistentVolume: retainPersistentVolume,
  Job: retainJob,
  Secret: retainSecret,
};

const TABLES: Readonly<Record<InterpreterOperation, Readonly<Record<string, unknown>>>> = {
  InterpretReplica: REPLICAS,
  ReviseReplica: REVISE,
  Retain: RETAIN,
  AggregateStatus: AGGREGATORS,
  InterpretStatus: REFLECTORS,
  InterpretHealth: HEALTH,
  InterpretDependency: DEPENDENCIES,
  InterpretComponent: {},
};

function nativeKind(gvk: Gvk): string | undefined {
  return NATIVE_API_VERSIONS[gvk.kind] === gvk.apiVersion ? gvk.kind : undefined;
}

/** Whether Karmada's native interpreter implements `op` for the GVK; InterpretStatus covers every kind. */
export function nativeSupports(gvk: Gvk, op: InterpreterOperation): boolean {
  if (op === 'InterpretStatus') return true;
  const kind = nativeKind(gvk);
  return kind !== undefined && kind in TABLES[op];
}

function handler<T>(table: Readonly<Record<string, T>>, o: KubeObject): T | undefined {
  const kind = nativeKind(o);
  return kind === undefined ? undefined : table[kind];
}

/** The native operations; each returns `undefined` when the kind has no handler. */
export const native = {
  getReplicas(o: KubeObject, options: PodRequirementOptions): ReplicaResult | undefined {
    try {
      return handler(REPLICAS, o)?.(o, options);
    } catch (e) {
      if (e instanceof QuantityParseError)
        throw new InterpretError(describeRef(refOf(o)), 'InterpretReplica', e.message);
      throw e;
    }
  },
  reviseReplica: (o: KubeObject, replicas: number): KubeObject | undefined => handler(REVISE, o)?.(o, replicas),
  retain: (desired: KubeObject, observed: KubeObject): KubeObject | undefined =>
    handler(RETAIN, desired)?.(desired, observed),
  aggregateStatus: (o: KubeObject, items: readonly AggregatedStatusItem[], now: () => number): KubeObject | undefined =>
    handler(AGGREGATORS, o)?.(o, items, now),
  reflectStatus: (o: KubeObject): Record<string, unknown> | undefined => (handler(REFLECTORS, o) ?? reflectWhole)(o),
  interpretHealth: (o: KubeObject): boolean | undefined => handler(HEALTH, o)?.(o),
  getDependencies: (o: KubeObject): DependentObjectReference[] | undefined => handler(DEPENDENCIES, o)?.(o),
};
