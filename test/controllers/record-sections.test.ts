// Each registration's record section is keyed by the registration's name and owns a folder of the
// status branch no other section and no fleet document uses.
import { describe, expect, it } from 'vitest';
import { CONTROLLERS, controllerRecordsOfTree, emptyControllerRecords, RECORD_SECTIONS, sectionRecords } from '../../src/controllers/index.ts';

const FLEET_FOLDERS = ['clusters/', 'resources/', 'quotas/'];

describe('the registry’s record sections', () => {
  it.each(CONTROLLERS.filter((c) => c.record).map((c) => [c.name, c] as const))('%s', (name, registration) => {
    expect(registration.record?.name).toBe(name);
    const folder = registration.record?.folder ?? '';
    const others = [...FLEET_FOLDERS, ...RECORD_SECTIONS.filter((s) => s.name !== name).map((s) => s.folder)];
    expect(others.filter((o) => o.startsWith(folder) || folder.startsWith(o))).toEqual([]);
  });

  it('writes nothing of empty records, and reads nothing back as the empty records', () => {
    expect(sectionRecords(emptyControllerRecords(), false)).toEqual({});
    expect(controllerRecordsOfTree({ clusters: [], placements: [], records: {} })).toEqual(emptyControllerRecords());
  });
});
