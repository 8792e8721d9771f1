import { relative } from 'node:path';
import { Args, Flags } from '@oclif/core';
import { FlotillaCommand } from '../../base-command.ts';
import {
  createInterpreter,
  findCustomizationSuites,
  runTestCase,
  type TestCaseResult,
} from '../../../interpreter/index.ts';
import { painter } from '../../color.ts';
import { EXIT } from '../../exit-codes.ts';
import { outputFlag } from '../../flags.ts';
import { structured } from '../../output/structured.ts';

/** Test cases see a fixed clock, so scripts that stamp `os.date` have stable expected output. */
const TEST_CLOCK = Date.UTC(2026, 0, 1);

export default class InterpretTest extends FlotillaCommand {
  static override summary = 'Run the YAML test cases stored next to resource interpreter customizations.';
  static override description =
    'Finds every customization.yaml under DIR (or takes DIR as one customization file) and runs the cases in its sibling testdata/ directory: ' +
    'each case has name, operation, desiredObj / observedObj / statusItems / inputReplicas, and the expected output keyed as `flotilla interpret` prints it. ' +
    'Prints pass or fail per case with a diff; exit 1 when any case fails. Lua sees the clock at 2026-01-01T00:00:00Z.';
  static override examples = [
    '<%= config.bin %> interpret test customizations/',
    '<%= config.bin %> interpret test customizations/example.io/v1/Widget/customization.yaml',
  ];
  static override args = {
    dir: Args.string({ description: 'folder of customizations, or one customization file', required: true }),
  };
  static override flags = {
    output: outputFlag(['text', 'json', 'yaml'] as const),
    'no-color': Flags.boolean({ description: 'plain output without ANSI colours', default: false }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(InterpretTest);
    const suites = findCustomizationSuites(args.dir);
    const results: (TestCaseResult & { file: string })[] = [];
    for (const suite of suites) {
      const interpreter = createInterpreter(suite.customizations, { bundled: [], now: () => TEST_CLOCK });
      for (const { file, testCase } of suite.cases)
        results.push({ file: relative(process.cwd(), file), ...runTestCase(interpreter, testCase) });
    }
    const failed = results.filter((r) => !r.passed).length;
    if (flags.output !== 'text')
      this.log(structured({ passed: results.length - failed, failed, results }, flags.output));
    else this.#print(results, suites.length, failed, flags['no-color']);
    if (failed > 0 || results.length === 0) this.exit(EXIT.error);
  }

  #print(results: (TestCaseResult & { file: string })[], suites: number, failed: number, noColor: boolean): void {
    const paint = painter(noColor);
    for (const r of results) {
      const verdict = r.passed ? paint('green', 'PASS') : paint('red', 'FAIL');
      this.log(`${verdict} ${r.file}: ${r.name} (${r.operation})`);
      if (r.error) this.log(`  ${r.error}`);
      if (r.diff)
        this.log(
          r.diff
            .split('\n')
            .map((l) => `  ${l}`)
            .join('\n'),
        );
    }
    const summary = `${results.length - failed} passed, ${failed} failed, in ${suites} customization file${suites === 1 ? '' : 's'}`;
    this.log(
      results.length === 0
        ? paint('red', `no test cases found (${summary})`)
        : failed === 0
          ? paint('green', summary)
          : paint('red', summary),
    );
  }
}
