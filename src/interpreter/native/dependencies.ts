/**
 * Native InterpretDependency (Karmada native/dependencies.go, docs/karmada-compatibility.md#native-interpreters).
 */
import type { KubeObject } from '../../model/index.ts';
import { InterpretError } from '../errors.ts';
import { podDependencies } from '../pod-dependencies.ts';
import type { DependentObjectReference } from '../types.ts';
import { arr, at, obj, str } from './object-path.ts';

type Dependencies = (o: KubeObject) => DependentObjectReference[];

const ns = (o: KubeObject): string => o.metadata.namespace || 'default';

const fromTemplate: Dependencies = (o) => podDependencies(obj(at(o, 'spec.template.spec')), ns(o));

/** Kinds with a native dependency interpreter. */
export const DEPENDENCIES: Readonly<Record<string, Dependencies>> = {
  Deployment: fromTemplate,
  ReplicaSet: fromTemplate,
  DaemonSet: fromTemplate,
  Job: fromTemplate,
  StatefulSet: (o) => {
    const claims = new Set(arr(at(o, 'spec.volumeClaimTemplates')).map((t) => str(t, 'metadata.name')));
    return podDependencies(obj(at(o, 'spec.template.spec')), ns(o), claims);
  },
  CronJob: (o) => podDependencies(obj(at(o, 'spec.jobTemplate.spec.template.spec')), ns(o)),
  Pod: (o) => podDependencies(obj(o['spec']), ns(o)),
  Ingress: (o) =>
    arr(at(o, 'spec.tls')).map((tls) => {
      const name = str(tls, 'secretName');
      if (name === '')
        throw new InterpretError(
          `Ingress/${ns(o)}/${o.metadata.name ?? ''}`,
          'InterpretDependency',
          'a tls entry has no secretName',
        );
      return { apiVersion: 'v1', kind: 'Secret', namespace: ns(o), name };
    }),
  ServiceImport: (o) => {
    const derived = `derived-${o.metadata.name ?? ''}`;
    return [
      { apiVersion: 'v1', kind: 'Service', namespace: ns(o), name: derived },
      {
        apiVersion: 'discovery.k8s.io/v1',
        kind: 'EndpointSlice',
        namespace: ns(o),
        labelSelector: { matchLabels: { 'kubernetes.io/service-name': derived } },
      },
    ];
  },
};
