/**
 * Data-driven customization tests: cases stored next to a customization, each
 * `{name, operation, desiredObj | observedObj | statusItems | inputReplicas, output}` (Karmada's
 * layout: one case per YAML document, or a `tests:` list), run through the interpreter and
 * compared key by key as Karmada's own customization test does. An expected key the operation
 * does not produce fails the case.
 */
import { createTwoFilesPatch } from 'diff';
import { isDeepStrictEqual } from 'node:util';
import { stringify } from 'yaml';
import { compareBytes, type Component, type JsonValue, type ReplicaRequirements, toQuantity } from '../model/index.ts';
import { typedComponent, typedDependency, typedRequirements } from './lua/typed-results.ts';
import { type OperationInput, type OperationOutput, parseOperation, runOperation } from './run-operation.ts';
import type { DependentObjectReference, ResourceInterpreter } from './types.ts';

/** One stored test case. */
export interface InterpreterTestCase extends OperationInput {
  name: string;
  operation: string;
  output: OperationOutput;
}

/** The outcome of one case: pass, or fail with a unified diff (or the error). */
export interface TestCaseResult {
  name: string;
  operation: string;
  passed: boolean;
  diff?: string;
  error?: string;
}

/** Cases from parsed YAML documents: a case, a list of cases, or `{tests: [...]}`. */
export function casesFromDocuments(docs: readonly unknown[]): InterpreterTestCase[] {
  return docs.flatMap((doc) => {
    if (Array.isArray(doc)) return doc as InterpreterTestCase[];
    if (doc && typeof doc === 'object' && Array.isArray((doc as { tests?: unknown }).tests))
      return (doc as { tests: InterpreterTestCase[] }).tests;
    return doc && typeof doc === 'object' ? [doc as InterpreterTestCase] : [];
  });
}

/** Karmada's marker for a field whose value a case does not check (timestamps). */
const EXCLUDE = '{{EXCLUDE}}';

type JsonObject = { [key: string]: JsonValue };
const isObject = (v: JsonValue | undefined): v is JsonObject => !!v && typeof v === 'object' && !Array.isArray(v);

/** Remove the fields the expected object marks `{{EXCLUDE}}` (by path, array indexes included) from both sides. */
function withoutExcluded(expected: JsonValue, actual: JsonValue | undefined): [JsonValue, JsonValue | undefined] {
  const paths = new Set<string>();
  const strip = (value: JsonValue | undefined, path: string, collect: boolean): JsonValue | undefined => {
    if (Array.isArray(value)) return value.map((v, i) => strip(v, `${path}.${i}`, collect) ?? null);
    if (!isObject(value)) return value;
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) {
      const p = `${path}.${k}`;
      if (collect && v === EXCLUDE) paths.add(p);
      if (collect ? v === EXCLUDE : paths.has(p)) continue;
      out[k] = strip(v, p, collect) ?? null;
    }
    return out;
  };
  const want = strip(expected, '', true) ?? null;
  return [want, strip(actual, '', false)];
}

/** A quantity by value, as apimachinery's Quantity.Equal compares it (`2.048` equals `2048m`). */
function quantityKey(q: string | number): string {
  let { mantissa, exponent } = toQuantity(q);
  if (mantissa === 0n) return '0';
  while (mantissa % 10n === 0n) {
    mantissa /= 10n;
    exponent++;
  }
  return `${mantissa}e${exponent}`;
}

function byValue(requirements: ReplicaRequirements | undefined): unknown {
  if (!requirements?.resourceRequest) return requirements;
  const request = Object.fromEntries(
    Object.entries(requirements.resourceRequest).map(([name, q]) => [name, quantityKey(q)]),
  );
  return { ...requirements, resourceRequest: request };
}

const byDependency = (a: DependentObjectReference, b: DependentObjectReference): number =>
  compareBytes(a.apiVersion, b.apiVersion) ||
  compareBytes(a.kind, b.kind) ||
  compareBytes(a.namespace, b.namespace) ||
  compareBytes(a.name ?? '', b.name ?? '');

/**
 * The two sides of one output key as Karmada's customization test compares them: requirements,
 * dependencies and components as typed values (quantities by value, lists sorted), whole
 * objects without the `{{EXCLUDE}}` fields, anything else as its JSON. An expected
 * `aggregatedStatus` without `kind` is a case written when that key held the status alone.
 */
function comparable(key: string, expected: JsonValue, actual: JsonValue | undefined): [unknown, unknown] {
  switch (key) {
    case 'requires':
      return [
        expected === null ? undefined : byValue(typedRequirements(expected)),
        byValue(actual as ReplicaRequirements | undefined),
      ];
    case 'dependencies':
      return [
        Array.isArray(expected)
          ? expected.map((d, i) => typedDependency(d, `dependencies[${i}]`)).sort(byDependency)
          : expected,
        Array.isArray(actual) ? [...(actual as unknown as DependentObjectReference[])].sort(byDependency) : actual,
      ];
    case 'components': {
      const byName = (a: Component, b: Component): number => compareBytes(a.name, b.name);
      const values = (c: Component) =>
        c.replicaRequirements ? { ...c, replicaRequirements: byValue(c.replicaRequirements) } : c;
      return [
        Array.isArray(expected)
          ? expected
              .map((c, i) => typedComponent(c, `components[${i}]`))
              .sort(byName)
              .map(values)
          : expected,
        Array.isArray(actual) ? [...(actual as unknown as Component[])].sort(byName).map(values) : actual,
      ];
    }
    case 'aggregatedStatus':
      if (isObject(expected) && !('kind' in expected))
        return [expected, isObject(actual) ? (actual['status'] ?? {}) : actual];
      return withoutExcluded(expected, actual);
    case 'retained':
    case 'revised':
      return withoutExcluded(expected, actual);
    default:
      return [expected, actual];
  }
}

/** Compare an operation's output with a case's expected output, key by key (Karmada's thirdparty test rules). */
export function compareOutput(expected: OperationOutput, actual: OperationOutput): { passed: boolean; diff?: string } {
  const pairs = Object.fromEntries(
    Object.keys(expected).map((k) => [k, comparable(k, expected[k] ?? null, actual[k])]),
  );
  const unchecked = Object.keys(expected).filter((k) => !(k in actual) && expected[k] !== null);
  const mismatched = Object.entries(pairs).filter(([, [want, got]]) => !isDeepStrictEqual(want, got));
  if (unchecked.length === 0 && mismatched.length === 0) return { passed: true };
  const want = Object.fromEntries(Object.entries(pairs).map(([k, [w]]) => [k, w]));
  const got = Object.fromEntries(Object.entries(pairs).map(([k, [, g]]) => [k, g]));
  return {
    passed: false,
    diff: createTwoFilesPatch('expected', 'actual', stringify(want), stringify(got), undefined, undefined, {
      context: 3,
    }),
  };
}

/** Run one case and compare every expected output key. */
export function runTestCase(interpreter: ResourceInterpreter, tc: InterpreterTestCase): TestCaseResult {
  const base = { name: tc.name ?? '(unnamed)', operation: String(tc.operation) };
  try {
    const actual = runOperation(interpreter, parseOperation(String(tc.operation)), tc);
    const expected = tc.output ?? {};
    if (Object.keys(expected).length === 0) return { ...base, passed: false, error: 'the case has no expected output' };
    return { ...base, ...compareOutput(expected, actual) };
  } catch (e) {
    return { ...base, passed: false, error: e instanceof Error ? e.message : String(e) };
  }
}
