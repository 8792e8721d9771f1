import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstViewBody } from '../../src/ui/api.ts';
import { fleetQuery, fleetView, isFirstView } from '../../src/ui/fleet-view.ts';
import { RepoReader } from '../../src/ui/repo-reader.ts';
import { jsonBody } from '../../src/ui/responses.ts';
import { type UiState, uiState } from '../../src/ui/ui-state.ts';
import { SECRET_VALUE, UiFleet } from './helpers/ui-fleet.ts';

let fleet: UiFleet;
let reader: RepoReader;
let state: UiState;

beforeAll(async () => {
  fleet = new UiFleet();
  await fleet.writeStatus(1);
  reader = new RepoReader({ repo: fleet.dir });
  state = await reader.state();
});
afterAll(() => fleet?.remove());

/** What a state shows, without the objects it shares with another. */
const shown = (s: UiState) => ({
  version: s.version,
  rows: s.rows,
  byId: [...s.byId.keys()],
  fleet: fleetView(s, { page: 1 }),
});

describe('uiState after a status-only move', () => {
  it('shows what a state built from scratch shows, sharing the placement it kept', async () => {
    await fleet.writeStatus(2, '2026-12-04T12:00:00Z');
    const moved = await reader.withStatus(state);
    const { document: _document, ...input } = moved.input;
    const scratch = uiState(input);
    expect(moved.version).not.toBe(state.version);
    expect(shown(moved)).toEqual(shown(scratch));
    expect(moved.rows[0]?.placed).toBe(state.rows[0]?.placed);
    expect(moved.rows.map((r) => r.health)).not.toEqual(state.rows.map((r) => r.health));
  });
});

describe('the first fleet view, made once per state', () => {
  it.each([
    ['', true],
    ['page=1', true],
    ['page=2', false],
    ['kind=Deployment', false],
    ['q=web', false],
  ])('?%s is the first view: %s', (query, first) => {
    expect(isFirstView(fleetQuery(new URLSearchParams(query)))).toBe(first);
  });

  it('is the body an unfiltered first page gets, made once, Secret values masked', () => {
    const body = firstViewBody(state);
    expect(body.toString()).toBe(jsonBody(fleetView(state, fleetQuery(new URLSearchParams())), state.secrets).toString());
    expect(firstViewBody(state)).toBe(body);
    expect(body.toString()).not.toContain(SECRET_VALUE);
  });
});
