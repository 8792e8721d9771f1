// Each registration's record section is keyed by the registration's name and owns a folder of the
// status branch no other section and no fleet document uses, or (failover) keeps fields of the
// fleet's documents and writes no file of its own.
import { describe, expect, it } from 'vitest';
import { CONTROLLERS, controllerRecordsOfTree, emptyControllerRecords, RECORD_SECTIONS, sectionRecords } from '../../src/controllers/index.ts';

const FLEET_FOLDERS = ['clusters/', 'resources/', 'quotas/'];

describe('the registry’s record sections', () => {
  it.each(CONTROLLERS.filter((c) => c.record).map((c) => [c.name, c] as const))('%s', (name, registration) => {
    expect(registration.record?.name).toBe(name);
    const folder = registration.record?.folder;
    if (folder === undefined) {
      expect([registration.record?.fields !== undefined, registration.record?.files]).toEqual([true, undefined]);
      return;
    }
    const others = [...FLEET_FOLDERS, ...RECORD_SECTIONS.flatMap((s) => (s.name !== name && s.folder !== undefined ? [s.folder] : []))];
    expect(others.filter((o) => o.startsWith(folder) || folder.startsWith(o))).toEqual([]);
  });

  it('keys the controller records by registration name, each starting from its registration’s empty record', () => {
    const empty: Record<string, unknown> = { ...emptyControllerRecords() };
    const recording = CONTROLLERS.filter((c) => c.empty);
    expect(Object.keys(empty).sort()).toEqual(recording.map((c) => c.name).sort());
    for (const c of recording) expect(empty[c.name]).toEqual(c.empty?.());
  });

  it('writes nothing of empty records, and reads nothing back as the empty records', () => {
    expect(sectionRecords(emptyControllerRecords(), false)).toEqual({});
    expect(controllerRecordsOfTree({ clusters: [], placements: [], records: {} })).toEqual(emptyControllerRecords());
  });
});
