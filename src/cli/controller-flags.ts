/**
 * The controllers' flags of `run` as oclif flags, from the plain specs their folders declare
 * (src/controllers/settings.ts): oclif stays on this floor, and `run` lists no controller's flag.
 */
import { Flags } from '@oclif/core';
import type { SettingFlag } from '../controllers/index.ts';

/** A duration flag given as text (`30s`, `5m`), parsed by whoever reads it so its error can name the flag. */
export const durationText = (description: string, value: string) =>
  Flags.string({ description: `${description} (e.g. 30s, 5m)`, default: value });

function oclifFlag(spec: SettingFlag) {
  switch (spec.kind) {
    case 'duration':
      return durationText(spec.description, String(spec.default));
    case 'string':
      return Flags.string({ description: spec.description, default: String(spec.default) });
    case 'boolean':
      return Flags.boolean({
        description: spec.description,
        default: spec.default === true,
        allowNo: spec.allowNo ?? false,
      });
  }
}

/**
 * The specs' flags by name, in their order, to follow the command's own flags (`beside`): a
 * controller's flag named as one of the command's would replace it without a word, so the clash is
 * an error of the build, found by the first test that loads the command.
 */
export function controllerFlags(
  specs: readonly SettingFlag[],
  beside: object = {},
): Record<string, ReturnType<typeof oclifFlag>> {
  const clash = specs.find((spec) => Object.hasOwn(beside, spec.name));
  if (clash) throw new Error(`the controllers' flag --${clash.name} is a flag of the command already`);
  return Object.fromEntries(specs.map((spec) => [spec.name, oclifFlag(spec)]));
}
