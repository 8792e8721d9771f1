// What the CLI's code takes from '@oclif/core', from oclif's own sub-modules (the build points
// '@oclif/core' here, see scripts/build.ts). oclif's index loads every part of oclif and checks the
// Node version with semver at each start; these four are what commands need to run.
export * as Args from '@oclif/core/args';
export { Command } from '@oclif/core/command';
export * as Errors from '@oclif/core/errors';
export * as Flags from '@oclif/core/flags';
