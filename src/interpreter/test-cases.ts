/**
 * Data-driven customization tests (style anchor P8): cases stored next to a customization, each
 * `{name, operation, desiredObj | observedObj | statusItems | inputReplicas, output}`, run through
 * the interpreter and compared key by key. Quantities in `requires` and `components` compare by
 * value (`100m` equals `0.1`); an expected key the operation does not produce fails the case.
 */
import { createTwoFilesPatch } from 'diff';
import { isDeepStrictEqual } from 'node:util';
import { stringify } from 'yaml';
import type { JsonValue } from '../model/index.ts';
import { normaliseRequirements } from './lua/operations.ts';
import { type OperationInput, type OperationOutput, parseOperation, runOperation } from './run-operation.ts';
import type { ResourceInterpreter } from './types.ts';

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
    if (doc && typeof doc === 'object' && Array.isArray((doc as { tests?: unknown }).tests)) return (doc as { tests: InterpreterTestCase[] }).tests;
    return doc && typeof doc === 'object' ? [doc as InterpreterTestCase] : [];
  });
}

function normalise(key: string, value: JsonValue | undefined): unknown {
  if (key === 'requires') return normaliseRequirements(value ?? undefined);
  if (key === 'components' && Array.isArray(value)) {
    return value.map((c) => (c && typeof c === 'object' && !Array.isArray(c) ? { ...c, replicaRequirements: normaliseRequirements(c['replicaRequirements']) } : c));
  }
  return value;
}

/** Run one case and compare every expected output key. */
export function runTestCase(interpreter: ResourceInterpreter, tc: InterpreterTestCase): TestCaseResult {
  const base = { name: tc.name ?? '(unnamed)', operation: String(tc.operation) };
  try {
    const actual = runOperation(interpreter, parseOperation(String(tc.operation)), tc);
    const expected = tc.output ?? {};
    if (Object.keys(expected).length === 0) return { ...base, passed: false, error: 'the case has no expected output' };
    const unchecked = Object.keys(expected).filter((k) => !(k in actual) && expected[k] !== null);
    const mismatched = Object.keys(expected).filter((k) => !isDeepStrictEqual(normalise(k, expected[k]), normalise(k, actual[k])));
    if (unchecked.length === 0 && mismatched.length === 0) return { ...base, passed: true };
    const want = Object.fromEntries(Object.keys(expected).map((k) => [k, normalise(k, expected[k])]));
    const got = Object.fromEntries(Object.keys(expected).map((k) => [k, normalise(k, actual[k])]));
    return { ...base, passed: false, diff: createTwoFilesPatch('expected', 'actual', stringify(want), stringify(got), undefined, undefined, { context: 3 }) };
  } catch (e) {
    return { ...base, passed: false, error: e instanceof Error ? e.message : String(e) };
  }
}
