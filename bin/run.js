#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { release } from 'node:os';

// Checked before anything else loads: on an older Node the CLI would die on a syntax or API error
// that names neither the cause nor the fix.
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(
    `flotilla needs Node.js 22 or newer; this is ${process.version}. In a checkout, npm ci brings Node 24: ` +
      'export PATH=$PWD/node_modules/.bin:$PATH',
  );
  process.exit(1);
}

// `flotilla --version` answers before oclif loads: oclif's start (its config, its plugins) is most
// of what a --version costs, and scripts call it in loops. The line is oclif's user agent, the one
// `flotilla version` prints; on WSL, which oclif names as its platform, oclif answers itself.
if (process.argv.length === 3 && process.argv[2] === '--version' && !/microsoft/i.test(release())) {
  const { name, version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  console.log(`${name}/${version} ${process.platform}-${process.arch} node-${process.version}`);
  process.exit(0);
}

// `flotilla ui` holds a whole fleet's render for as long as it serves, and V8's defaults let the
// heap grow far past it: a young generation sized from the machine's memory (up to 3 x 32 MiB)
// whose survivors are promoted in bulk, and an old generation allowed to grow to several times
// what survived its last full collection. Bounded, its peak at 10,000 templates x 100 clusters
// fell from 444 to 286-295 MiB at the same start-up time; glibc's malloc gives each thread that
// allocates (V8's GC and compiler threads, libuv's pool) an arena of its own, which keeps what it
// freed, and two arenas took 8-15 MiB more off (docs/benchmarks.md, "Web view"). Both are fixed
// when the process starts, so it replaces itself (same pid, no second process); a heap flag or
// MALLOC_ARENA_MAX the user set is kept.
const UI_HEAP_FLAGS = ['--max-semi-space-size=2', '--heap-growing-percent=20'];
const chosen = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ');
const missing = UI_HEAP_FLAGS.filter((flag) => !chosen.includes(flag.split('=')[0]));
if (process.argv[2] === 'ui' && missing.length > 0 && typeof process.execve === 'function') {
  process.execve(
    process.execPath,
    [process.execPath, ...missing, ...process.execArgv, process.argv[1], ...process.argv.slice(2)],
    { MALLOC_ARENA_MAX: '2', ...process.env },
  );
}

// Node's on-disk compile cache (under the OS temp folder): the bundle is compiled once, not at
// every start.
nodeModule.enableCompileCache?.();
// Stack traces name the source files, not the bundle's chunks (source maps cost a little at start).
if (process.env.FLOTILLA_DEBUG === '1') process.setSourceMapsEnabled(true);

// `flotilla … | head`: once the reader is gone the rest of the output has nowhere to go, so the
// CLI ends quietly, as a native tool ends on SIGPIPE, instead of with an EPIPE stack trace.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit();
  throw error;
});

// Not a top-level await: when the pipe closes, oclif's last flush waits for a 'drain' that never
// comes, and Node would end with "Warning: Detected unsettled top-level await".
import('../dist/main.js').then(
  ({ execute }) => execute({ dir: import.meta.url }),
  (error) => {
    console.error(`flotilla: the CLI is not built (${error.message}); run npm run build`);
    process.exitCode = 1;
  },
);
