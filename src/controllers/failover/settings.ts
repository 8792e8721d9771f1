/** Failover's flags of `run`: how members are probed, when one is failed over, how long an eviction lasts. */
import { booleanValue, durationValue, type ControllerSettingsSpec } from '../settings.ts';
import type { FailoverOptions } from './failover-memory.ts';

export const FAILOVER_SETTINGS: ControllerSettingsSpec<Partial<FailoverOptions>> = {
  flags: [
    { name: 'probe-interval', kind: 'duration', default: '10s', description: 'how often members are probed' },
    {
      name: 'failover-grace',
      kind: 'duration',
      default: '30s',
      description: 'how long a member fails its probes before it is failed over',
    },
    {
      name: 'graceful-eviction-timeout',
      kind: 'duration',
      default: '10m',
      description: 'longest time an evicted member is kept out of a binding',
    },
    {
      name: 'failover-taint',
      kind: 'boolean',
      default: false,
      allowNo: true,
      description:
        "give a member failed past --failover-grace Karmada's NoExecute taint, evicting its workloads (Karmada before v1.14); without it, as Karmada v1.14+, only the NoExecute taints of Cluster files and ClusterTaintPolicies evict",
    },
  ],
  parse: (values) => ({
    probeIntervalMs: durationValue(values, 'probe-interval'),
    graceMs: durationValue(values, 'failover-grace'),
    evictionTimeoutMs: durationValue(values, 'graceful-eviction-timeout'),
    taintOnFailure: booleanValue(values, 'failover-taint'),
  }),
};
