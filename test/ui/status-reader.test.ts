import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NativeGitStore } from '../../src/source/index.ts';
import { readStatusBranch } from '../../src/status/index.ts';
import { StatusReader } from '../../src/ui/status-reader.ts';
import { UiFleet } from './helpers/ui-fleet.ts';

let fleet: UiFleet;
let store: NativeGitStore;
beforeAll(() => {
  fleet = new UiFleet();
  store = new NativeGitStore(join(fleet.dir, '.git'));
});
afterAll(() => fleet?.remove());

describe('StatusReader', () => {
  it('reads nothing before the first status commit', async () => {
    expect(await new StatusReader().read(store, 'status')).toBeUndefined();
  });

  it('keeps an unchanged binding view as parsed, parses a changed one, and agrees with the full reader', async () => {
    const reader = new StatusReader();
    await fleet.writeStatus(1);
    const first = await reader.read(store, 'status');
    const again = await reader.read(store, 'status');
    expect(again?.templates[0]).toBe(first?.templates[0]);
    await fleet.writeStatus(2, '2026-12-04T13:00:00Z');
    const moved = await reader.read(store, 'status');
    expect(moved?.templates[0]).not.toBe(first?.templates[0]);
    expect(moved?.templates.map((t) => t.health)).toEqual(['Healthy']);
    const full = await readStatusBranch(store);
    expect(moved?.commit).toBe(full?.commit);
    expect(moved?.templates).toEqual(full?.templates);
    expect(moved?.clusters).toEqual(full?.clusters);
    expect(moved?.summary).toEqual(full?.summary);
    expect(moved?.autoscaling).toEqual(full?.autoscaling);
  });
});
