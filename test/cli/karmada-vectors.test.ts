import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import Interpret from '../../src/cli/commands/interpret.ts';
import { compareOutput } from '../../src/interpreter/index.ts';
import { caseArguments, karmadaVectors } from './karmada-vectors.ts';
import { runInProcess } from './run-in-process.ts';

/**
 * Karmada's own test vectors for some of its bundled customizations, run through
 * `flotilla interpret -f` and compared as Karmada's thirdparty test compares them: they pin the
 * host rules (arguments, result conversion and typing, the CLI's file rules), not the scripts.
 */
const suites = karmadaVectors();
const dir = mkdtempSync(join(tmpdir(), 'flotilla-karmada-vectors-'));

describe('Karmada test vectors through flotilla interpret -f', () => {
  it('finds the fixtures', () => {
    expect(suites.reduce((n, s) => n + s.cases.length, 0)).toBeGreaterThanOrEqual(10);
  });

  describe.each(suites.map((s) => [s.customization.split('/fixtures/karmada/')[1] ?? s.customization, s] as const))('%s', (_path, suite) => {
    it.each(suite.cases.map((c, i) => [`${c.file}: ${c.testCase.name}`, c, i] as const))('%s', async (_name, { testCase }, i) => {
      const { code, stdout } = await runInProcess(Interpret, caseArguments(suite.customization, testCase, join(dir, `${_path}-${i}`)));
      expect(stdout).not.toMatch(/^Error|ResourceInterpreterCustomization .*: /);
      expect(code).toBe(0);
      const result = compareOutput(testCase.output, JSON.parse(stdout));
      expect(result.diff ?? '').toBe('');
      expect(result.passed).toBe(true);
    });
  });
});
