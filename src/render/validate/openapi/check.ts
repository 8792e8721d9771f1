/**
 * Checks a value against a compiled OpenAPI schema the way a member's API server decodes and
 * validates it with strict field validation: unknown fields (with a "did you mean"), JSON types,
 * enums, required fields, and a CRD's value constraints. JSON `null` counts as absent, as it does
 * there. Messages never show a `byte` (base64) value.
 */
import { isRecord, quantityAsNumber } from '../../../model/index.ts';
import { error, invalidMessage, requiredMessage, unsupportedMessage, type IssueSink } from '../issues.ts';
import { closestName } from '../suggest.ts';
import { BASE64 } from '../secret-template.ts';
import { jsonType, QUANTITY_FORMAT_MESSAGE } from '../walk.ts';
import type { NodeType, SchemaNode } from './compile.ts';

/** Resolves a `$ref` of the built-in schemas. */
export type ResolveRef = (name: string) => SchemaNode;

/** What one walk shares: the ref resolver, the working path and the sink. */
interface Walk {
  resolve: ResolveRef;
  path: (string | number)[];
  out: IssueSink;
}

const INT32 = 2 ** 31;
/** The fields every embedded resource has besides its schema's own (the API server adds them). */
const EMBEDDED_FIELDS = ['apiVersion', 'kind', 'metadata'];

function typeMatches(type: SchemaNode['type'], value: unknown): boolean {
  switch (type) {
    case undefined:
      return true;
    case 'object':
      return isRecord(value);
    case 'array':
      return Array.isArray(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'int-or-string':
      return typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value));
    case 'quantity':
      return typeof value === 'string' || typeof value === 'number';
    default:
      return typeof value === type;
  }
}

/** How a type error names what was expected. */
const expected = (type: NodeType): string =>
  type === 'int-or-string' ? 'integer or string' : type === 'quantity' ? 'string or number' : type;

function sameJson(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b));
}

/** An empty string is what a server defaults an enum field from, so it is never an unsupported value. */
function checkEnum(node: SchemaNode, value: unknown, w: Walk): void {
  if (!node.enum || value === '' || node.enum.some((allowed) => sameJson(allowed, value))) return;
  const shown = typeof value === 'object' ? JSON.stringify(value) : value;
  error(w.out, w.path, unsupportedMessage(shown, node.enum));
}

function checkString(node: SchemaNode, value: string, w: Walk): void {
  if (node.format === 'byte' && !BASE64.test(value.replace(/[\r\n]/g, ''))) {
    return error(w.out, w.path, 'Invalid value: must be base64-encoded (the value is not shown)');
  }
  const length = [...value].length;
  if (node.maxLength !== undefined && length > node.maxLength) {
    error(w.out, w.path, `Too long: may not be more than ${node.maxLength} characters`);
  }
  if (node.minLength !== undefined && length < node.minLength) {
    error(w.out, w.path, invalidMessage(value, `should be at least ${node.minLength} characters long`));
  }
  if (node.pattern && !node.pattern.test(value)) {
    error(w.out, w.path, invalidMessage(value, `should match '${node.pattern.source}'`));
  }
}

/**
 * multipleOf as the API server's validator judges it: the quotient computed its way (through
 * 1/factor for a fraction) and taken as whole within a relative 1e-9, so 0.3 is a multiple of 0.1
 * although 0.3 / 0.1 is 2.9999999999999996 in floating point.
 */
function isMultiple(value: number, factor: number): boolean {
  const quotient = factor < 1 ? (1 / factor) * value : value / factor;
  if (!Number.isFinite(quotient) || Math.abs(quotient) > Number.MAX_SAFE_INTEGER) return false;
  const whole = Math.trunc(quotient);
  if (quotient === whole) return true;
  return whole !== 0 && Math.abs(quotient - whole) / (Math.abs(quotient) + Math.abs(whole)) < 1e-9;
}

function checkNumber(node: SchemaNode, value: number, w: Walk): void {
  if (node.format === 'int32' && (value < -INT32 || value >= INT32)) {
    return error(w.out, w.path, invalidMessage(value, 'must fit in a 32-bit integer'));
  }
  const { minimum, maximum } = node;
  if (minimum !== undefined && (node.exclusiveMinimum ? value <= minimum : value < minimum)) {
    const op = node.exclusiveMinimum ? 'greater than' : 'greater than or equal to';
    error(w.out, w.path, invalidMessage(value, `should be ${op} ${minimum}`));
  }
  if (maximum !== undefined && (node.exclusiveMaximum ? value >= maximum : value > maximum)) {
    const op = node.exclusiveMaximum ? 'less than' : 'less than or equal to';
    error(w.out, w.path, invalidMessage(value, `should be ${op} ${maximum}`));
  }
  if (node.multipleOf && !isMultiple(value, node.multipleOf)) {
    error(w.out, w.path, invalidMessage(value, `should be a multiple of ${node.multipleOf}`));
  }
}

function checkCount(what: string, count: number, min: number | undefined, max: number | undefined, w: Walk): void {
  if (max !== undefined && count > max) error(w.out, w.path, `Too many: ${count}: must have at most ${max} ${what}`);
  if (min !== undefined && count < min) error(w.out, w.path, `should have at least ${min} ${what}`);
}

function child(node: SchemaNode, value: unknown, key: string | number, w: Walk): void {
  w.path.push(key);
  check(node, value, w);
  w.path.pop();
}

function unknownField(node: SchemaNode, key: string, w: Walk): void {
  const known = [...(node.properties?.keys() ?? []), ...(node.embedded ? EMBEDDED_FIELDS : [])];
  const guess = closestName(key, known);
  w.path.push(key);
  error(w.out, w.path, guess ? `unknown field "${key}", did you mean "${guess}"?` : `unknown field "${key}"`);
  w.path.pop();
}

function checkObject(node: SchemaNode, value: Record<string, unknown>, w: Walk): void {
  const closed = !node.valueOnly && !node.preserveUnknown && node.type === 'object';
  for (const key of Object.keys(value)) {
    const field = node.properties?.get(key) ?? node.additionalProperties;
    if (field) child(field, value[key], key, w);
    else if (closed && !(node.embedded && EMBEDDED_FIELDS.includes(key))) unknownField(node, key, w);
  }
  for (const key of node.required ?? []) {
    if (value[key] !== null && value[key] !== undefined) continue;
    w.path.push(key);
    error(w.out, w.path, requiredMessage());
    w.path.pop();
  }
  checkCount('properties', Object.keys(value).length, node.minProperties, node.maxProperties, w);
}

/** How many of `nodes` the value satisfies, checked quietly. */
function passing(nodes: readonly SchemaNode[], value: unknown, w: Walk): number {
  return nodes.filter((n) => {
    const quiet: Walk = { resolve: w.resolve, path: [], out: [] };
    check(n, value, quiet);
    return quiet.out.length === 0;
  }).length;
}

function checkCombinators(node: SchemaNode, value: unknown, w: Walk): void {
  for (const sub of node.allOf ?? []) check(sub, value, w);
  if (node.anyOf && passing(node.anyOf, value, w) === 0)
    error(w.out, w.path, 'must validate at least one schema (anyOf)');
  if (node.oneOf && passing(node.oneOf, value, w) !== 1) {
    error(w.out, w.path, 'must validate one and only one schema (oneOf)');
  }
  if (node.not && passing([node.not], value, w) === 1) error(w.out, w.path, 'must not validate the schema (not)');
}

/**
 * Checks `value` against `node`, appending issues at copies of `w.path` (a working stack,
 * restored before returning).
 */
function check(schema: SchemaNode, value: unknown, w: Walk): void {
  const node = schema.ref === undefined ? schema : w.resolve(schema.ref);
  if (value === null || value === undefined) return;
  if (!typeMatches(node.type, value)) {
    return error(w.out, w.path, `must be of type ${expected(node.type!)}, got ${jsonType(value)}`);
  }
  checkEnum(node, value, w);
  if (node.type === 'quantity' && quantityAsNumber(value as string | number) === undefined) {
    return error(w.out, w.path, invalidMessage(value, QUANTITY_FORMAT_MESSAGE));
  }
  if (typeof value === 'string') checkString(node, value, w);
  else if (typeof value === 'number') checkNumber(node, value, w);
  else if (Array.isArray(value)) {
    if (node.items) for (let i = 0; i < value.length; i++) child(node.items, value[i], i, w);
    checkCount('items', value.length, node.minItems, node.maxItems, w);
  } else if (isRecord(value)) checkObject(node, value, w);
  checkCombinators(node, value, w);
}

/**
 * Checks the fields of a whole object except `skip` (what other checks own, such as apiVersion,
 * kind and metadata). Issues carry field paths from the object's root.
 */
export function checkObjectFields(
  root: SchemaNode,
  obj: Record<string, unknown>,
  skip: ReadonlySet<string>,
  resolve: ResolveRef,
  out: IssueSink,
): void {
  const node = root.ref === undefined ? root : resolve(root.ref);
  const rest = Object.fromEntries(Object.entries(obj).filter(([key]) => !skip.has(key)));
  const required = node.required?.filter((key) => !skip.has(key));
  check({ ...node, required }, rest, { resolve, path: [], out });
}
