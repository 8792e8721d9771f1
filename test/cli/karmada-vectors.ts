import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';
import { casesFromDocuments, type InterpreterTestCase } from '../../src/interpreter/index.ts';

/** Karmada's third-party customizations copied as fixtures (see the README there). */
export const KARMADA_FIXTURES = new URL('../interpreter/fixtures/karmada/', import.meta.url).pathname;

/** One `customizations.yaml` with the cases of its `testdata/` directory. */
export interface VectorSuite {
  customization: string;
  cases: { file: string; testCase: InterpreterTestCase }[];
}

/** Every `<group>/<version>/<Kind>/customizations.yaml` below `root`, with its cases. */
export function karmadaVectors(root = KARMADA_FIXTURES): VectorSuite[] {
  const suites: VectorSuite[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.isDirectory() && entry.name !== 'testdata') walk(join(dir, entry.name));
      if (entry.isFile() && entry.name === 'customizations.yaml') {
        const testdata = join(dir, 'testdata');
        const files = readdirSync(testdata)
          .filter((f) => f.endsWith('-test.yaml'))
          .sort();
        const cases = files.flatMap((f) =>
          casesFromDocuments(parseAllDocuments(readFileSync(join(testdata, f), 'utf8')).map((d) => d.toJS() as unknown)).map((testCase) => ({
            file: f,
            testCase,
          })),
        );
        suites.push({ customization: join(dir, entry.name), cases });
      }
    }
  };
  walk(root);
  return suites;
}

/**
 * The `flotilla interpret -f` arguments of one case, as Karmada's test runner feeds its rule
 * runner: each object given becomes its file, status items a status file unless absent or null,
 * inputReplicas the desired replica count.
 */
export function caseArguments(customization: string, tc: InterpreterTestCase, dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  const file = (name: string, value: unknown): string => {
    const path = join(dir, name);
    writeFileSync(path, stringify(value));
    return path;
  };
  return [
    '-f',
    customization,
    '--operation',
    String(tc.operation),
    '-o',
    'json',
    ...(tc.desiredObj ? ['--desired-file', file('desired.yaml', tc.desiredObj)] : []),
    ...(tc.observedObj ? ['--observed-file', file('observed.yaml', tc.observedObj)] : []),
    ...(tc.statusItems ? ['--status-file', file('status.yaml', tc.statusItems)] : []),
    ...(tc.inputReplicas !== undefined ? ['--desired-replica', String(tc.inputReplicas)] : []),
  ];
}
