/**
 * The resource interpreter (docs/karmada-compatibility.md#interpreter): answers Karmada's eight interpreter operations
 * for any object through a chain — the repository's ResourceInterpreterCustomizations (Lua), Flotilla's
 * bundled Lua customizations, then native TS defaults. Lua runs in a sandboxed fengari state with
 * Karmada's library set, the `kube` helpers, and per-call instruction, time and memory limits.
 * It does not read the repository or talk to clusters; callers pass objects in.
 */
export {
  BUNDLED_CUSTOMIZATIONS_DIR,
  BUNDLED_JSON_FILE,
  CustomizationFileError,
  findCustomizationFiles,
  loadBundledCustomizations,
  readCustomizationFile,
} from './bundled.ts';
export { createInterpreter, DEFAULT_INTERPRETER_OPTIONS } from './chain.ts';
export { checkCustomization, type CustomizationProblem } from './check-customization.ts';
export { findCustomizationSuites, type CustomizationSuite } from './customization-suites.ts';
export { InterpretError, LuaScriptError, type LuaFailure } from './errors.ts';
export {
  OperationInputError,
  parseOperation,
  runOperation,
  type OperationInput,
  type OperationOutput,
} from './run-operation.ts';
export {
  casesFromDocuments,
  compareOutput,
  runTestCase,
  type InterpreterTestCase,
  type TestCaseResult,
} from './test-cases.ts';
export {
  INTERPRETER_OPERATIONS,
  OPERATION_SCRIPTS,
  type DependentObjectReference,
  type Gvk,
  type InterpreterOperation,
  type InterpreterOptions,
  type ReplicaResult,
  type ResourceInterpreter,
  type ScriptTimeout,
} from './types.ts';
