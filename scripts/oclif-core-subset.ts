// What the CLI's code takes from '@oclif/core', from oclif's own sub-modules (the build points
// '@oclif/core' here, see scripts/build.ts). oclif's index loads every part of oclif and checks the
// Node version with semver at each start; these three are what commands need to run (their base
// class is Flotilla's own, src/cli/base-command.ts).
export * as Args from '@oclif/core/args';
export * as Errors from '@oclif/core/errors';
export * as Flags from '@oclif/core/flags';
