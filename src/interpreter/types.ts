/**
 * The interpreter's public shapes: Karmada's eight interpreter operations (docs/karmada-compatibility.md#the-chain),
 * the dependency reference, the interface the engine calls, and the options with their defaults.
 */
import type {
  AggregatedStatusItem,
  Component,
  CustomizationRules,
  KubeObject,
  LabelSelector,
  PartialKubeObject,
  ReplicaRequirements,
  ResourceInterpreterCustomization,
} from '../model/index.ts';

/** Karmada's InterpreterOperation enum. */
export type InterpreterOperation =
  | 'InterpretReplica'
  | 'ReviseReplica'
  | 'Retain'
  | 'AggregateStatus'
  | 'InterpretStatus'
  | 'InterpretHealth'
  | 'InterpretDependency'
  | 'InterpretComponent';

/** Every operation, in Karmada's table order (docs/karmada-compatibility.md#the-chain). */
export const INTERPRETER_OPERATIONS: readonly InterpreterOperation[] = [
  'InterpretReplica',
  'InterpretComponent',
  'ReviseReplica',
  'Retain',
  'InterpretStatus',
  'AggregateStatus',
  'InterpretHealth',
  'InterpretDependency',
];

/** Where each operation's script lives in a customization and which global function it defines. */
export const OPERATION_SCRIPTS: Readonly<
  Record<InterpreterOperation, { field: keyof CustomizationRules; fn: string }>
> = {
  InterpretReplica: { field: 'replicaResource', fn: 'GetReplicas' },
  InterpretComponent: { field: 'componentResource', fn: 'GetComponents' },
  ReviseReplica: { field: 'replicaRevision', fn: 'ReviseReplica' },
  Retain: { field: 'retention', fn: 'Retain' },
  InterpretStatus: { field: 'statusReflection', fn: 'ReflectStatus' },
  AggregateStatus: { field: 'statusAggregation', fn: 'AggregateStatus' },
  InterpretHealth: { field: 'healthInterpretation', fn: 'InterpretHealth' },
  InterpretDependency: { field: 'dependencyInterpretation', fn: 'GetDependencies' },
};

/** An object a workload depends on (Karmada's DependentObjectReference). */
export interface DependentObjectReference {
  apiVersion: string;
  kind: string;
  namespace: string;
  name?: string;
  labelSelector?: LabelSelector;
}

/** The result of InterpretReplica. */
export interface ReplicaResult {
  replicas: number;
  requirements?: ReplicaRequirements;
}

/** A GVK as the interpreter keys its providers: exact apiVersion and kind. */
export interface Gvk {
  apiVersion: string;
  kind: string;
}

/**
 * The operations the engine calls; each consults repo Lua, then bundled Lua, then native TS
 * (docs/karmada-compatibility.md#the-chain).
 */
export interface ResourceInterpreter {
  /** Whether any interpreter (repo Lua, bundled Lua, native) implements op for this kind. */
  supports(gvk: Gvk, op: InterpreterOperation): boolean;
  /** `undefined`: no interpreter for the kind. */
  getReplicas(obj: KubeObject): ReplicaResult | undefined;
  /** A new object; the input is never mutated. */
  reviseReplica(obj: KubeObject, replicas: number): PartialKubeObject;
  retain(desired: KubeObject, observed: KubeObject): PartialKubeObject;
  /**
   * Items in the order given (the status step sorts them by cluster name, as Karmada's controller
   * does); `undefined` reaches Lua as nil, an empty list as an empty table.
   */
  aggregateStatus(obj: KubeObject, items: readonly AggregatedStatusItem[] | undefined): PartialKubeObject;
  reflectStatus(obj: KubeObject): Record<string, unknown> | undefined;
  /** `true` when no interpreter implements health for the kind (Karmada records Healthy). */
  interpretHealth(obj: KubeObject): boolean;
  getDependencies(obj: KubeObject): DependentObjectReference[];
  getComponents(obj: KubeObject): Component[];
  /** The scripts that timed out so far; absent on interpreters without Lua. */
  scriptTimeouts?(): ScriptTimeout[];
}

/** Interpreter options; see DEFAULT_INTERPRETER_OPTIONS for defaults. */
export interface InterpreterOptions {
  /** Instructions one Lua call may run. @default 100_000_000 */
  readonly maxInstructions: number;
  /** Wall-clock limit of one Lua call in milliseconds (Karmada: 1 s). @default 1000 */
  readonly timeoutMs: number;
  /** Bytes of strings one Lua call may allocate in total, and the heap growth it may cause. @default 256 MiB */
  readonly memoryLimitBytes: number;
  /** Longest string a script may build. @default 16 MiB */
  readonly maxStringBytes: number;
  /** Karmada's ResourceQuotaEstimate gate: namespace and priorityClassName in requirements. @default false */
  readonly resourceQuotaEstimate: boolean;
  /**
   * Bundled customizations consulted after the repository's (docs/karmada-compatibility.md#bundled-customizations).
   * @default the shipped set
   */
  readonly bundled: readonly ResourceInterpreterCustomization[];
  /** The clock for `os.time`/`os.date` and Job condition timestamps. @default Date.now */
  readonly now: () => number;
  /** A monotonic clock for the wall-clock limit. @default performance.now */
  readonly monotonicNow: () => number;
  /**
   * Timeouts after which a script is no longer called by this interpreter (one pass builds one):
   * a script that loops would otherwise cost `timeoutMs` on every object of its kind. @default 2
   */
  readonly maxTimeouts: number;
}

/** A customization's script that ran into its time limit in this interpreter's life (one pass). */
export interface ScriptTimeout {
  customization: string;
  operation: InterpreterOperation;
  target: Gvk;
  timeouts: number;
  /** The limit was reached: later calls failed at once, without running the script. */
  stopped: boolean;
}
