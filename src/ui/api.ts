/**
 * The view's JSON endpoints, one per view, each answering from the source's current state. Every
 * body goes out through {@link sendJson}, which masks the fleet's Secret values.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { controllerSections } from './controller-sections.ts';
import { fleetQuery, fleetView, isFirstView } from './fleet-view.ts';
import { jsonBody, sendError, sendJson, sendJsonBody } from './responses.ts';
import { templateView } from './template-view.ts';
import type { UiSource } from './ui-source.ts';
import type { UiState } from './ui-state.ts';

/**
 * Each state's first fleet page (what `/` opens on), made once: every open page asks for it again
 * at each new version, and a first view finds it ready (docs/benchmarks.md, "Web view").
 */
const firstViews = new WeakMap<UiState, Buffer>();

/** The first fleet page's body for `state`, made now if it is not yet. */
export function firstViewBody(state: UiState): Buffer {
  let body = firstViews.get(state);
  if (body === undefined) {
    body = jsonBody(fleetView(state, { page: 1 }), state.secrets);
    firstViews.set(state, body);
  }
  return body;
}

/** Answers `/api/<view>`; false when no endpoint has that name. */
export async function answerApi(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  source: UiSource,
): Promise<boolean> {
  const state = source.current();
  if (state === undefined) {
    sendError(req, res, 503, 'the fleet is still being read');
    return true;
  }
  const json = (value: unknown, code = 200) => sendJson(req, res, code, value, state.secrets);
  switch (url.pathname) {
    case '/api/fleet': {
      const query = fleetQuery(url.searchParams);
      if (isFirstView(query)) sendJsonBody(req, res, 200, firstViewBody(state));
      else json(fleetView(state, query));
      return true;
    }
    case '/api/template': {
      const id = url.searchParams.get('id') ?? '';
      const row = state.byId.get(id);
      const view = row ? templateView(state, id, await source.history(id)) : undefined;
      if (view === undefined)
        sendError(req, res, 404, `no template ${id} at ${state.document.source.commit.slice(0, 12)}`);
      else json(view);
      return true;
    }
    case '/api/change': {
      const commit = url.searchParams.get('commit') || undefined;
      const base = url.searchParams.get('base') || undefined;
      try {
        json(await source.change(commit, base));
      } catch (error) {
        sendError(req, res, error instanceof RangeError ? 400 : 404, (error as Error).message);
      }
      return true;
    }
    case '/api/controllers':
      json({ version: state.version, sections: controllerSections(state.input.status) });
      return true;
    default:
      return false;
  }
}
