import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BUNDLED_CUSTOMIZATIONS_DIR,
  checkCustomization,
  createInterpreter,
  findCustomizationSuites,
  INTERPRETER_OPERATIONS,
  OPERATION_SCRIPTS,
  runTestCase,
} from '../../src/interpreter/index.ts';

/** Every bundled customization compiles, and every stored case passes. */
const suites = findCustomizationSuites(BUNDLED_CUSTOMIZATIONS_DIR);
const TEST_CLOCK = Date.UTC(2026, 0, 1);

describe('bundled customizations', () => {
  it('ships customizations', () => {
    expect(suites.length).toBeGreaterThan(0);
  });

  describe.each(suites.map((s) => [s.file.slice(BUNDLED_CUSTOMIZATIONS_DIR.length), s] as const))('%s', (_path, suite) => {
    it('compiles every script', () => {
      for (const ric of suite.customizations) expect(checkCustomization(ric)).toEqual([]);
    });

    it('has a test case for every operation it implements', () => {
      const tested = new Set(suite.cases.map((c) => c.testCase.operation.toLowerCase()));
      const implemented = suite.customizations.flatMap((ric) =>
        INTERPRETER_OPERATIONS.filter((op) => ric.spec.customizations[OPERATION_SCRIPTS[op].field]?.luaScript),
      );
      expect(implemented.filter((op) => !tested.has(op.toLowerCase()))).toEqual([]);
    });

    const interpreter = createInterpreter(suite.customizations, { bundled: [], now: () => TEST_CLOCK });
    it.each(suite.cases.map((c) => [c.testCase.name, c.testCase] as const))('%s', (_name, testCase) => {
      const result = runTestCase(interpreter, testCase);
      expect(result.error ?? result.diff ?? '').toBe('');
      expect(result.passed).toBe(true);
    });
  });
});

describe('the case runner', () => {
  const dir = mkdtempSync(join(tmpdir(), 'flotilla-ric-'));
  mkdirSync(join(dir, 'testdata'));
  writeFileSync(
    join(dir, 'customization.yaml'),
    [
      'apiVersion: config.karmada.io/v1alpha1',
      'kind: ResourceInterpreterCustomization',
      'metadata: {name: widget}',
      'spec:',
      '  target: {apiVersion: example.io/v1, kind: Widget}',
      '  customizations:',
      '    replicaResource:',
      '      luaScript: |',
      '        function GetReplicas(o) return o.spec.size, { resourceRequest = { cpu = "100m" } } end',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'testdata', 'interpretreplica-test.yaml'),
    [
      'tests:',
      '  - name: right',
      '    operation: interpretreplica',
      '    desiredObj: {apiVersion: example.io/v1, kind: Widget, metadata: {name: w}, spec: {size: 2}}',
      '    output: {replica: 2, requires: {resourceRequest: {cpu: 0.1}}}',
      '  - name: wrong',
      '    operation: InterpretReplica',
      '    desiredObj: {apiVersion: example.io/v1, kind: Widget, metadata: {name: w}, spec: {size: 2}}',
      '    output: {replica: 3}',
      '  - name: unchecked key',
      '    operation: InterpretReplica',
      '    desiredObj: {apiVersion: example.io/v1, kind: Widget, metadata: {name: w}, spec: {size: 2}}',
      '    output: {replica: 2, healthy: true}',
      '  - name: unknown operation',
      '    operation: Explode',
      '    output: {replica: 2}',
    ].join('\n'),
  );
  const [suite] = findCustomizationSuites(dir);
  const interpreter = createInterpreter(suite?.customizations ?? [], { bundled: [] });
  const results = (suite?.cases ?? []).map((c) => runTestCase(interpreter, c.testCase));

  it.each([
    ['passes a case whose quantities are equivalent', 0, true],
    ['fails a case with a wrong value', 1, false],
    ['fails a case expecting a key the operation does not produce', 2, false],
    ['fails a case with an unknown operation', 3, false],
  ])('%s', (_name, index, passed) => {
    expect(results[index]?.passed).toBe(passed);
  });

  it('shows a unified diff for a failing case', () => {
    expect(results[1]?.diff).toContain('-replica: 3');
    expect(results[1]?.diff).toContain('+replica: 2');
  });
});
