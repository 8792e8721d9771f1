/** The views' permalinks: the path names the view, the query its filters. */

export type Route =
  | { view: 'fleet'; query: URLSearchParams }
  | { view: 'template'; id: string }
  | { view: 'change'; commit?: string; base?: string }
  | { view: 'controllers' };

export function parseRoute(location: { pathname: string; search: string }): Route {
  const path = location.pathname;
  if (path.startsWith('/template/'))
    return { view: 'template', id: decodeURIComponent(path.slice('/template/'.length)) };
  if (path === '/change' || path.startsWith('/change/')) {
    const commit = path === '/change' ? '' : path.slice('/change/'.length);
    const base = new URLSearchParams(location.search).get('base');
    return { view: 'change', ...(commit ? { commit } : {}), ...(base ? { base } : {}) };
  }
  if (path === '/controllers') return { view: 'controllers' };
  return { view: 'fleet', query: new URLSearchParams(location.search) };
}

/** The path of a template's page: each part of the id encoded, the slashes kept. */
export const templatePath = (id: string): string => `/template/${id.split('/').map(encodeURIComponent).join('/')}`;

/** Moves to `href` without a reload; the app re-renders on the `popstate` it dispatches. */
export function navigate(href: string): void {
  history.pushState(null, '', href);
  dispatchEvent(new PopStateEvent('popstate'));
}
