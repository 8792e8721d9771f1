/**
 * The paths of Karmada's global proxy, `/apis/search.karmada.io/v1alpha1/proxying/karmada/proxy`
 * followed by what kubectl asks an API server: discovery (`/api`, `/apis`, `/apis/GROUP`,
 * `/api/v1`, `/apis/GROUP/VERSION`) and the member API paths of cache-path.ts, where a name asks
 * for one object rather than a list. Pure.
 */
import { SEARCH_PROXY_PATH } from '../model/index.ts';
import { type CacheRequest, parseResourcePath, segmentsUnder } from './cache-path.ts';

export type ProxyPath =
  | { kind: 'core-versions' }
  | { kind: 'groups' }
  | { kind: 'group'; group: string }
  | { kind: 'resources'; group: string; version: string }
  | { kind: 'list'; request: CacheRequest }
  | { kind: 'object'; request: CacheRequest & { name: string } }
  | { kind: 'invalid'; reason: string };

/** What a path under the proxy asks for; undefined when it is not under the proxy. */
export function parseProxyPath(pathname: string): ProxyPath | undefined {
  const parts = segmentsUnder(SEARCH_PROXY_PATH, pathname);
  if (parts === undefined) return undefined;
  if (!Array.isArray(parts)) return { kind: 'invalid', reason: parts.invalid };
  const [root, ...rest] = parts;
  if (root === 'api' && rest.length === 0) return { kind: 'core-versions' };
  if (root === 'apis' && rest.length === 0) return { kind: 'groups' };
  if (root === 'apis' && rest.length === 1) return { kind: 'group', group: rest[0] as string };
  if (root === 'api' && rest.length === 1) return { kind: 'resources', group: '', version: rest[0] as string };
  if (root === 'apis' && rest.length === 2)
    return { kind: 'resources', group: rest[0] as string, version: rest[1] as string };
  const path = parseResourcePath(parts);
  if (path.kind === 'invalid') return path;
  const { name } = path.request;
  return name === undefined ? path : { kind: 'object', request: { ...path.request, name } };
}
