/**
 * Karmada decodes the JSON of a script's result into Go structs (ReplicaRequirements, Component,
 * DependentObjectReference): fields match case-insensitively, unknown fields are dropped, a value
 * of the wrong type is an error, and on the way out empty optional fields are omitted. These
 * functions do the same to the repaired JSON (docs/karmada-compatibility.md, "Lua results").
 */
import type {
  Component,
  JsonValue,
  LabelSelector,
  ReplicaRequirements,
  ResourceList,
  Toleration,
} from '../../model/index.ts';
import { formatQuantity, toQuantity } from '../../model/index.ts';
import type { DependentObjectReference } from '../types.ts';

/** A result that does not fit the Go type Karmada decodes it into. */
export class ResultTypeError extends Error {}

type JsonObject = { [key: string]: JsonValue };

const typeOf = (v: JsonValue): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

function fail(path: string, want: string, value: JsonValue): never {
  throw new ResultTypeError(`json: cannot unmarshal ${typeOf(value)} into Go value of type ${want} (field ${path})`);
}

/** The fields of a JSON object as Go's decoder assigns them: by case-insensitive name, a later key winning. */
function fields(value: JsonValue, path: string, want: string, names: readonly string[]): Map<string, JsonValue> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(path, want, value);
  const byFold = new Map(names.map((n) => [n.toLowerCase(), n]));
  const out = new Map<string, JsonValue>();
  for (const [key, v] of Object.entries(value)) {
    const name = byFold.get(key.toLowerCase());
    if (name !== undefined && v !== null) out.set(name, v);
  }
  return out;
}

function str(value: JsonValue, path: string): string {
  return typeof value === 'string' ? value : fail(path, 'string', value);
}

function list<T>(value: JsonValue, path: string, item: (v: JsonValue, p: string) => T): T[] {
  if (!Array.isArray(value)) fail(path, 'slice', value);
  return value.map((v, i) => item(v, `${path}[${i}]`));
}

function stringMap(value: JsonValue, path: string): Record<string, string> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(path, 'map[string]string', value);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, str(v, `${path}.${k}`)]));
}

/** A JSON number decoded into a Go integer: an integral literal within the type's range. */
function integer(value: JsonValue, path: string, bits: 32 | 64): number {
  if (typeof value !== 'number') fail(path, `int${bits}`, value);
  const limit = bits === 32 ? 2 ** 31 : 2 ** 63;
  if (!Number.isInteger(value) || Math.abs(value) >= 1e21 || value < -limit || value >= limit) {
    throw new ResultTypeError(
      `json: cannot unmarshal number ${value} into Go value of type int${bits} (field ${path})`,
    );
  }
  return value;
}

function requirement(value: JsonValue, path: string): JsonObject {
  const f = fields(value, path, 'NodeSelectorRequirement', ['key', 'operator', 'values']);
  const out: JsonObject = {
    key: str(f.get('key') ?? '', `${path}.key`),
    operator: str(f.get('operator') ?? '', `${path}.operator`),
  };
  const values = f.has('values') ? list(f.get('values') ?? null, `${path}.values`, str) : [];
  if (values.length > 0) out['values'] = values;
  return out;
}

function nodeSelector(value: JsonValue, path: string): JsonObject {
  const f = fields(value, path, 'NodeSelector', ['nodeSelectorTerms']);
  const terms = f.has('nodeSelectorTerms')
    ? list(f.get('nodeSelectorTerms') ?? null, `${path}.nodeSelectorTerms`, (term, p) => {
        const t = fields(term, p, 'NodeSelectorTerm', ['matchExpressions', 'matchFields']);
        const out: JsonObject = {};
        for (const name of ['matchExpressions', 'matchFields'] as const) {
          const items = t.has(name) ? list(t.get(name) ?? null, `${p}.${name}`, requirement) : [];
          if (items.length > 0) out[name] = items;
        }
        return out;
      })
    : [];
  return terms.length > 0 ? { nodeSelectorTerms: terms } : {};
}

function toleration(value: JsonValue, path: string): Toleration {
  const f = fields(value, path, 'Toleration', ['key', 'operator', 'value', 'effect', 'tolerationSeconds']);
  const out: Record<string, string | number> = {};
  for (const name of ['key', 'operator', 'value', 'effect'] as const) {
    const v = f.has(name) ? str(f.get(name) ?? '', `${path}.${name}`) : '';
    if (v !== '') out[name] = v;
  }
  if (f.has('tolerationSeconds'))
    out['tolerationSeconds'] = integer(f.get('tolerationSeconds') ?? null, `${path}.tolerationSeconds`, 64);
  return out as Toleration;
}

function nodeClaim(value: JsonValue, path: string): NonNullable<ReplicaRequirements['nodeClaim']> {
  const f = fields(value, path, 'NodeClaim', ['hardNodeAffinity', 'nodeSelector', 'tolerations']);
  const out: NonNullable<ReplicaRequirements['nodeClaim']> = {};
  if (f.has('hardNodeAffinity'))
    out.hardNodeAffinity = nodeSelector(f.get('hardNodeAffinity') ?? null, `${path}.hardNodeAffinity`);
  const selector = f.has('nodeSelector') ? stringMap(f.get('nodeSelector') ?? null, `${path}.nodeSelector`) : {};
  if (Object.keys(selector).length > 0) out.nodeSelector = selector;
  const tolerations = f.has('tolerations') ? list(f.get('tolerations') ?? null, `${path}.tolerations`, toleration) : [];
  if (tolerations.length > 0) out.tolerations = tolerations;
  return out;
}

/** A ResourceList: each quantity a string or a number (`0.5` is `500m`), printed canonically. */
function resourceList(value: JsonValue, path: string): ResourceList {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(path, 'ResourceList', value);
  const out: ResourceList = {};
  for (const [name, q] of Object.entries(value)) {
    if (typeof q !== 'string' && typeof q !== 'number') fail(`${path}.${name}`, 'Quantity', q);
    try {
      out[name] = formatQuantity(toQuantity(q));
    } catch (e) {
      throw new ResultTypeError(`${path}.${name}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return out;
}

/** ReplicaRequirements (with `namespace`) or a component's requirements (without). */
export function typedRequirements(value: JsonValue, path = 'requires', withNamespace = true): ReplicaRequirements {
  const names = ['nodeClaim', 'resourceRequest', 'priorityClassName', ...(withNamespace ? ['namespace'] : [])];
  const f = fields(value, path, 'ReplicaRequirements', names);
  const out: ReplicaRequirements = {};
  if (f.has('nodeClaim')) out.nodeClaim = nodeClaim(f.get('nodeClaim') ?? null, `${path}.nodeClaim`);
  const request = f.has('resourceRequest')
    ? resourceList(f.get('resourceRequest') ?? null, `${path}.resourceRequest`)
    : {};
  if (Object.keys(request).length > 0) out.resourceRequest = request;
  for (const name of ['namespace', 'priorityClassName'] as const) {
    const v = f.has(name) ? str(f.get(name) ?? '', `${path}.${name}`) : '';
    if (v !== '') out[name] = v;
  }
  return out;
}

/** One component: `replicas` must be a whole int32; requirements lose `namespace`. */
export function typedComponent(value: JsonValue, path: string): Component {
  const f = fields(value, path, 'Component', ['name', 'replicas', 'replicaRequirements']);
  const out: Component = {
    name: f.has('name') ? str(f.get('name') ?? '', `${path}.name`) : '',
    replicas: f.has('replicas') ? integer(f.get('replicas') ?? null, `${path}.replicas`, 32) : 0,
  };
  const requirements = f.get('replicaRequirements');
  if (requirements !== undefined)
    out.replicaRequirements = typedRequirements(requirements, `${path}.replicaRequirements`, false);
  return out;
}

function labelSelector(value: JsonValue, path: string): LabelSelector {
  const f = fields(value, path, 'LabelSelector', ['matchLabels', 'matchExpressions']);
  const out: LabelSelector = {};
  const labels = f.has('matchLabels') ? stringMap(f.get('matchLabels') ?? null, `${path}.matchLabels`) : {};
  if (Object.keys(labels).length > 0) out.matchLabels = labels;
  const expressions = f.has('matchExpressions')
    ? list(f.get('matchExpressions') ?? null, `${path}.matchExpressions`, requirement)
    : [];
  if (expressions.length > 0) out.matchExpressions = expressions as unknown as LabelSelector['matchExpressions'];
  return out;
}

/** One dependency as Karmada decodes it; validation (name or selector) is the caller's. */
export function typedDependency(value: JsonValue, path: string): DependentObjectReference {
  const f = fields(value, path, 'DependentObjectReference', [
    'apiVersion',
    'kind',
    'namespace',
    'name',
    'labelSelector',
  ]);
  const text = (name: string): string => (f.has(name) ? str(f.get(name) ?? '', `${path}.${name}`) : '');
  const out: DependentObjectReference = {
    apiVersion: text('apiVersion'),
    kind: text('kind'),
    namespace: text('namespace'),
  };
  const name = text('name');
  if (name !== '') out.name = name;
  if (f.has('labelSelector'))
    out.labelSelector = labelSelector(f.get('labelSelector') ?? null, `${path}.labelSelector`);
  return out;
}
