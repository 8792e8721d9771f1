/**
 * One interpreter operation on plain inputs, with the output keyed as `flotilla interpret`
 * prints it and as customization test cases expect it.
 */
import type { AggregatedStatusItem, JsonValue, KubeObject } from '../model/index.ts';
import { EngineError } from '../model/index.ts';
import type { InterpreterOperation, ResourceInterpreter } from './types.ts';
import { INTERPRETER_OPERATIONS } from './types.ts';

/** The inputs of one operation; which ones are required depends on the operation. */
export interface OperationInput {
  desiredObj?: KubeObject;
  observedObj?: KubeObject;
  /** Absent: Lua gets nil (Karmada's nil list); an empty list reaches Lua as an empty table. */
  statusItems?: AggregatedStatusItem[] | null;
  inputReplicas?: number;
}

/** The output of one operation, keyed as Karmada's rule runner keys it. */
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
  if (!op)
    throw new OperationInputError(name, `unknown operation; expected one of ${INTERPRETER_OPERATIONS.join(', ')}`);
  return op;
}

const json = (v: unknown): JsonValue => v as JsonValue;

/**
 * The object of a one-object operation, as `karmadactl interpret` picks it: the desired or the
 * observed one, whichever is given, never both.
 */
function oneObject(op: InterpreterOperation, input: OperationInput): KubeObject {
  if (input.desiredObj && input.observedObj)
    throw new OperationInputError(op, 'you can not specify both desired-file and observed-file options');
  const obj = input.desiredObj ?? input.observedObj;
  if (!obj) throw new OperationInputError(op, 'desired-file, observed-file options are not set');
  return obj;
}

/**
 * Run `op` with Karmada's argument rules (the rule runner behind `karmadactl interpret` and its
 * customization tests): Retain needs both objects, every other operation exactly one of them;
 * ReviseReplica's count defaults to 0; without status items AggregateStatus passes nil to Lua.
 */
export function runOperation(
  interpreter: ResourceInterpreter,
  op: InterpreterOperation,
  input: OperationInput,
): OperationOutput {
  switch (op) {
    case 'Retain': {
      if (!input.desiredObj) throw new OperationInputError(op, 'desired, desired-file options are not set');
      if (!input.observedObj) throw new OperationInputError(op, 'observed, observed-file options are not set');
      return { retained: json(interpreter.retain(input.desiredObj, input.observedObj)) };
    }
    case 'InterpretReplica': {
      const result = interpreter.getReplicas(oneObject(op, input));
      const out: OperationOutput = { replica: result?.replicas ?? 0 };
      if (result?.requirements) out['requires'] = json(result.requirements);
      return out;
    }
    case 'ReviseReplica':
      return { revised: json(interpreter.reviseReplica(oneObject(op, input), input.inputReplicas ?? 0)) };
    case 'AggregateStatus':
      return {
        aggregatedStatus: json(interpreter.aggregateStatus(oneObject(op, input), input.statusItems ?? undefined)),
      };
    case 'InterpretStatus':
      return { status: json(interpreter.reflectStatus(oneObject(op, input)) ?? null) };
    case 'InterpretHealth':
      return { healthy: interpreter.interpretHealth(oneObject(op, input)) };
    case 'InterpretDependency':
      return { dependencies: json(interpreter.getDependencies(oneObject(op, input))) };
    case 'InterpretComponent':
      return { components: json(interpreter.getComponents(oneObject(op, input))) };
  }
}
