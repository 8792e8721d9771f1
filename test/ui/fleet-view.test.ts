import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetQuery, fleetView } from '../../src/ui/fleet-view.ts';
import { RepoReader } from '../../src/ui/repo-reader.ts';
import type { UiState } from '../../src/ui/ui-state.ts';
import { UiFleet, WEB_ID } from './helpers/ui-fleet.ts';

let fleet: UiFleet;
let state: UiState;

beforeAll(async () => {
  fleet = new UiFleet();
  await fleet.writeStatus(1);
  state = await new RepoReader({ repo: fleet.dir }).state();
});
afterAll(() => fleet?.remove());

const ids = (query: string) => fleetView(state, fleetQuery(new URLSearchParams(query))).matrix.rows.map((r) => r.id);

describe('fleetView', () => {
  it.each([
    ['', [WEB_ID, 'core/Secret/shop/db']],
    ['kind=Deployment', [WEB_ID]],
    ['namespace=shop&kind=Secret', ['core/Secret/shop/db']],
    ['health=Unhealthy', [WEB_ID]],
    ['health=Pending', ['core/Secret/shop/db']],
    ['cluster=member3', []],
    ['cluster=member1', [WEB_ID, 'core/Secret/shop/db']],
    ['label=app=web', [WEB_ID]],
    ['label=app', [WEB_ID]],
    ['label=app=api', []],
    ['q=DEPLOY', [WEB_ID]],
    ['q=shop/db', ['core/Secret/shop/db']],
  ])('?%s', (query, expected) => {
    expect(ids(query).sort()).toEqual([...expected].sort());
  });

  it("shows each placed cell's ready/desired replicas and health, and the clusters' capacity", () => {
    const view = fleetView(state, fleetQuery(new URLSearchParams('kind=Deployment')));
    expect(view.clusters.map((c) => [c.name, c.ready, c.syncMode, c.allocatable['cpu']])).toEqual([
      ['member1', true, 'Push', '8'],
      ['member2', true, 'Push', '8'],
      ['member3', true, 'Push', '8'],
    ]);
    expect(view.matrix.rows[0]?.cells).toEqual([{ text: '1/2', health: 'Unhealthy' }, { text: '1/2', health: 'Unhealthy' }, null]);
  });

  it('pages the matrix on the server, and a page past the end shows the last', () => {
    const query = fleetQuery(new URLSearchParams('page=9'));
    const view = fleetView(state, query);
    expect([view.matrix.page, view.matrix.pages, view.matrix.total]).toEqual([1, 1, 2]);
    expect(fleetQuery(new URLSearchParams('page=-3')).page).toBe(1);
  });
});
