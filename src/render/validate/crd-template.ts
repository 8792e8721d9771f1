/**
 * A CustomResourceDefinition template declares the scope of its kind when no cluster can be
 * asked (README.md#commands), so the fields scopeLookup reads are checked the way the API server
 * checks them (apiextensions validation): group, names, scope, and the name they make.
 */
import { isRecord } from '../../model/index.ts';
import { error, invalidMessage, requiredMessage, unsupportedMessage, type IssueSink } from './issues.ts';
import { isDNS1123Subdomain } from './names.ts';

const SCOPES = ['Cluster', 'Namespaced'];

function requiredString(
  parent: Record<string, unknown>,
  key: string,
  path: (string | number)[],
  out: IssueSink,
): string | undefined {
  const value = parent[key];
  if (typeof value === 'string' && value !== '') return value;
  error(out, [...path, key], requiredMessage());
  return undefined;
}

/** Checks the scope-defining fields of an apiextensions.k8s.io CustomResourceDefinition. */
export function checkCustomResourceDefinition(crd: Record<string, unknown>, out: IssueSink): void {
  const spec = crd['spec'];
  if (!isRecord(spec)) return error(out, ['spec'], requiredMessage());
  const group = requiredString(spec, 'group', ['spec'], out);
  if (group !== undefined) {
    for (const msg of isDNS1123Subdomain(group)) error(out, ['spec', 'group'], invalidMessage(group, msg));
    if (!group.includes('.'))
      error(out, ['spec', 'group'], invalidMessage(group, 'should be a domain with at least one dot'));
  }
  const scope = spec['scope'];
  if (scope === undefined || scope === null || scope === '') error(out, ['spec', 'scope'], requiredMessage());
  else if (typeof scope !== 'string' || !SCOPES.includes(scope))
    error(out, ['spec', 'scope'], unsupportedMessage(scope, SCOPES));
  const names = spec['names'];
  if (!isRecord(names)) return error(out, ['spec', 'names'], requiredMessage());
  const plural = requiredString(names, 'plural', ['spec', 'names'], out);
  requiredString(names, 'kind', ['spec', 'names'], out);
  const name = isRecord(crd['metadata']) ? crd['metadata']['name'] : undefined;
  if (plural !== undefined && group !== undefined && typeof name === 'string' && name !== `${plural}.${group}`) {
    error(out, ['metadata', 'name'], invalidMessage(name, 'must be spec.names.plural+"."+spec.group'));
  }
}
