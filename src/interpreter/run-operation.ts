/**
 * One interpreter operation on plain inputs, with the output keyed as `flotilla interpret`
 * prints it and as customization test cases expect it (interfaces.md §2.2).
 */
import type { AggregatedStatusItem, JsonValue, KubeObject } from '../model/index.ts';
import { EngineError } from '../model/index.ts';
import type { InterpreterOperation, ResourceInterpreter } from './types.ts';
import { INTERPRETER_OPERATIONS } from './types.ts';

/** The inputs of one operation; which ones are required depends on the operation. */
export interface OperationInput {
  desiredObj?: KubeObject;
  observedObj?: KubeObject;
  statusItems?: AggregatedStatusItem[];
  inputReplicas?: number;
}

/** The output of one operation, keyed per interfaces.md §2.2. */
export type OperationOutput = Record<string, JsonValue>;

/** Raised for missing inputs or an unknown operation name. */
export class OperationInputError extends EngineError<'InvalidOperationInput', { operation: string }> {
  constructor(operation: string, message: string) {
    super('InvalidOperationInput', `${operation}: ${message}`, { operation });
  }
}

/** Resolve an operation name case-insensitively (`interprethealth` → `InterpretHealth`). */
export function parseOperation(name: string): InterpreterOperation {
  const op = INTERPRETER_OPERATIONS.find((o) => o.toLowerCase() === name.toLowerCase());
  if (!op) throw new OperationInputError(name, `unknown operation; expected one of ${INTERPRETER_OPERATIONS.join(', ')}`);
  return op;
}

function need<T>(value: T | undefined, op: InterpreterOperation, what: string): T {
  if (value === undefined) throw new OperationInputError(op, `needs ${what}`);
  return value;
}

const json = (v: unknown): JsonValue => v as JsonValue;

/** Run `op`; member-side operations (status, health) read the observed object, else the desired one. */
export function runOperation(interpreter: ResourceInterpreter, op: InterpreterOperation, input: OperationInput): OperationOutput {
  const desired = () => need(input.desiredObj, op, 'a desired object');
  const observed = () => need(input.observedObj ?? input.desiredObj, op, 'an observed object');
  switch (op) {
    case 'InterpretReplica': {
      const result = interpreter.getReplicas(desired());
      const out: OperationOutput = { replica: result?.replicas ?? 0 };
      if (result?.requirements) out['requires'] = json(result.requirements);
      return out;
    }
    case 'ReviseReplica':
      return { revised: json(interpreter.reviseReplica(desired(), need(input.inputReplicas, op, 'a desired replica count'))) };
    case 'Retain':
      return { retained: json(interpreter.retain(desired(), need(input.observedObj, op, 'an observed object'))) };
    case 'AggregateStatus':
      return { aggregatedStatus: json(interpreter.aggregateStatus(desired(), input.statusItems ?? [])['status'] ?? {}) };
    case 'InterpretStatus':
      return { status: json(interpreter.reflectStatus(observed()) ?? null) };
    case 'InterpretHealth':
      return { healthy: interpreter.interpretHealth(observed()) };
    case 'InterpretDependency':
      return { dependencies: json(interpreter.getDependencies(desired())) };
    case 'InterpretComponent':
      return { components: json(interpreter.getComponents(desired())) };
  }
}
