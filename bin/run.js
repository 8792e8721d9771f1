#!/usr/bin/env node
import * as nodeModule from 'node:module';

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

// `flotilla ui` holds a whole fleet's render for as long as it serves, and V8's defaults let the
// heap grow far past it: a young generation sized from the machine's memory (up to 3 x 32 MiB)
// whose survivors are promoted in bulk, and an old generation allowed to grow to several times
// what survived its last full collection. Bounded, its peak at 10,000 templates x 100 clusters
// fell from 444 to 286-295 MiB at the same start-up time (docs/benchmarks.md, "Web view"). A
// heap's sizes are fixed when it starts, so the process replaces itself (same pid, no second
// process); a size the user set is kept.
const UI_HEAP_FLAGS = ['--max-semi-space-size=2', '--heap-growing-percent=20'];
const chosen = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ');
const missing = UI_HEAP_FLAGS.filter((flag) => !chosen.includes(flag.split('=')[0]));
if (process.argv[2] === 'ui' && missing.length > 0 && typeof process.execve === 'function') {
  process.execve(process.execPath, [
    process.execPath,
    ...missing,
    ...process.execArgv,
    process.argv[1],
    ...process.argv.slice(2),
  ]);
}

// Every command loads the whole CLI's module graph; Node's on-disk compile cache (under the OS
// temp folder) roughly halves that start-up cost after the first run.
nodeModule.enableCompileCache?.();

const { execute } = await import('@oclif/core');
await execute({ dir: import.meta.url });
