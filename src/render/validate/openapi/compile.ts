/**
 * OpenAPI v3 schemas as the checker reads them: a CustomResourceDefinition's openAPIV3Schema, or a
 * definition of the built-in Kubernetes schemas (kube-schemas.json, the same keywords, `$ref` by
 * definition name). Compiled once per schema; a `$ref` stays a name, resolved when a value reaches it.
 */
import { isRecord } from '../../../model/index.ts';

type Json = Record<string, unknown>;

/** The JSON types a node may demand, plus the two Kubernetes types that take a number or a string. */
export type NodeType = 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'int-or-string' | 'quantity';

/** One compiled schema; absent keys check nothing. */
export interface SchemaNode {
  /** A definition of the built-in schemas, resolved when reached. */
  ref?: string;
  type?: NodeType;
  /** `int32` (range) and `byte` (base64) are the formats a server refuses at decoding. */
  format?: string;
  enum?: readonly unknown[];
  properties?: ReadonlyMap<string, SchemaNode>;
  required?: readonly string[];
  items?: SchemaNode;
  additionalProperties?: SchemaNode;
  /** x-kubernetes-preserve-unknown-fields: fields not in `properties` are kept, not refused. */
  preserveUnknown?: boolean;
  /** x-kubernetes-embedded-resource: apiVersion, kind and metadata are allowed besides `properties`. */
  embedded?: boolean;
  /** A sub-schema of allOf/anyOf/oneOf/not: it constrains values and never declares fields. */
  valueOnly?: boolean;
  pattern?: RegExp;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  maxProperties?: number;
  allOf?: readonly SchemaNode[];
  anyOf?: readonly SchemaNode[];
  oneOf?: readonly SchemaNode[];
  not?: SchemaNode;
}

const TYPES = new Set<string>(['object', 'array', 'string', 'integer', 'number', 'boolean']);
const NUMBER_KEYS = [
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
] as const;

function typeOf(raw: Json): NodeType | undefined {
  if (raw['x-kubernetes-int-or-string'] === true) return 'int-or-string';
  if (raw['format'] === 'quantity' && raw['type'] === undefined) return 'quantity';
  const type = raw['type'];
  return typeof type === 'string' && TYPES.has(type) ? (type as NodeType) : undefined;
}

/** A pattern the engine cannot compile is the member's to judge, not ours. */
function compilePattern(pattern: unknown): RegExp | undefined {
  if (typeof pattern !== 'string') return undefined;
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
}

function compileList(raw: unknown): SchemaNode[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  return raw.filter(isRecord).map((s) => compileSchema(s, true));
}

/**
 * Compiles one OpenAPI schema object. `valueOnly` marks the sub-schemas of allOf/anyOf/oneOf/not,
 * which in a structural schema only add value constraints. A CRD default fills a field left out,
 * so a required field with a default is not demanded.
 */
export function compileSchema(raw: Json, valueOnly = false): SchemaNode {
  if (typeof raw['$ref'] === 'string') return { ref: raw['$ref'] };
  const node: SchemaNode = {};
  const type = typeOf(raw);
  if (type) node.type = type;
  if (typeof raw['format'] === 'string') node.format = raw['format'];
  if (Array.isArray(raw['enum'])) node.enum = raw['enum'];
  if (isRecord(raw['properties'])) {
    const properties = new Map<string, SchemaNode>();
    for (const [name, s] of Object.entries(raw['properties'])) {
      if (isRecord(s)) properties.set(name, compileSchema(s, valueOnly));
    }
    node.properties = properties;
  }
  if (Array.isArray(raw['required'])) {
    const props = isRecord(raw['properties']) ? raw['properties'] : {};
    const required = raw['required'].filter(
      (name): name is string => typeof name === 'string' && !(isRecord(props[name]) && 'default' in props[name]),
    );
    if (required.length > 0) node.required = required;
  }
  if (isRecord(raw['items'])) node.items = compileSchema(raw['items'], valueOnly);
  const additional = raw['additionalProperties'];
  if (isRecord(additional)) node.additionalProperties = compileSchema(additional, valueOnly);
  else if (additional === true) node.additionalProperties = {};
  if (raw['x-kubernetes-preserve-unknown-fields'] === true) node.preserveUnknown = true;
  if (raw['x-kubernetes-embedded-resource'] === true) node.embedded = true;
  if (valueOnly) node.valueOnly = true;
  const pattern = compilePattern(raw['pattern']);
  if (pattern) node.pattern = pattern;
  for (const key of NUMBER_KEYS) {
    if (typeof raw[key] === 'number') node[key] = raw[key];
  }
  if (raw['exclusiveMinimum'] === true) node.exclusiveMinimum = true;
  if (raw['exclusiveMaximum'] === true) node.exclusiveMaximum = true;
  const allOf = compileList(raw['allOf']);
  if (allOf) node.allOf = allOf;
  const anyOf = compileList(raw['anyOf']);
  if (anyOf) node.anyOf = anyOf;
  const oneOf = compileList(raw['oneOf']);
  if (oneOf) node.oneOf = oneOf;
  if (isRecord(raw['not'])) node.not = compileSchema(raw['not'], true);
  return node;
}
