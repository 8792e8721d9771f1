/**
 * Karmada's search cache paths, parsed: `/apis/search.karmada.io/v1alpha1/search/cache` followed
 * by a member API path — `/api/v1/<plural>` for the core group, `/apis/<group>/<version>/<plural>`
 * otherwise, with `/namespaces/<ns>` before the plural and `/<name>` after it when given (Karmada's
 * parseK8sNativeResourceInfo, in the project's words). The prefix alone asks which resources the
 * cache holds. Pure.
 */
import { SEARCH_CACHE_PATH } from '../model/index.ts';

/** A list request on the cache. */
export interface CacheRequest {
  group: string;
  version: string;
  resource: string;
  namespace?: string;
  name?: string;
}

/** What a path under the prefix asks for: the resource list, a list, or nothing the cache serves. */
export type CachePath =
  | { kind: 'resources' }
  | { kind: 'list'; request: CacheRequest }
  | { kind: 'invalid'; reason: string };

export function parseCachePath(pathname: string): CachePath | undefined {
  if (pathname !== SEARCH_CACHE_PATH && !pathname.startsWith(`${SEARCH_CACHE_PATH}/`)) return undefined;
  let parts: string[];
  try {
    parts = pathname
      .slice(SEARCH_CACHE_PATH.length)
      .split('/')
      .filter((p) => p !== '')
      .map(decodeURIComponent);
  } catch {
    return { kind: 'invalid', reason: `not a valid path (a % escape that decodes to nothing): ${pathname}` };
  }
  if (parts.length === 0) return { kind: 'resources' };
  const [prefix, ...rest] = parts;
  if (prefix !== 'api' && prefix !== 'apis')
    return {
      kind: 'invalid',
      reason: `not a member API path: /${parts.join('/')} (want api/v1/... or apis/GROUP/VERSION/...)`,
    };
  const group = prefix === 'api' ? '' : (rest.shift() ?? '');
  const version = rest.shift() ?? '';
  if (version === '' || rest.length === 0) return { kind: 'invalid', reason: `no resource in /${parts.join('/')}` };
  // namespaces/NS/RESOURCE[/NAME] is a namespaced request; namespaces[/NAME] is the Namespace resource itself.
  const namespaced = rest[0] === 'namespaces' && rest.length >= 3;
  const namespace = namespaced ? rest[1] : undefined;
  const [resource = '', name, ...extra] = namespaced ? rest.slice(2) : rest;
  if (extra.length > 0) return { kind: 'invalid', reason: `subresources are not cached: /${parts.join('/')}` };
  return {
    kind: 'list',
    request: {
      group,
      version,
      resource,
      ...(namespace !== undefined ? { namespace } : {}),
      ...(name !== undefined ? { name } : {}),
    },
  };
}
