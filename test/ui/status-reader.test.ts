import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_SECTIONS } from '../../src/controllers/index.ts';
import { NativeGitStore } from '../../src/source/index.ts';
import type { TemplateStatus } from '../../src/status/index.ts';
import { commitMessage, readStatusBranch, statusFiles, writeStatusBranch } from '../../src/status/index.ts';
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
    const full = await readStatusBranch(store, RECORD_SECTIONS);
    expect(moved?.commit).toBe(full?.commit);
    expect(moved?.templates).toEqual(full?.templates);
    expect(moved?.clusters).toEqual(full?.clusters);
    expect(moved?.summary).toEqual(full?.summary);
    expect(moved?.records).toEqual(full?.records);
  });
});

/** A status commit on `branch` of `count` ConfigMaps, the ones in `sick` Unhealthy. */
async function writeConfigMaps(branch: string, count: number, sick: Set<number>): Promise<void> {
  const templates: TemplateStatus[] = Array.from({ length: count }, (_, i) => ({
    resource: { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'shop', name: `cm-${i}` },
    policy: { kind: 'PropagationPolicy', namespace: 'shop', name: 'web' },
    replicas: 0,
    clusters: [{ name: 'member1', replicas: 0 }],
    conditions: [{ type: 'FullyApplied', status: 'True', reason: 'FullyAppliedSuccess' }],
    aggregatedStatus: [{ clusterName: 'member1', applied: true, health: sick.has(i) ? 'Unhealthy' : 'Healthy' }],
    health: sick.has(i) ? 'Unhealthy' : 'Healthy',
    problems: [],
  }));
  const report = { sourceCommit: fleet.head(), reconciledAt: '2026-12-04T10:00:00Z', clusters: [], templates };
  await writeStatusBranch(store, statusFiles(report, RECORD_SECTIONS), { message: commitMessage(report), branch });
}

describe('StatusReader in batches', () => {
  it.each([1, 2, 3, 5, 1000])('reads 5 binding views %i at a time as the full reader does', async (perBatch) => {
    const branch = `status-batched-${perBatch}`;
    const reader = new StatusReader(perBatch);
    await writeConfigMaps(branch, 5, new Set());
    const first = await reader.read(store, branch);
    await writeConfigMaps(branch, 5, new Set([2, 4]));
    const moved = await reader.read(store, branch);
    const full = await readStatusBranch(store, RECORD_SECTIONS, { branch });
    expect(moved?.templates).toEqual(full?.templates);
    expect(moved?.templates.map((t) => t.health)).toEqual(['Healthy', 'Healthy', 'Unhealthy', 'Healthy', 'Unhealthy']);
    const byName = (name: string) => first?.templates.find((t) => t.resource.name === name);
    for (const [i, status] of (moved?.templates ?? []).entries()) {
      const kept = status === byName(status.resource.name);
      expect(kept).toBe(i !== 2 && i !== 4);
    }
  });
});
