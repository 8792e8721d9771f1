#!/usr/bin/env node
import { enableCompileCache } from 'node:module';

// Every command loads the whole CLI's module graph; Node's on-disk compile cache (under the OS
// temp folder) roughly halves that start-up cost after the first run.
enableCompileCache?.();

const { execute } = await import('@oclif/core');
await execute({ dir: import.meta.url });
