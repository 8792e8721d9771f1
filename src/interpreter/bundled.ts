/**
 * Flotilla's bundled customizations (docs/karmada-compatibility.md#bundled-customizations): every `customization.yaml`
 * under
 * `customizations/<group>/<version>/<Kind>/`, read from the directory next to this module. The
 * build copies that directory into `dist/customizations` with all of them in one JSON file beside
 * the YAML (scripts/build.ts).
 * With customization-files.ts, the only place the interpreter reads files; everything else is pure.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ResourceInterpreterCustomization } from '../model/index.ts';
import { customizationsInFile, findCustomizationFiles } from './customization-files.ts';

/** Where the bundled customizations live. */
export const BUNDLED_CUSTOMIZATIONS_DIR = fileURLToPath(new URL('./customizations/', import.meta.url));

/**
 * The build's copy of a customizations directory as one JSON file: every command that renders
 * loads the bundled customizations, and parsing their 1.2 MB of YAML was a quarter of the CPU time
 * of a small `validate`; JSON.parse reads the same in a few milliseconds.
 */
export const BUNDLED_JSON_FILE = 'bundled.json';

/** The bundled customizations shipped with Flotilla. */
export function loadBundledCustomizations(
  dir: string = BUNDLED_CUSTOMIZATIONS_DIR,
): ResourceInterpreterCustomization[] {
  const json = join(dir, BUNDLED_JSON_FILE);
  if (existsSync(json)) return JSON.parse(readFileSync(json, 'utf8')) as ResourceInterpreterCustomization[];
  // Only the sources lack the JSON (tests, the build writing it). The YAML library is required here,
  // when needed, rather than imported: an import would load it in every built command that renders.
  const { parseAllDocuments } = createRequire(import.meta.url)('yaml') as typeof import('yaml');
  return findCustomizationFiles(dir).flatMap((file) => customizationsInFile(file, parseAllDocuments));
}
