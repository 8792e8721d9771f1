import { type FieldReport, fleetConfigFrom, type ParsedFleetConfig } from './fleet-config-fields.ts';
import { readPlainYaml } from './plain-yaml.ts';

/**
 * Reads `flotilla.yaml` as {@link parseFleetConfig} does, with the same settings and diagnostics.
 * A plain, valid file (the usual case) is read with js-yaml, which every command that reads the
 * fleet loads anyway for the manifests; anything else (a problem to report at its line and column,
 * YAML outside the subset both libraries read alike) is read again by `parseFleetConfig`, whose
 * `yaml` library is imported only then.
 */
export async function parseFleetConfigText(text: string): Promise<ParsedFleetConfig> {
  const plain = readPlainYaml(text);
  if (plain !== undefined) {
    let problems = 0;
    const count: FieldReport = () => {
      problems++;
    };
    const config = fleetConfigFrom(plain.value, count, count);
    if (problems === 0) return { config, diagnostics: [] };
  }
  const { parseFleetConfig } = await import('./parse-fleet-config.ts');
  return parseFleetConfig(text);
}
