/**
 * Flotilla's bundled customizations (docs/karmada-compatibility.md#bundled-customizations): every `customization.yaml`
 * under
 * `customizations/<group>/<version>/<Kind>/`, read from the directory next to this module. The
 * build copies that directory into `dist/customizations` with all of them in one JSON file beside
 * the YAML (scripts/build.ts).
 * The one place in the interpreter that reads files; everything else is pure.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { EngineError, type ResourceInterpreterCustomization } from '../model/index.ts';

/** A customization file that is not valid YAML. */
export class CustomizationFileError extends EngineError<'InvalidCustomizationFile', { file: string }> {
  constructor(file: string, reason: string) {
    super('InvalidCustomizationFile', `${file}: ${reason}`, { file });
  }
}

/** Where the bundled customizations live. */
export const BUNDLED_CUSTOMIZATIONS_DIR = fileURLToPath(new URL('./customizations/', import.meta.url));

/** Every `customization.yaml` (or Karmada's `customizations.yaml`) below `dir`, outside `testdata` directories, in path order. */
export function findCustomizationFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  )) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'testdata') out.push(...findCustomizationFiles(path));
    else if (entry.isFile() && (entry.name === 'customization.yaml' || entry.name === 'customizations.yaml'))
      out.push(path);
  }
  return out;
}

/** Read the customizations of one YAML file (multi-document); invalid YAML is an error naming the file. */
export function readCustomizationFile(path: string): ResourceInterpreterCustomization[] {
  const docs = parseAllDocuments(readFileSync(path, 'utf8'));
  const broken = docs.flatMap((doc) => doc.errors)[0];
  if (broken) throw new CustomizationFileError(path, broken.message);
  return docs
    .map((doc) => doc.toJS() as unknown)
    .filter(
      (d): d is ResourceInterpreterCustomization =>
        !!d && typeof d === 'object' && (d as { kind?: unknown }).kind === 'ResourceInterpreterCustomization',
    );
}

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
  return findCustomizationFiles(dir).flatMap(readCustomizationFile);
}
