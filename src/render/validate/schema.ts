/**
 * A small declarative description of an API type, from which one generic walker (walk.ts)
 * derives unknown-field, type, enum, required and minimum checks. Rules that span several
 * fields hang off a node as `check`, run after the node's own structure was walked.
 */
import type { FieldPath } from '../../model/index.ts';
import type { IssueSink } from './issues.ts';

/** A rule for one well-typed value; `path` is only valid during the call (copy it to keep it). */
export type Check<T> = (value: T, path: FieldPath, out: IssueSink) => void;

/** The description of one value; `check` runs only when the value has the right type. */
export type Schema =
  | { type: 'string'; enum?: readonly string[]; check?: Check<string> }
  | { type: 'integer'; minimum?: number; int32?: true; check?: Check<number> }
  | { type: 'boolean' }
  | { type: 'quantity' }
  | { type: 'any' }
  | { type: 'array'; items: Schema; minItems?: number; check?: Check<unknown[]> }
  | { type: 'map'; values: Schema; check?: Check<Record<string, unknown>> }
  | ObjectSchema;

/** An object with a closed set of fields: any other field is reported as unknown. */
export interface ObjectSchema {
  type: 'object';
  fields: Readonly<Record<string, Schema>>;
  required?: readonly string[];
  check?: Check<Record<string, unknown>>;
}

/** A string, optionally from a closed set. */
export const str = (options: { enum?: readonly string[]; check?: Check<string> } = {}): Schema => ({
  type: 'string',
  ...options,
});
/**
 * An integer (a JSON number without fraction), optionally with a minimum; `int32` for a field Go declares int32, whose
 * API server refuses what does not fit (a replica count of 2^40 is not a count anyone asked for).
 */
export const int = (options: { minimum?: number; int32?: true; check?: Check<number> } = {}): Schema => ({
  type: 'integer',
  ...options,
});
/** A boolean. */
export const bool: Schema = { type: 'boolean' };
/** A Kubernetes resource quantity, written as a string or a number. */
export const quantity: Schema = { type: 'quantity' };
/** Any JSON value (raw JSON fields such as a plaintext overrider's value). */
export const any: Schema = { type: 'any' };
/** A list of items. */
export const arr = (items: Schema, options: { minItems?: number; check?: Check<unknown[]> } = {}): Schema => ({
  type: 'array',
  items,
  ...options,
});
/** An object with arbitrary keys and values of one schema. */
export const map = (values: Schema, check?: Check<Record<string, unknown>>): Schema =>
  check ? { type: 'map', values, check } : { type: 'map', values };
/** An object with known fields. */
export const obj = (
  fields: Readonly<Record<string, Schema>>,
  options: { required?: readonly string[]; check?: Check<Record<string, unknown>> } = {},
): ObjectSchema => ({ type: 'object', fields, ...options });
/** []string. */
export const strings: Schema = arr(str());
/** map[string]string. */
export const stringMap: Schema = map(str());
