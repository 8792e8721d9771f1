import type { OpenSourceOptions } from '../source/index.ts';

/** The source options of the global flags (README.md#commands); credentials come from the environment. */
export function sourceOptions(flags: {
  repo: string;
  ref?: string | undefined;
  path?: string | undefined;
}): OpenSourceOptions {
  return {
    repo: flags.repo,
    ...(flags.ref !== undefined ? { ref: flags.ref } : {}),
    ...(flags.path !== undefined ? { path: flags.path } : {}),
  };
}
