/**
 * Validation of a resource template (anything that is not a Karmada kind): apiVersion and kind
 * well-formed, metadata valid, the name valid for the kind, namespace consistent with the scope.
 */
import type { IsNamespaced } from '../../model/index.ts';
import { formatFieldPath, groupOf, versionOf } from '../../model/index.ts';
import { checkCustomResourceDefinition } from './crd-template.ts';
import { checkObjectFields } from './openapi/check.ts';
import type { SchemaLookup } from './openapi/kind-schema.ts';
import { error, invalidMessage, requiredMessage, unsupportedMessage, type IssueSink } from './issues.ts';
import { KARMADA_KINDS, karmadaApiVersionOf } from './karmada-kinds.ts';
import { nameRuleFor } from './name-rules.ts';
import { isDNS1035Label, isDNS1123Label, isDNS1123Subdomain } from './names.ts';
import { checkObjectMeta } from './object-meta.ts';
import { objectMeta } from './schemas/meta.ts';
import { checkSecret } from './secret-template.ts';
import { closestName } from './suggest.ts';
import { jsonType, walk } from './walk.ts';

function wellFormedApiVersion(apiVersion: string): boolean {
  const parts = apiVersion.split('/');
  if (parts.length > 2) return false;
  if (parts.length === 2 && isDNS1123Subdomain(groupOf(apiVersion)).length > 0) return false;
  return isDNS1123Label(versionOf(apiVersion)).length === 0;
}

/** A required string field at the top of the object; returns it when present and a string. */
function topString(obj: Record<string, unknown>, key: string, out: IssueSink): string | undefined {
  const value = obj[key];
  if (value === undefined || value === null || value === '') return void error(out, [key], requiredMessage());
  if (typeof value !== 'string') return void error(out, [key], `must be of type string, got ${jsonType(value)}`);
  return value;
}

/** A Karmada kind in another version, or a misspelt one in a Karmada kind's group, is an error. */
function checkKarmadaKind(apiVersion: string, kind: string, out: IssueSink): boolean {
  const karmadaVersion = karmadaApiVersionOf(kind);
  if (karmadaVersion !== undefined && groupOf(karmadaVersion) === groupOf(apiVersion)) {
    error(out, ['apiVersion'], unsupportedMessage(apiVersion, [karmadaVersion]));
    return false;
  }
  const sameGroup = KARMADA_KINDS.filter(([v]) => groupOf(v) === groupOf(apiVersion)).map(([, k]) => k);
  const guess = karmadaVersion === undefined ? closestName(kind, sameGroup) : undefined;
  if (guess === undefined) return true;
  error(out, ['kind'], invalidMessage(kind, `not a kind Flotilla reads, did you mean ${JSON.stringify(guess)}?`));
  return false;
}

function checkApiVersion(apiVersion: string, kind: string | undefined, out: IssueSink): boolean {
  if (!wellFormedApiVersion(apiVersion)) {
    error(
      out,
      ['apiVersion'],
      invalidMessage(
        apiVersion,
        'must be VERSION or GROUP/VERSION, with a lowercase RFC 1123 subdomain GROUP and a lowercase RFC 1123 label VERSION',
      ),
    );
    return false;
  }
  return kind === undefined || checkKarmadaKind(apiVersion, kind, out);
}

/** What the other checks of a template own, so the schema check leaves it alone. */
const OWNED = new Set(['apiVersion', 'kind', 'metadata', 'status']);
/** A Secret's values are checked by checkSecret, whose messages never show them. */
const OWNED_IN_SECRET = new Set([...OWNED, 'data', 'stringData']);

/**
 * Checks the fields of a template against its kind's OpenAPI schema, as the API server Karmada
 * creates templates in would (docs/karmada-compatibility.md#templates-against-their-schemas).
 * Status is left out: it is never sent to a member.
 */
function checkSchema(
  obj: Record<string, unknown>,
  apiVersion: string,
  kind: string,
  schemaFor: SchemaLookup,
  out: IssueSink,
): void {
  const schema = schemaFor(apiVersion, kind);
  if (schema === undefined) return;
  const owned = kind === 'Secret' && apiVersion === 'v1' ? OWNED_IN_SECRET : OWNED;
  checkObjectFields(schema.root, obj, owned, schema.resolve, out);
}

/** Checks one template; `isNamespaced` answers the scope of its kind, `schemaFor` its schema. */
export function validateTemplate(
  obj: Record<string, unknown>,
  isNamespaced: IsNamespaced,
  schemaFor: SchemaLookup,
  out: IssueSink,
): void {
  const apiVersion = topString(obj, 'apiVersion', out);
  const kind = topString(obj, 'kind', out);
  if (kind !== undefined && isDNS1035Label(kind.toLowerCase()).length > 0) {
    error(
      out,
      ['kind'],
      invalidMessage(kind, 'may have mixed case, but should otherwise match: [a-z]([-a-z0-9]*[a-z0-9])?'),
    );
  }
  const apiVersionOk = apiVersion !== undefined && checkApiVersion(apiVersion, kind, out);
  if (obj['metadata'] !== undefined && obj['metadata'] !== null) walk(objectMeta, obj['metadata'], ['metadata'], out);
  if (apiVersion === undefined || kind === undefined || !apiVersionOk) {
    checkObjectMeta(obj, kind ?? '', isDNS1123Subdomain, undefined, out);
    return;
  }
  checkObjectMeta(obj, kind, nameRuleFor(apiVersion, kind), isNamespaced(apiVersion, kind), out);
  if (kind === 'CustomResourceDefinition' && groupOf(apiVersion) === 'apiextensions.k8s.io') {
    checkCustomResourceDefinition(obj, out);
  }
  if (kind === 'Secret' && apiVersion === 'v1') checkSecret(obj, out);
  const before = out.length;
  checkSchema(obj, apiVersion, kind, schemaFor, out);
  dropRepeated(out, before);
}

/** The schema check may find what a rule above already reported (a CRD's `Required value`s): said once. */
function dropRepeated(out: IssueSink, from: number): void {
  const said = new Set(out.slice(0, from).map((i) => `${formatFieldPath(i.path)}\u0000${i.message}`));
  let kept = from;
  for (let i = from; i < out.length; i++) {
    const issue = out[i]!;
    if (!said.has(`${formatFieldPath(issue.path)}\u0000${issue.message}`)) out[kept++] = issue;
  }
  out.length = kept;
}
