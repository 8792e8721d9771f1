/**
 * The Pull members' settings from failover's flags of `run`: an agent silent for `--failover-grace`
 * leaves its member NotReady, as a Push member failing its probes that long, and its report is read
 * every `--probe-interval`, as Push members are probed.
 */
import { durationValue, type ControllerSettingsSpec } from '../settings.ts';
import type { PullMembersOptions } from './pull-members-controller.ts';

export const PULL_MEMBERS_SETTINGS: ControllerSettingsSpec<Partial<PullMembersOptions>> = {
  flags: [],
  parse: (values) => ({
    monitorIntervalMs: durationValue(values, 'probe-interval'),
    failoverGraceMs: durationValue(values, 'failover-grace'),
  }),
};
