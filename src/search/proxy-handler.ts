/**
 * Karmada's global proxy over the search cache (`…/proxying/karmada/proxy`): what kubectl needs
 * of an API server to get, list and watch the cached kinds of every member through one
 * kubeconfig context — discovery, lists with selectors, one object by name, watches, as objects
 * or as kubectl's Tables (table.ts). Reads only:
 * the server refuses every other verb before it gets here. What the cache does not hold is not
 * there: Karmada forwards it to its control plane's API server, which a git engine does not have.
 */
import type { ServerResponse } from 'node:http';
import type { SearchCacheView } from '../controllers/index.ts';
import { getObject, list } from './cache-list.ts';
import { watch } from './cache-watch.ts';
import { apiGroup, coreVersions, groupList, resourceList } from './discovery.ts';
import type { ProxyPath } from './proxy-path.ts';
import { sendJson, status } from './responses.ts';
import { answerShape } from './table.ts';

const isWatch = (params: URLSearchParams): boolean => params.get('watch') === '1' || params.get('watch') === 'true';

export async function answerProxy(
  res: ServerResponse,
  cache: SearchCacheView,
  path: ProxyPath,
  params: URLSearchParams,
  accept: string | undefined,
): Promise<void> {
  if (path.kind === 'list' || path.kind === 'object') {
    const shape = answerShape(accept, params, Date.now());
    if (typeof shape === 'string') return status(res, 400, shape);
    if (isWatch(params)) return watch(res, cache, path.request, params, shape);
    return path.kind === 'list'
      ? list(res, cache, path.request, params, shape)
      : getObject(res, cache, path.request, shape);
  }
  switch (path.kind) {
    case 'core-versions':
      return sendJson(res, coreVersions());
    case 'groups':
      return sendJson(res, groupList(cache.resources()));
    case 'group': {
      const found = apiGroup(cache.resources(), path.group);
      return found
        ? sendJson(res, found)
        : status(res, 404, `the search cache holds nothing of the group ${path.group}`);
    }
    case 'resources': {
      const found = resourceList(cache.resources(), path.group, path.version);
      const gv = path.group === '' ? path.version : `${path.group}/${path.version}`;
      return found ? sendJson(res, found) : status(res, 404, `the search cache holds nothing of ${gv}`);
    }
    case 'invalid':
      return status(res, 404, path.reason);
  }
}
