/** The descheduler's flags of `run`, as Karmada's karmada-descheduler names them. */
import { durationValue, type ControllerSettingsSpec } from '../settings.ts';
import type { DeschedulerOptions } from './descheduler-core.ts';

export const DESCHEDULER_SETTINGS: ControllerSettingsSpec<Partial<DeschedulerOptions>> = {
  flags: [
    {
      name: 'descheduling-interval',
      kind: 'duration',
      default: '2m',
      description:
        "how often the descheduler looks for replicas that stay unschedulable in a member (Karmada's karmada-descheduler); 0 turns it off",
    },
    {
      name: 'unschedulable-threshold',
      kind: 'duration',
      default: '5m',
      description:
        'how long a pod stays unschedulable in a member before the descheduler moves its replica to a member with room',
    },
  ],
  parse: (values) => ({
    intervalMs: durationValue(values, 'descheduling-interval'),
    thresholdMs: durationValue(values, 'unschedulable-threshold'),
  }),
};
