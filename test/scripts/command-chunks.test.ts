import { globSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../cli/run-cli.ts';

const DIST = join(REPO_ROOT, 'dist');

/** The sources a built file holds, from its source map, relative to the repository root. */
function sourcesOf(file: string): string[] {
  const map = JSON.parse(readFileSync(join(DIST, `${file}.map`), 'utf8')) as { sources: string[] };
  return map.sources.map((source) => source.replace(/^(\.\.\/)+/, ''));
}

/** The chunk holding a command's own module. */
function commandChunk(command: string): string {
  const own = `src/cli/commands/${command}.ts`;
  const found = readdirSync(DIST).find((name) => name.endsWith('.js') && sourcesOf(name).includes(own));
  if (found === undefined) throw new Error(`no chunk of dist/ holds ${own}: run npm run build`);
  return found;
}

/** Every source a command loads before it runs: its chunk and every chunk imported statically from it. */
function loadedSources(command: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(DIST, file), 'utf8');
    for (const match of code.matchAll(/^import\s[^;]*?from\s*"\.\/([^"]+)"|^import\s*"\.\/([^"]+)"/gm)) visit((match[1] ?? match[2])!);
  };
  visit(commandChunk(command));
  return new Set([...seen].flatMap(sourcesOf));
}

describe('what `flotilla validate` loads from dist/ (npm run build)', () => {
  const loaded = loadedSources('validate');
  const holds = (prefix: string) => [...loaded].some((source) => source.startsWith(prefix));

  it('loads the parsers and checks it runs', () => {
    expect(holds('src/render/parse/')).toBe(true);
    expect(holds('src/render/validate/')).toBe(true);
    expect(holds('node_modules/js-yaml/')).toBe(true);
  });

  // Each belongs to other commands (faces re-export with `export *`, see below) or is loaded at the
  // point of need.
  it.each([
    ['the run loop triggers (node:http, chokidar)', 'src/source/triggers/'],
    ['chokidar', 'node_modules/chokidar/'],
    ['the interpreter test runner and its diff', 'src/interpreter/test-cases.ts'],
    ['diff', 'node_modules/diff/'],
    ['the render roots (kustomize, helm), imported when a fleet has one', 'src/source/render-roots/render-roots.ts'],
    // js-yaml reads the manifests and a plain flotilla.yaml; `yaml` is required for -o yaml, or
    // imported for a flotilla.yaml with a problem to place.
    ['a second YAML library', 'node_modules/yaml/'],
    ['node:v8, which the Lua sandbox requires on its first call', 'builtin-require:node:v8'],
  ])('does not load %s', (_name, prefix) => {
    expect(holds(prefix)).toBe(false);
  });
});

describe('the faces of src/ (index.ts)', () => {
  // Why: esbuild splits the bundle by file, and a face that re-exports a name (`export { x } from`)
  // becomes a file of its own that every importer reaches whole, with every module it names. A face
  // of `export *` lines alone is looked through: each command gets only the modules it uses.
  // src/cli/index.ts is left out: nothing imports it.
  const faces = globSync('src/**/index.ts', { cwd: REPO_ROOT }).filter((face) => face !== 'src/cli/index.ts');

  it.each(faces)('%s re-exports with export * only', (face) => {
    const text = readFileSync(join(REPO_ROOT, face), 'utf8');
    expect(text.match(/^export \{[^}]*\} from .*$/gm) ?? []).toEqual([]);
  });
});

describe('dist/', () => {
  // The package is built in one folder and installed in another: a path of the build machine in the
  // bundle or its source maps would name a folder that is not there (and tell where it was built).
  it('names no folder of the machine it was built on', () => {
    const files = readdirSync(DIST).filter((name) => name.endsWith('.js') || name.endsWith('.js.map'));
    expect(files.filter((name) => readFileSync(join(DIST, name), 'utf8').includes(REPO_ROOT))).toEqual([]);
  });
});
