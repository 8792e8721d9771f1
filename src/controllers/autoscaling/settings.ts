/** The FederatedHPA controller's flags of `run` (`--horizontal-pod-autoscaler-*`, as Karmada's controller-manager names them). */
import { durationValue, nonNegativeValue, type ControllerSettingsSpec } from '../settings.ts';
import type { AutoscalingOptions } from './autoscaling-controller.ts';

export const AUTOSCALING_SETTINGS: ControllerSettingsSpec<Partial<AutoscalingOptions>> = {
  flags: [
    {
      name: 'horizontal-pod-autoscaler-sync-period',
      kind: 'duration',
      default: '15s',
      description: 'how often every FederatedHPA is synced',
    },
    {
      name: 'horizontal-pod-autoscaler-downscale-stabilization',
      kind: 'duration',
      default: '5m',
      description: "a FederatedHPA's scale-down stabilization window when it sets none",
    },
    {
      name: 'horizontal-pod-autoscaler-tolerance',
      kind: 'string',
      default: '0.1',
      description: 'the change of the usage ratio a FederatedHPA ignores',
    },
    {
      name: 'horizontal-pod-autoscaler-cpu-initialization-period',
      kind: 'duration',
      default: '5m',
      description: "how long after a pod's start its CPU samples may be skipped",
    },
    {
      name: 'horizontal-pod-autoscaler-initial-readiness-delay',
      kind: 'duration',
      default: '30s',
      description: "how long after a pod's start readiness changes count as its first readiness",
    },
  ],
  parse: (values) => ({
    syncPeriodMs: durationValue(values, 'horizontal-pod-autoscaler-sync-period'),
    downscaleStabilizationMs: durationValue(values, 'horizontal-pod-autoscaler-downscale-stabilization'),
    tolerance: nonNegativeValue(values, 'horizontal-pod-autoscaler-tolerance'),
    cpuInitializationPeriodMs: durationValue(values, 'horizontal-pod-autoscaler-cpu-initialization-period'),
    delayOfInitialReadinessStatusMs: durationValue(values, 'horizontal-pod-autoscaler-initial-readiness-delay'),
  }),
};
