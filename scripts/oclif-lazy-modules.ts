// oclif's modules that a command's run needs only when something goes wrong, or for help, as
// modules that load on first use. oclif's parser, flag builders and `flush` require its errors, help,
// terminal (ux) and logger modules as they load, and those bring its help renderer, spinners, the
// `debug` package and the plugin loader: most of what oclif costs a small command's start
// (docs/benchmarks.md). In the bundle, each module below is replaced by one whose exports are
// getters that require the real module when first read, so each class and function stays oclif's
// own (an `instanceof CLIError` holds) and only its evaluation moves to the moment it is used.
import { createRequire, isBuiltin } from 'node:module';
import { dirname, join, relative } from 'node:path';
import type { Plugin } from 'esbuild';

/** Under @oclif/core/lib/. */
const LAZY = [
  'errors/index.js',
  'errors/error.js',
  'errors/handle.js',
  'errors/warn.js',
  'errors/exit.js',
  'errors/errors/cli.js',
  'errors/errors/exit.js',
  'help/index.js',
  'logger.js',
  'ux/index.js',
  'ux/theme.js',
  'config/index.js',
  'parser/errors.js',
];

/** Node's modules oclif requires as it loads, for one rare path: the parser reads stdin with readline. */
const LAZY_BUILTINS = new Set(['node:readline']);

const NAMESPACE = 'oclif-lazy';

export function oclifLazyModules(): Plugin {
  const require = createRequire(import.meta.url);
  const lib = join(dirname(require.resolve('@oclif/core/package.json')), 'lib');
  const lazy = new Set(LAZY.map((file) => join(lib, file)));
  return {
    name: 'oclif-lazy-modules',
    setup(b) {
      b.onResolve({ filter: /^node:/ }, ({ path, importer, namespace }) =>
        LAZY_BUILTINS.has(path) && importer.startsWith(lib) && namespace !== NAMESPACE
          ? { path, namespace: NAMESPACE }
          : undefined,
      );
      b.onResolve(
        { filter: /^(\.\.?\/|@oclif\/core\/)/ },
        async ({ path, kind, importer, resolveDir, namespace, pluginData }) => {
          // Other plugins resolve again with their own pluginData: only the first resolution is ours.
          if (pluginData !== undefined || namespace === NAMESPACE) return undefined;
          if (!path.startsWith('@oclif/core/') && !importer.startsWith(lib)) return undefined;
          const resolved = await b.resolve(path, { kind, importer, resolveDir, pluginData: NAMESPACE });
          // esbuild names a module of a namespace by its path in the bundle: a path relative to
          // @oclif/core keeps the build's own folder out of dist/.
          return lazy.has(resolved.path)
            ? { path: relative(lib, resolved.path), namespace: NAMESPACE, pluginData: { real: resolved.path } }
            : undefined;
        },
      );
      b.onLoad({ filter: /.*/, namespace: NAMESPACE }, ({ path, pluginData }) => {
        const real = (pluginData as { real?: string } | undefined)?.real ?? path;
        return {
          contents: lazyModule(real, Object.keys(require(real))),
          resolveDir: isBuiltin(real) ? lib : dirname(real),
          loader: 'js',
        };
      });
    },
  };
}

/** A CommonJS module whose every export reads the module at `path` when first read. */
function lazyModule(path: string, names: readonly string[]): string {
  const getters = names
    .filter((name) => name !== '__esModule')
    .map((name) => `  ${JSON.stringify(name)}: { enumerable: true, get: () => real()[${JSON.stringify(name)}] },`);
  return [
    `const real = () => require(${JSON.stringify(path)});`,
    `Object.defineProperty(exports, '__esModule', { value: true });`,
    'Object.defineProperties(exports, {',
    ...getters,
    '});',
  ].join('\n');
}
