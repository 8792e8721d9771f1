import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pendingBuilds } from '../../../scripts/fleet/build.ts';

const saved = process.env.FLOTILLA_BIN_CACHE;
afterEach(() => {
  if (saved === undefined) delete process.env.FLOTILLA_BIN_CACHE;
  else process.env.FLOTILLA_BIN_CACHE = saved;
});

/** What the demo announces before a cold first run's builds (item 5 of issue 33). */
describe('pendingBuilds', () => {
  it('names every component and its cold-build minutes on an empty cache, and only the missing ones after', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'flotilla-bin-cache-'));
    process.env.FLOTILLA_BIN_CACHE = cache;
    const cold = await pendingBuilds();
    expect(cold.map((b) => b.name)).toEqual(['kubernetes', 'etcd', 'kwok', 'metrics-server']);
    expect(cold.every((b) => b.coldMinutes > 0 && /^v\d/.test(b.version))).toBe(true);
    const etcd = cold.find((b) => b.name === 'etcd')!;
    mkdirSync(join(cache, `etcd-${etcd.version}`));
    writeFileSync(join(cache, `etcd-${etcd.version}`, 'etcd'), '');
    expect((await pendingBuilds()).map((b) => b.name)).toEqual(['kubernetes', 'kwok', 'metrics-server']);
  });
});
