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

// Every command loads the whole CLI's module graph; Node's on-disk compile cache (under the OS
// temp folder) roughly halves that start-up cost after the first run.
nodeModule.enableCompileCache?.();

const { execute } = await import('@oclif/core');
await execute({ dir: import.meta.url });
