/**
 * The one generic walker over a Schema: unknown fields (with a "did you mean"), types, enums,
 * required fields, minimums, then each node's own `check`. JSON `null` in an object field counts
 * as absent, as it does for the API server.
 */
import { isRecord, quantityAsNumber } from '../../model/index.ts';
import { closestName } from './suggest.ts';
import { error, invalidMessage, requiredMessage, unsupportedMessage, type IssueSink } from './issues.ts';
import type { ObjectSchema, Schema } from './schema.ts';

/** resource.ErrFormatWrong. */
export const QUANTITY_FORMAT_MESSAGE =
  "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

/** The JSON type of a value as schema messages name it. */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeError(out: IssueSink, path: (string | number)[], expected: string, value: unknown): void {
  error(out, path, `must be of type ${expected}, got ${jsonType(value)}`);
}

/** A field that belongs one level down, e.g. `clusterAffinity` written under spec, not placement. */
function nestedHome(key: string, schema: ObjectSchema): string | undefined {
  for (const [name, field] of Object.entries(schema.fields)) {
    const inner = field.type === 'array' ? field.items : field;
    if (inner.type === 'object' && Object.hasOwn(inner.fields, key)) {
      return field.type === 'array' ? `${name}[].${key}` : `${name}.${key}`;
    }
  }
  return undefined;
}

function unknownField(out: IssueSink, path: (string | number)[], key: string, schema: ObjectSchema): void {
  const guess = closestName(key, Object.keys(schema.fields)) ?? nestedHome(key, schema);
  path.push(key);
  error(out, path, guess ? `unknown field "${key}", did you mean "${guess}"?` : `unknown field "${key}"`);
  path.pop();
}

function walkObject(
  schema: ObjectSchema,
  value: Record<string, unknown>,
  path: (string | number)[],
  out: IssueSink,
): void {
  for (const key of Object.keys(value)) {
    const field = Object.hasOwn(schema.fields, key) ? schema.fields[key] : undefined;
    if (field === undefined) {
      unknownField(out, path, key, schema);
      continue;
    }
    const child = value[key];
    if (child === null || child === undefined) continue;
    path.push(key);
    walk(field, child, path, out);
    path.pop();
  }
  for (const key of schema.required ?? []) {
    if (value[key] !== null && value[key] !== undefined) continue;
    path.push(key);
    error(out, path, requiredMessage());
    path.pop();
  }
}

/**
 * Checks `value` against `schema`, appending issues to `out`. `path` is a working stack: it is
 * restored before returning, and issues carry copies of it.
 */
export function walk(schema: Schema, value: unknown, path: (string | number)[], out: IssueSink): void {
  switch (schema.type) {
    case 'any':
      return;
    case 'boolean':
      if (typeof value !== 'boolean') typeError(out, path, 'boolean', value);
      return;
    case 'quantity':
      if (typeof value !== 'string' && typeof value !== 'number') typeError(out, path, 'string', value);
      else if (quantityAsNumber(value) === undefined) error(out, path, invalidMessage(value, QUANTITY_FORMAT_MESSAGE));
      return;
    case 'string':
      if (typeof value !== 'string') return typeError(out, path, 'string', value);
      if (schema.enum && !schema.enum.includes(value)) return error(out, path, unsupportedMessage(value, schema.enum));
      schema.check?.(value, path, out);
      return;
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return typeError(out, path, 'integer', value);
      if (schema.int32 && (value < -(2 ** 31) || value >= 2 ** 31))
        return error(out, path, invalidMessage(value, 'must fit in a 32-bit integer'));
      if (schema.minimum !== undefined && value < schema.minimum) {
        return error(out, path, invalidMessage(value, `should be greater than or equal to ${schema.minimum}`));
      }
      schema.check?.(value, path, out);
      return;
    case 'array':
      if (!Array.isArray(value)) return typeError(out, path, 'array', value);
      if (schema.minItems !== undefined && value.length < schema.minItems) {
        error(out, path, `should have at least ${schema.minItems} items`);
      }
      for (let i = 0; i < value.length; i++) {
        path.push(i);
        walk(schema.items, value[i], path, out);
        path.pop();
      }
      schema.check?.(value, path, out);
      return;
    case 'map':
      if (!isRecord(value)) return typeError(out, path, 'object', value);
      for (const key of Object.keys(value)) {
        path.push(key);
        walk(schema.values, value[key], path, out);
        path.pop();
      }
      schema.check?.(value, path, out);
      return;
    case 'object':
      if (!isRecord(value)) return typeError(out, path, 'object', value);
      walkObject(schema, value, path, out);
      schema.check?.(value, path, out);
      return;
  }
}
