import { parseAllDocuments } from 'yaml';
import type { ResourceInterpreterCustomization } from '../model/index.ts';
import { customizationsInFile } from './customization-files.ts';

/** Read the customizations of one YAML file (multi-document); invalid YAML is an error naming the file. */
export function readCustomizationFile(path: string): ResourceInterpreterCustomization[] {
  return customizationsInFile(path, parseAllDocuments);
}
