/**
 * The view's JSON endpoints, one per view, each answering from the source's current state. Every
 * body goes out through {@link sendJson}, which masks the fleet's Secret values.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { controllerSections } from './controller-sections.ts';
import { fleetQuery, fleetView } from './fleet-view.ts';
import { sendError, sendJson } from './responses.ts';
import { templateView } from './template-view.ts';
import type { UiSource } from './ui-source.ts';

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
    case '/api/fleet':
      json(fleetView(state, fleetQuery(url.searchParams)));
      return true;
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
