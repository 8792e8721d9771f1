/**
 * A controller's `run` flags as plain data, declared in its folder and listed by its registration:
 * `run` makes its command-line flags of them (src/cli, the only floor that knows oclif), and the
 * controller parses its settings from their values, so `run` and the reconciler name no controller
 * (docs/architecture.md, "Adding a controller").
 */
import { parseDuration } from '../model/index.ts';

/** A flag's kind: a duration is text such as `30s` or `5m` and parses to milliseconds. */
export type SettingKind = 'duration' | 'boolean' | 'string';

/** One flag of `run`. */
export interface SettingFlag {
  /** The flag's name without its dashes, e.g. `failover-grace`. */
  name: string;
  kind: SettingKind;
  /** The value when the flag is not given; a duration's is its text, e.g. `30s`. */
  default: string | number | boolean;
  /** Its help text; a duration's gains an example of the syntax. */
  description: string;
  /** A boolean's `--no-` form is accepted too. */
  allowNo?: boolean;
}

/** The values of every controller's flags by name, as parsed from the command line, defaults filled in. */
export type SettingValues = Readonly<Record<string, string | number | boolean | undefined>>;

/** A registration's settings: its flags, and its settings from their values. */
export interface ControllerSettingsSpec<S> {
  /** Its flags, in the order `run --help` lists them; empty when it reads only others' (`probe-interval`). */
  flags: readonly SettingFlag[];
  /** Its settings from the values of every controller's flags; bad input throws an Error whose message names the flag. */
  parse(values: SettingValues): S;
}

/** A flag's value as text; a flag that is not there is a mistake of the registration, not of the user. */
function text(values: SettingValues, name: string): string {
  const value = values[name];
  if (value === undefined) throw new Error(`--${name}: no such flag of run`);
  return String(value);
}

/** A duration flag's value in milliseconds. */
export function durationValue(values: SettingValues, name: string): number {
  const given = text(values, name);
  try {
    return parseDuration(given);
  } catch (error) {
    throw new Error(`--${name}: ${(error as Error).message}`);
  }
}

/** A non-negative number given as text (a ratio such as a tolerance). */
export function nonNegativeValue(values: SettingValues, name: string): number {
  const given = text(values, name);
  const value = Number(given);
  if (given.trim() === '' || !Number.isFinite(value) || value < 0)
    throw new Error(`--${name}: ${JSON.stringify(given)} is not a non-negative number`);
  return value;
}

/** A boolean flag's value. */
export function booleanValue(values: SettingValues, name: string): boolean {
  return text(values, name) === 'true';
}
