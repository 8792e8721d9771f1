/**
 * Karmada's search cache paths, parsed: `/apis/search.karmada.io/v1alpha1/search/cache` followed
 * by a member API path — `/api/v1/<plural>` for the core group, `/apis/<group>/<version>/<plural>`
 * otherwise, with `/namespaces/<ns>` before the plural and `/<name>` after it when given (Karmada's
 * parseK8sNativeResourceInfo, in the project's words). The prefix alone asks which resources the
 * cache holds. The proxy's paths (proxy-path.ts) end in the same member API paths. Pure.
 */
import { SEARCH_CACHE_PATH } from '../model/index.ts';

/** A request for a resource: a list, or with a name one object. */
export interface CacheRequest {
  group: string;
  version: string;
  resource: string;
  namespace?: string;
  name?: string;
}

/** A member API path read, or why it is none. */
export type ResourcePath = { kind: 'list'; request: CacheRequest } | { kind: 'invalid'; reason: string };

/** What a path under the prefix asks for: the resource list, a list, or nothing the cache serves. */
export type CachePath = { kind: 'resources' } | ResourcePath;

/** The segments of `pathname` after `prefix`, decoded; undefined when it is not under the prefix. */
export function segmentsUnder(prefix: string, pathname: string): string[] | { invalid: string } | undefined {
  if (pathname !== prefix && !pathname.startsWith(`${prefix}/`)) return undefined;
  try {
    return pathname
      .slice(prefix.length)
      .split('/')
      .filter((p) => p !== '')
      .map(decodeURIComponent);
  } catch {
    return { invalid: `not a valid path (a % escape that decodes to nothing): ${pathname}` };
  }
}

/** `api/v1/…` or `apis/GROUP/VERSION/…`, down to a resource and maybe a namespace and a name. */
export function parseResourcePath(parts: readonly string[]): ResourcePath {
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

export function parseCachePath(pathname: string): CachePath | undefined {
  const parts = segmentsUnder(SEARCH_CACHE_PATH, pathname);
  if (parts === undefined) return undefined;
  if (!Array.isArray(parts)) return { kind: 'invalid', reason: parts.invalid };
  if (parts.length === 0) return { kind: 'resources' };
  return parseResourcePath(parts);
}
