import type { KubeObject, ResourceInterpreterCustomization } from '../../../src/model/index.ts';
import { OPERATION_SCRIPTS, type InterpreterOperation } from '../../../src/interpreter/index.ts';

/** A customization with one script for `op`, targeting `example.io/v1` Workload. */
export function ric(op: InterpreterOperation, script: string, name = 'test'): ResourceInterpreterCustomization {
  return {
    apiVersion: 'config.karmada.io/v1alpha1',
    kind: 'ResourceInterpreterCustomization',
    metadata: { name },
    spec: { target: { apiVersion: 'example.io/v1', kind: 'Workload' }, customizations: { [OPERATION_SCRIPTS[op].field]: { luaScript: script } } },
  };
}

/** A custom workload object. */
export function workload(extra: Record<string, unknown> = {}): KubeObject {
  return { apiVersion: 'example.io/v1', kind: 'Workload', metadata: { name: 'w', namespace: 'ns' }, ...extra };
}
