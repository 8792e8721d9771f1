// `npm run build`: the CLI as ESM bundles in dist/ (esbuild), and oclif.manifest.json.
//
// Why bundles: every command used to load about 1,060 modules, and resolving and compiling them was
// most of what `flotilla --version` or a small `validate` cost. Each command is a chunk of its own
// that loads only when it runs (src/cli/lazy-command.ts); what commands share lands in shared
// chunks. Every output file sits directly in dist/, so code that finds a file next to its own module
// (`new URL('./customizations/', import.meta.url)`) finds it whichever chunk it ends up in.
//
// The manifest gives oclif each command's flags and help without importing the command.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { oclifLazyModules } from './oclif-lazy-modules.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist');

/**
 * Left to node_modules: oclif's plugins import @oclif/core themselves and must meet the same copy;
 * @kubernetes/client-node is imported only by commands that connect to a cluster; pino starts its
 * transports from files of its own; fengari is required through createRequire.
 */
const EXTERNAL = ['@oclif/plugin-*', '@kubernetes/client-node', 'pino', 'pino-*', 'thread-stream', 'fengari'];

/**
 * A JSON module as `JSON.parse` of one string: V8 reads a string and parses JSON several times
 * faster than it compiles the same data as an object literal (kube-schemas.json is 218 KB).
 */
const jsonAsParse: Plugin = {
  name: 'json-as-parse',
  setup(b) {
    b.onLoad({ filter: /\.json$/ }, (args) => ({
      contents: `export default JSON.parse(${JSON.stringify(JSON.stringify(JSON.parse(readFileSync(args.path, 'utf8'))))});`,
      loader: 'js',
    }));
  },
};

/**
 * Node's built-in modules through `require`, not `import`: an ES import of a built-in makes Node
 * build its ES facade, which reads every export and so runs the lazy ones (`node:http` loads
 * undici for its fetch-era exports, about 40 ms of CPU; `node:fs` its streams). A require reads
 * only the exports the code uses.
 */
const builtinsByRequire: Plugin = {
  name: 'builtins-by-require',
  setup(b) {
    b.onResolve({ filter: /^[\w:/]+$/ }, (args) =>
      !isBuiltin(args.path)
        ? undefined
        : args.kind === 'import-statement' || args.kind === 'dynamic-import'
          ? { path: args.path, namespace: 'builtin-require' }
          : { path: args.path, external: true },
    );
    b.onLoad({ filter: /.*/, namespace: 'builtin-require' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

/** '@oclif/core' as the part of it the commands use (scripts/oclif-core-subset.ts). */
const oclifSubset: Plugin = {
  name: 'oclif-core-subset',
  setup(b) {
    b.onResolve({ filter: /^@oclif\/core$/ }, () => ({ path: join(ROOT, 'scripts/oclif-core-subset.ts') }));
  },
};

/**
 * The project's own modules as free of side effects (as `"sideEffects": false` would say of a
 * package): a module none of whose exports a command uses is left out of that command's chunks.
 * Without it, importing one function through a folder's face (src/reconcile/index.ts) brought in
 * every module the face re-exports, so `validate` loaded the apply, status and controller floors,
 * prom-client and isomorphic-git (3.2 MB of code; 1.8 MB with it). No module under src/ acts
 * at import time: each only declares.
 */
const pureSources: Plugin = {
  name: 'pure-sources',
  setup(b) {
    const SRC = `${join(ROOT, 'src')}/`;
    b.onResolve({ filter: /^\.\.?\// }, async ({ path, kind, importer, resolveDir, pluginData }) => {
      if (pluginData === pureSources.name) return undefined;
      const resolved = await b.resolve(path, { kind, importer, resolveDir, pluginData: pureSources.name });
      if (resolved.errors.length > 0 || !resolved.path.startsWith(SRC)) return undefined;
      return { path: resolved.path, sideEffects: false };
    });
  },
};

async function bundle(): Promise<void> {
  rmSync(DIST, { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: {
      main: 'src/cli/main.ts',
      commands: 'src/cli/commands.ts',
      'command-not-found': 'src/cli/hooks/command-not-found.ts',
    },
    outdir: DIST,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    external: EXTERNAL,
    // Readable stack traces under FLOTILLA_DEBUG=1 (bin/run.js turns source maps on then).
    sourcemap: 'linked',
    sourcesContent: false,
    // CommonJS dependencies inside an ES module bundle still call require() for Node's built-ins.
    banner: {
      js: "import { createRequire as __flotillaCreateRequire } from 'node:module'; const require = __flotillaCreateRequire(import.meta.url);",
    },
    // Class names stay as written: errors and oclif print them.
    keepNames: true,
    // oclifLazyModules before builtinsByRequire: it takes some of oclif's requires of Node's modules.
    plugins: [pureSources, oclifLazyModules(), builtinsByRequire, jsonAsParse, oclifSubset],
    logLevel: 'warning',
  });
}

/** Files read at run time next to the code that reads them. */
async function copyAssets(): Promise<void> {
  const { BUNDLED_JSON_FILE, loadBundledCustomizations } = await import('../src/interpreter/index.ts');
  const from = join(ROOT, 'src/interpreter/customizations');
  const to = join(DIST, 'customizations');
  cpSync(from, to, { recursive: true });
  writeFileSync(join(to, BUNDLED_JSON_FILE), JSON.stringify(loadBundledCustomizations(from)));
}

/** oclif's own description of each command, made from the real classes as `oclif manifest` would. */
async function writeManifest(): Promise<void> {
  const require = createRequire(import.meta.url);
  // Not among @oclif/core's exports; reached by its file so the manifest is oclif's own format.
  const core = dirname(require.resolve('@oclif/core/package.json'));
  const { cacheCommand } = require(join(core, 'lib/util/cache-command.js')) as {
    cacheCommand(cmd: unknown, plugin: unknown, respectNoCacheDefault: boolean): Promise<{ id: string }>;
  };
  const { COMMANDS } = await import('../src/cli/commands.ts');
  const pjson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
  const plugin = { name: pjson.name, alias: pjson.name, type: 'core' };
  const commands: Record<string, unknown> = {};
  for (const [id, lazy] of Object.entries(COMMANDS)) {
    const cmd = Object.assign(await lazy.load(), { id });
    commands[id] = await cacheCommand(cmd, plugin, false);
  }
  writeFileSync(
    join(ROOT, 'oclif.manifest.json'),
    `${JSON.stringify({ commands, version: pjson.version }, null, 2)}\n`,
  );
}

await bundle();
await copyAssets();
await writeManifest();
