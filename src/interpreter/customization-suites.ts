/**
 * Finding customization test suites on disk: every `customization.yaml` under a directory with
 * the YAML case files of its sibling `testdata/` directory. Shared by `flotilla interpret test`
 * and the harness that runs the bundled customizations' cases.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { ResourceInterpreterCustomization } from '../model/index.ts';
import { findCustomizationFiles } from './customization-files.ts';
import { readCustomizationFile } from './read-customization-file.ts';
import { casesFromDocuments, type InterpreterTestCase } from './test-cases.ts';

/** One customization file with its test cases. */
export interface CustomizationSuite {
  file: string;
  customizations: ResourceInterpreterCustomization[];
  cases: { file: string; testCase: InterpreterTestCase }[];
}

/** Suites below `dir` (or for the single customization file `dir`). */
export function findCustomizationSuites(dir: string): CustomizationSuite[] {
  const files = statSync(dir).isFile() ? [dir] : findCustomizationFiles(dir);
  return files.map((file) => {
    const testdata = join(dirname(file), 'testdata');
    const caseFiles = existsSync(testdata)
      ? readdirSync(testdata)
          .filter((f) => f.endsWith('.yaml') || f.endsWith('.yml'))
          .sort()
          .map((f) => join(testdata, f))
      : [];
    const cases = caseFiles.flatMap((caseFile) =>
      casesFromDocuments(parseAllDocuments(readFileSync(caseFile, 'utf8')).map((d) => d.toJS() as unknown)).map(
        (testCase) => ({ file: caseFile, testCase }),
      ),
    );
    return { file, customizations: readCustomizationFile(file), cases };
  });
}
