/**
 * Validation of every object read from the repository: Karmada kinds against their v1alpha1
 * schema and Karmada's admission rules (after Karmada's defaults, as its API server would),
 * anything else as a resource template. Pure and position-free: issues carry field paths, and
 * messages carry no path (the parser adds `file:line:col`, the object and the field). It does not
 * compile Lua (the interpreter does); the one rule across objects, RIC operation conflicts, is
 * findCustomizationConflicts.
 */
import type { IsNamespaced } from '../../model/index.ts';
import { builtinIsNamespaced, isRecord } from '../../model/index.ts';
import { error, type FieldIssue } from './issues.ts';
import { karmadaKind } from './karmada-kinds.ts';
import { nameRuleFor } from './name-rules.ts';
import { checkObjectMeta } from './object-meta.ts';
import { builtinSchema } from './openapi/kube-schemas.ts';
import type { SchemaLookup } from './openapi/kind-schema.ts';
import { validateTemplate } from './template.ts';
import { jsonType, walk } from './walk.ts';

export type { FieldIssue } from './issues.ts';
export * from './customization-conflicts.ts';
export * from './openapi/crd-schemas.ts';
export type { KindSchema, SchemaLookup } from './openapi/kind-schema.ts';
export * from './openapi/kube-schemas.ts';

/** Options of validateObject. */
export interface ValidateOptions {
  /**
   * The scope of template kinds, e.g. scopeLookup(crds) to know the kinds the repository's
   * CustomResourceDefinitions declare.
   * @default builtinIsNamespaced
   */
  isNamespaced: IsNamespaced;
  /**
   * The OpenAPI schema of template kinds, e.g. schemaLookup(objects) to know the kinds the
   * repository's CustomResourceDefinitions declare too.
   * @default builtinSchema
   */
  schemaFor: SchemaLookup;
}

/** Built-in kinds only: pass scopeLookup(objects) and schemaLookup(objects) to know CRD-declared kinds too. */
export const DEFAULT_VALIDATE_OPTIONS: Readonly<ValidateOptions> = {
  isNamespaced: builtinIsNamespaced,
  schemaFor: builtinSchema,
};

/** An object's validation issues, and the object as Karmada would store it. */
export interface Validated {
  issues: FieldIssue[];
  /**
   * A Karmada kind with Karmada's admission and CRD defaults and its namespace as stored (`default`
   * when a namespaced one names none, dropped on a cluster-scoped one); a template as given.
   */
  object: unknown;
}

/** Validates one object by its apiVersion/kind: Karmada kinds against their real schema, anything else as a template. Pure. */
export function validateObject(obj: unknown, options: Partial<ValidateOptions> = {}): FieldIssue[] {
  return validateAndDefault(obj, options).issues;
}

/**
 * Validates one object as {@link validateObject} does and returns the defaulted object Karmada's
 * rules were checked on, so loading does not default it again. Pure.
 */
export function validateAndDefault(obj: unknown, options: Partial<ValidateOptions> = {}): Validated {
  const out: FieldIssue[] = [];
  if (!isRecord(obj)) {
    error(out, [], `must be of type object, got ${jsonType(obj)}`);
    return { issues: out, object: obj };
  }
  const karmada = karmadaKind(obj['apiVersion'], obj['kind']);
  if (karmada === undefined) {
    validateTemplate(
      obj,
      options.isNamespaced ?? DEFAULT_VALIDATE_OPTIONS.isNamespaced,
      options.schemaFor ?? DEFAULT_VALIDATE_OPTIONS.schemaFor,
      out,
    );
    return { issues: out, object: obj };
  }
  const prepared = karmada.prepare ? karmada.prepare(obj, out) : obj;
  const apiVersion = obj['apiVersion'] as string;
  const kind = obj['kind'] as string;
  walk(karmada.schema, prepared, [], out);
  checkObjectMeta(prepared, kind, nameRuleFor(apiVersion, kind), karmada.namespaced, out);
  karmada.check?.(prepared, out);
  return { issues: out, object: withScopedNamespace(prepared, karmada.namespaced) };
}

/**
 * The namespace as `kubectl apply` leaves it: absent on a namespaced kind means `default`; on a
 * cluster-scoped kind the API server drops it (checkObjectMeta warned). The input is not changed.
 */
export function withScopedNamespace<T extends Record<string, unknown>>(obj: T, namespaced: boolean | undefined): T {
  const metadata = obj['metadata'];
  if (!isRecord(metadata)) return obj;
  if (namespaced === false) {
    if (metadata['namespace'] === undefined) return obj;
    const { namespace: _dropped, ...rest } = metadata;
    return { ...obj, metadata: rest };
  }
  if (typeof metadata['namespace'] === 'string' && metadata['namespace'] !== '') return obj;
  return { ...obj, metadata: { ...metadata, namespace: 'default' } };
}
