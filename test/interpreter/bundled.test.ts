import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_CUSTOMIZATIONS_DIR, BUNDLED_JSON_FILE, loadBundledCustomizations } from '../../src/interpreter/index.ts';
import { REPO_ROOT } from '../cli/run-cli.ts';

const ric = (name: string) =>
  `apiVersion: config.karmada.io/v1alpha1\nkind: ResourceInterpreterCustomization\nmetadata: {name: ${name}}\nspec:\n  target: {apiVersion: example.io/v1, kind: Thing}\n  customizations:\n    healthInterpretation: {luaScript: "function InterpretHealth(o) return true end"}\n`;

describe('loadBundledCustomizations', () => {
  it.each([
    ['the YAML files when the folder has no JSON copy', false, ['from-yaml']],
    ["the build's JSON copy when the folder has one", true, ['from-json']],
  ])('reads %s', (_what, withJson, names) => {
    const dir = mkdtempSync(join(tmpdir(), 'flotilla-bundled-'));
    mkdirSync(join(dir, 'example.io/v1/Thing'), { recursive: true });
    writeFileSync(join(dir, 'example.io/v1/Thing/customization.yaml'), ric('from-yaml'));
    if (withJson) {
      const fromJson = { ...(loadBundledCustomizations(dir)[0] as object), metadata: { name: 'from-json' } };
      writeFileSync(join(dir, BUNDLED_JSON_FILE), JSON.stringify([fromJson]));
    }
    expect(loadBundledCustomizations(dir).map((c) => c.metadata.name)).toEqual(names);
  });

  it('the built CLI carries exactly the bundled YAML as JSON', () => {
    const built = JSON.parse(readFileSync(join(REPO_ROOT, 'dist/customizations', BUNDLED_JSON_FILE), 'utf8'));
    expect(built).toEqual(loadBundledCustomizations(BUNDLED_CUSTOMIZATIONS_DIR));
  });
});
