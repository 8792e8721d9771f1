import {
  describeRef,
  formatFieldPath,
  groupOf,
  refKey,
  refOf,
  scopeLookup,
  type IsNamespaced,
} from '../../model/index.ts';
import type { Diagnostic, FeatureGates, FieldPath, KubeObject, SourceObject } from '../../model/index.ts';
import type { ParsedSources } from '../parse/parse-sources.ts';
import {
  findCustomizationConflicts,
  schemaLookup,
  validateAndDefault,
  withScopedNamespace,
  type KindSchema,
  type SchemaLookup,
  type Validated,
} from '../validate/index.ts';
import { classify } from './classify.ts';
import { derivedServices } from './derived-services.ts';
import { unimplementedNotices } from './unimplemented.ts';
import type { ObjectRole } from './classify.ts';
import { emptyFleet, type Fleet } from './fleet.ts';

function describeObject(obj: KubeObject): string {
  const name = typeof obj.metadata?.name === 'string' ? obj.metadata.name : '<unnamed>';
  const ns = typeof obj.metadata?.namespace === 'string' ? obj.metadata.namespace : '';
  return describeRef({ apiVersion: obj.apiVersion, kind: obj.kind, namespace: ns, name });
}

function diagnosticAt(
  parsed: ParsedSources,
  source: SourceObject,
  path: FieldPath,
  severity: Diagnostic['severity'],
  message: string,
): Diagnostic {
  const where = parsed.locate(source, path);
  const object = describeObject(source.object);
  const field = formatFieldPath(path);
  const prefix = field ? `${object}: ${field}: ` : `${object}: `;
  return { ...where, severity, message: prefix + message, object, ...(field ? { field } : {}) };
}

/** Karmada's own kinds are never templates; one Flotilla has no controller for is said to be so. */
function ignoredMessage(obj: KubeObject): string {
  const what = `${obj.apiVersion} ${obj.kind}`;
  return groupOf(obj.apiVersion).endsWith('.karmada.io')
    ? `${what}: Flotilla does not act on this Karmada kind, and never propagates it; ignored`
    : `${what} is never propagated; ignored`;
}

function identityOf(role: ObjectRole, obj: KubeObject): string {
  return role === 'template' ? refKey(refOf(obj)) : `${role}/${obj.metadata.namespace ?? ''}/${obj.metadata.name}`;
}

/** Where each role's objects go in the Fleet; roles not listed are not kept (read, validated, warned about). */
const FLEET_FIELD = {
  template: 'templates',
  PropagationPolicy: 'propagationPolicies',
  ClusterPropagationPolicy: 'clusterPropagationPolicies',
  OverridePolicy: 'overridePolicies',
  ClusterOverridePolicy: 'clusterOverridePolicies',
  Cluster: 'clusters',
  ResourceInterpreterCustomization: 'customizations',
  ClusterTaintPolicy: 'clusterTaintPolicies',
  FederatedResourceQuota: 'federatedResourceQuotas',
  WorkloadRebalancer: 'workloadRebalancers',
  ResourceRegistry: 'resourceRegistries',
  MultiClusterService: 'multiClusterServices',
  MultiClusterIngress: 'multiClusterIngresses',
  FederatedHPA: 'federatedHPAs',
  CronFederatedHPA: 'cronFederatedHPAs',
} as const satisfies Partial<Record<ObjectRole, keyof Fleet>>;

function place(fleet: Fleet, role: ObjectRole, source: SourceObject): void {
  const field = (FLEET_FIELD as Partial<Record<ObjectRole, (typeof FLEET_FIELD)[keyof typeof FLEET_FIELD]>>)[role];
  // Validation checked each object against its kind's schema, so it has the shape of its field's type.
  if (field) (fleet[field] as SourceObject[]).push(source);
}

/** A validation and the scope and schema answers it asked for, which are all it depends on besides the object. */
interface ValidationMemo {
  result: Validated;
  asked: { apiVersion: string; kind: string; namespaced: boolean | undefined }[];
  schemas: { apiVersion: string; kind: string; schema: KindSchema | undefined }[];
}

/** What an object's validation asks about kinds: scopes and schemas, from the repository's CRDs too. */
interface KindLookups {
  isNamespaced: IsNamespaced;
  schemaFor: SchemaLookup;
}

/**
 * Validations by parsed object. Parsed objects are never changed and the run loop's parse cache
 * hands the same object back while its path and blob are unchanged, so an unchanged file is not
 * validated again, and its defaulted policies are shared between loads like the parsed objects;
 * an entry lives as long as its object.
 */
const validations = new WeakMap<object, ValidationMemo>();

/**
 * validateAndDefault, memoised by object. Kind scopes and schemas come from the repository's CRDs,
 * which may change while the object does not: the memo is used only while every scope and schema
 * the validation asked for is still answered the same (an unchanged CRD keeps its compiled schema).
 */
function validateOnce(obj: KubeObject, { isNamespaced, schemaFor }: KindLookups): Validated {
  const memo = validations.get(obj);
  if (
    memo?.asked.every((a) => isNamespaced(a.apiVersion, a.kind) === a.namespaced) &&
    memo.schemas.every((s) => schemaFor(s.apiVersion, s.kind) === s.schema)
  ) {
    return memo.result;
  }
  const asked: ValidationMemo['asked'] = [];
  const schemas: ValidationMemo['schemas'] = [];
  const recording: KindLookups = {
    isNamespaced: (apiVersion, kind) => {
      const namespaced = isNamespaced(apiVersion, kind);
      asked.push({ apiVersion, kind, namespaced });
      return namespaced;
    },
    schemaFor: (apiVersion, kind) => {
      const schema = schemaFor(apiVersion, kind);
      schemas.push({ apiVersion, kind, schema });
      return schema;
    },
  };
  const result = validateAndDefault(obj, recording);
  validations.set(obj, { result, asked, schemas });
  return result;
}

/**
 * Validates, classifies and defaults every parsed object. An invalid object is reported with
 * its file, line, field and message and left out; two objects with one identity are both
 * reported (naming each other's file) and only the first, in path order, is kept.
 */
export function loadFleet(
  parsed: ParsedSources,
  featureGates: FeatureGates = {},
): { fleet: Fleet; diagnostics: Diagnostic[] } {
  const objects = parsed.objects.map((o) => o.object);
  const fleet = emptyFleet(scopeLookup(objects));
  const lookups: KindLookups = { isNamespaced: fleet.isNamespaced, schemaFor: schemaLookup(objects) };
  const diagnostics: Diagnostic[] = [];
  const seen = new Map<string, SourceObject>();
  for (const source of parsed.objects) {
    const { issues, object: defaulted } = validateOnce(source.object, lookups);
    for (const issue of issues)
      diagnostics.push(diagnosticAt(parsed, source, issue.path, issue.severity, issue.message));
    if (issues.some((i) => i.severity === 'error')) continue;
    const role = classify(source.object);
    if (role === 'ignored') {
      diagnostics.push(diagnosticAt(parsed, source, [], 'warning', ignoredMessage(source.object)));
      continue;
    }
    for (const notice of unimplementedNotices(role, defaulted as KubeObject, featureGates)) {
      diagnostics.push(diagnosticAt(parsed, source, notice.path, 'warning', notice.message));
    }
    const namespaced = fleet.isNamespaced(source.object.apiVersion, source.object.kind);
    if (role === 'template' && namespaced === undefined && !source.object.metadata.namespace) {
      diagnostics.push(
        diagnosticAt(
          parsed,
          source,
          ['metadata'],
          'warning',
          `the scope of ${source.object.apiVersion} ${source.object.kind} is unknown (no CustomResourceDefinition for it in the repository); taken as namespaced, in "default"`,
        ),
      );
    }
    const object = role === 'template' ? withScopedNamespace(source.object, namespaced) : (defaulted as KubeObject);
    const key = identityOf(role, object);
    const first = seen.get(key);
    if (first) {
      const where = (s: SourceObject): string => `${s.origin.file}:${s.origin.line}`;
      diagnostics.push(
        diagnosticAt(
          parsed,
          first,
          [],
          'error',
          `defined more than once: also at ${where(source)}; only this one is used`,
        ),
      );
      diagnostics.push(
        diagnosticAt(
          parsed,
          source,
          [],
          'error',
          `defined more than once: first at ${where(first)}; this one is ignored`,
        ),
      );
      continue;
    }
    seen.set(key, source);
    place(fleet, role, object === source.object ? source : { ...source, object });
  }
  const derived = derivedServices(fleet.templates);
  fleet.templates.push(...derived.services);
  for (const n of derived.notices) diagnostics.push(diagnosticAt(parsed, n.source, n.path, n.severity, n.message));
  const rics = fleet.customizations;
  for (const { index, issue } of findCustomizationConflicts(rics.map((r) => r.object))) {
    diagnostics.push(diagnosticAt(parsed, rics[index] as SourceObject, issue.path, issue.severity, issue.message));
  }
  return { fleet, diagnostics };
}
