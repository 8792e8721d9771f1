import { describe, expect, it } from 'vitest';
import { processZoneFor } from '../../../src/controllers/autoscaling/cron-rules.ts';
import { LOCAL_ZONE, processTimeZone } from '../../../src/model/index.ts';

describe('processZoneFor: the zone a pass hands the CronFederatedHPA rules', () => {
  it.each([
    ['the zone given, whatever the fleet', { cronFederatedHPAs: [{}] }, 'Europe/Berlin', 'Europe/Berlin'],
    ["the process's zone for a fleet with a CronFederatedHPA", { cronFederatedHPAs: [{}] }, undefined, processTimeZone()],
    ['Local, never read, for a fleet without one (Intl is not asked)', { cronFederatedHPAs: [] }, undefined, LOCAL_ZONE],
  ])('%s', (_case, fleet, given, zone) => {
    expect(processZoneFor(fleet, given)).toBe(zone);
  });
});
