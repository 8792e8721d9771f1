/**
 * Customization files on disk: finding them under a directory and reading the
 * ResourceInterpreterCustomizations of one. The YAML parser is passed in, so the bundled set can
 * be read without importing it (see bundled.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { parseAllDocuments } from 'yaml';
import { EngineError, type ResourceInterpreterCustomization } from '../model/index.ts';

/** A customization file that is not valid YAML. */
export class CustomizationFileError extends EngineError<'InvalidCustomizationFile', { file: string }> {
  constructor(file: string, reason: string) {
    super('InvalidCustomizationFile', `${file}: ${reason}`, { file });
  }
}

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

/** The customizations of one YAML file (multi-document) read with `parseAll`; invalid YAML is an error naming the file. */
export function customizationsInFile(
  path: string,
  parseAll: typeof parseAllDocuments,
): ResourceInterpreterCustomization[] {
  const docs = parseAll(readFileSync(path, 'utf8'));
  const broken = docs.flatMap((doc) => doc.errors)[0];
  if (broken) throw new CustomizationFileError(path, broken.message);
  return docs
    .map((doc) => doc.toJS() as unknown)
    .filter(
      (d): d is ResourceInterpreterCustomization =>
        !!d && typeof d === 'object' && (d as { kind?: unknown }).kind === 'ResourceInterpreterCustomization',
    );
}
