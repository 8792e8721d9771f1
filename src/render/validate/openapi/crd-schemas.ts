/**
 * The schemas the repository's CustomResourceDefinitions declare: each served version's
 * openAPIV3Schema checks the custom resources of that group, version and kind in the same commit.
 */
import { isRecord } from '../../../model/index.ts';
import { compileSchema } from './compile.ts';
import type { KindSchema, SchemaLookup } from './kind-schema.ts';
import { builtinSchema } from './kube-schemas.ts';
import { mcsApiSchema } from './mcs-api-schemas.ts';

/** A CRD's schema has no `$ref`. */
const noRefs = () => ({});

/** Compiled schemas by their openAPIV3Schema object: an unchanged CRD file is not compiled again. */
const compiled = new WeakMap<object, KindSchema>();

function kindSchema(openAPIV3Schema: Record<string, unknown>): KindSchema {
  let schema = compiled.get(openAPIV3Schema);
  if (schema === undefined) {
    schema = { root: compileSchema(openAPIV3Schema), resolve: noRefs };
    compiled.set(openAPIV3Schema, schema);
  }
  return schema;
}

/** `group/version/Kind` → openAPIV3Schema of every served version of one apiextensions.k8s.io/v1 CRD. */
function versionSchemas(obj: unknown): [string, Record<string, unknown>][] {
  if (!isRecord(obj) || obj['apiVersion'] !== 'apiextensions.k8s.io/v1' || obj['kind'] !== 'CustomResourceDefinition') {
    return [];
  }
  const spec = obj['spec'];
  if (!isRecord(spec) || typeof spec['group'] !== 'string' || !isRecord(spec['names'])) return [];
  const kind = spec['names']['kind'];
  if (typeof kind !== 'string' || !Array.isArray(spec['versions'])) return [];
  const out: [string, Record<string, unknown>][] = [];
  for (const version of spec['versions']) {
    if (!isRecord(version) || typeof version['name'] !== 'string' || version['served'] === false) continue;
    const schema = isRecord(version['schema']) ? version['schema']['openAPIV3Schema'] : undefined;
    if (isRecord(schema)) out.push([`${spec['group']}/${version['name']}/${kind}`, schema]);
  }
  return out;
}

/**
 * The schemas of the kinds the CRDs among `objects` declare; of two CRDs of one kind the first
 * wins, as loading keeps the first of two objects with one name. Kinds no CRD declares get
 * undefined: they are not checked.
 */
export function crdSchemaLookup(objects: Iterable<unknown>): SchemaLookup {
  const declared = new Map<string, Record<string, unknown>>();
  for (const obj of objects) {
    for (const [key, schema] of versionSchemas(obj)) if (!declared.has(key)) declared.set(key, schema);
  }
  return (apiVersion, kind) => {
    const schema = declared.get(`${apiVersion}/${kind}`);
    return schema ? kindSchema(schema) : undefined;
  };
}

/**
 * The schemas of template kinds: built-in kinds first, so a CRD cannot change one (as for scopes),
 * then the kinds the CRDs among `objects` declare, then the MCS API kinds whose CRDs Karmada installs itself (a
 * repository's own CRD for one replaces Karmada's, as applying it to Karmada's API server would).
 */
export function schemaLookup(objects: Iterable<unknown>): SchemaLookup {
  const declared = crdSchemaLookup(objects);
  return (apiVersion, kind) =>
    builtinSchema(apiVersion, kind) ?? declared(apiVersion, kind) ?? mcsApiSchema(apiVersion, kind);
}
