/**
 * A small declarative description of an API type, from which one generic walker (walk.ts)
 * derives unknown-field, type, enum, required and minimum checks. Rules that span several
 * fields hang off a node as `check`, run after the node's own structure was walked.
 */
import type { FieldPath } from '../../model/index.ts';
import type { IssueSink } from './issues.ts';

/** A rule for one well-typed value; `path` is only valid during the call (copy it to keep it). */
export type Check<T> = (value: T, path: FieldPath, out: IssueSink) => void;

export type Schema =
  | { type: 'string'; enum?: readonly string[]; check?: Check<string> }
  | { type: 'integer'; minimum?: number; check?: Check<number> }
  | { type: 'boolean' }
  | { type: 'quantity' }
  | { type: 'any' }
  | { type: 'array'; items: Schema; minItems?: number; check?: Check<unknown[]> }
  | { type: 'map'; values: Schema; check?: Check<Record<string, unknown>> }
  | ObjectSchema;

export interface ObjectSchema {
  type: 'object';
  fields: Readonly<Record<string, Schema>>;
  required?: readonly string[];
  check?: Check<Record<string, unknown>>;
}

export const str = (options: { enum?: readonly string[]; check?: Check<string> } = {}): Schema => ({
  type: 'string',
  ...options,
});
export const int = (options: { minimum?: number; check?: Check<number> } = {}): Schema => ({
  type: 'integer',
  ...options,
});
export const bool: Schema = { type: 'boolean' };
export const quantity: Schema = { type: 'quantity' };
export const any: Schema = { type: 'any' };
export const arr = (items: Schema, options: { minItems?: number; check?: Check<unknown[]> } = {}): Schema => ({
  type: 'array',
  items,
  ...options,
});
export const map = (values: Schema, check?: Check<Record<string, unknown>>): Schema =>
  check ? { type: 'map', values, check } : { type: 'map', values };
export const obj = (
  fields: Readonly<Record<string, Schema>>,
  options: { required?: readonly string[]; check?: Check<Record<string, unknown>> } = {},
): ObjectSchema => ({ type: 'object', fields, ...options });
export const strings: Schema = arr(str());
export const stringMap: Schema = map(str());
