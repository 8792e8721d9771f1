import { readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../cli/run-cli.ts';

const DIST = join(REPO_ROOT, 'dist');

/** Every module a built file imports with an ES `import` (static or dynamic), by file. */
function esImports(): { file: string; specifier: string }[] {
  const found: { file: string; specifier: string }[] = [];
  for (const file of readdirSync(DIST).filter((name) => name.endsWith('.js'))) {
    const code = readFileSync(join(DIST, file), 'utf8');
    for (const match of code.matchAll(/^import\s[^;]*?from\s*"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)/gm))
      found.push({ file, specifier: (match[1] ?? match[2])! });
  }
  return found;
}

describe('the built CLI (npm run build)', () => {
  it('imports its own chunks with ES imports', () => {
    expect(esImports().some(({ specifier }) => specifier.startsWith('./'))).toBe(true);
  });

  it("reaches Node's built-ins through require, never through their ES facades", () => {
    // Exempt: the one import the banner needs to make `require` itself.
    const facades = esImports().filter(({ specifier }) => isBuiltin(specifier) && specifier !== 'node:module');
    expect(facades).toEqual([]);
  });
});
