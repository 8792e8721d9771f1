/**
 * Karmada's defaults for the autoscaling kinds (docs/karmada-compatibility.md#federatedhpa,
 * #cronfederatedhpa). A FederatedHPA gets minReplicas 1, 80% average CPU utilization when it lists
 * no metrics, and, when it has a behavior, Kubernetes' scaling rules for every direction and field
 * it leaves out (the scale-down stabilization window stays unset: the controller's flag fills it).
 * A CronFederatedHPA rule gets suspend false and history limits of 3. Pure: new objects only.
 */
import { isRecord } from '../../model/index.ts';
import type { HPAScalingRules } from '../../model/index.ts';

type Json = Record<string, unknown>;

/** Kubernetes' default CPU utilization target, percent. */
const DEFAULT_CPU_UTILIZATION = 80;

const DEFAULT_SCALE_UP: Readonly<HPAScalingRules> = {
  stabilizationWindowSeconds: 0,
  selectPolicy: 'Max',
  policies: [
    { type: 'Pods', value: 4, periodSeconds: 15 },
    { type: 'Percent', value: 100, periodSeconds: 15 },
  ],
};

const DEFAULT_SCALE_DOWN: Readonly<HPAScalingRules> = {
  selectPolicy: 'Max',
  policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }],
};

/** Kubernetes' rules for one direction, with the fields `given` sets taking precedence. */
export function scalingRules(given: unknown, direction: 'scaleUp' | 'scaleDown'): HPAScalingRules {
  const base = direction === 'scaleUp' ? DEFAULT_SCALE_UP : DEFAULT_SCALE_DOWN;
  const rules = isRecord(given) ? given : {};
  const pick = <K extends keyof HPAScalingRules>(key: K): Partial<HPAScalingRules> => {
    const value = rules[key] ?? base[key];
    return value === undefined || value === null ? {} : { [key]: value };
  };
  return {
    ...pick('stabilizationWindowSeconds'),
    ...pick('selectPolicy'),
    ...pick('policies'),
  };
}

export function defaultFederatedHPA(object: Json): Json {
  const spec = isRecord(object['spec']) ? object['spec'] : undefined;
  if (spec === undefined) return object;
  const metrics =
    Array.isArray(spec['metrics']) && spec['metrics'].length > 0
      ? {}
      : {
          metrics: [
            {
              type: 'Resource',
              resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: DEFAULT_CPU_UTILIZATION } },
            },
          ],
        };
  const behavior = isRecord(spec['behavior'])
    ? {
        behavior: {
          ...spec['behavior'],
          scaleUp: scalingRules(spec['behavior']['scaleUp'], 'scaleUp'),
          scaleDown: scalingRules(spec['behavior']['scaleDown'], 'scaleDown'),
        },
      }
    : {};
  const minReplicas = spec['minReplicas'] === undefined || spec['minReplicas'] === null ? { minReplicas: 1 } : {};
  return { ...object, spec: { ...spec, ...minReplicas, ...metrics, ...behavior } };
}

export function defaultCronFederatedHPA(object: Json): Json {
  const spec = isRecord(object['spec']) ? object['spec'] : undefined;
  if (spec === undefined || !Array.isArray(spec['rules'])) return object;
  const rules = spec['rules'].map((rule: unknown) =>
    isRecord(rule) ? { suspend: false, successfulHistoryLimit: 3, failedHistoryLimit: 3, ...withoutNulls(rule) } : rule,
  );
  return { ...object, spec: { ...spec, rules } };
}

function withoutNulls(record: Json): Json {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== null && v !== undefined));
}
