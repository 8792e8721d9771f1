import { describe, expect, it } from 'vitest';
import { validateAndDefault } from '../../../src/render/validate/index.ts';
import { e, issues, w, type Issue } from './helpers.ts';

const fhpa = (spec: Record<string, unknown>, status?: Record<string, unknown>): unknown => ({
  apiVersion: 'autoscaling.karmada.io/v1alpha1',
  kind: 'FederatedHPA',
  metadata: { name: 'web', namespace: 'shop' },
  spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, maxReplicas: 10, ...spec },
  ...(status ? { status } : {}),
});
const cron = (spec: Record<string, unknown>): unknown => ({
  apiVersion: 'autoscaling.karmada.io/v1alpha1',
  kind: 'CronFederatedHPA',
  metadata: { name: 'nightly', namespace: 'shop' },
  spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, ...spec },
});
const cpu = (target: Record<string, unknown>) => ({ type: 'Resource', resource: { name: 'cpu', target } });
const rule = (extra: Record<string, unknown>) => ({ name: 'up', schedule: '0 9 * * 1-5', targetReplicas: 4, ...extra });
const M = ['spec', 'metrics', 0];
const R = ['spec', 'rules', 0];

describe("FederatedHPA: Karmada's admission rules", () => {
  it.each<[string, unknown, Issue[]]>([
    ["Karmada's sample is valid", fhpa({ minReplicas: 1, metrics: [cpu({ type: 'Utilization', averageUtilization: 50 })] }), []],
    ['the defaults alone are valid', fhpa({}), []],
    ['minReplicas below 1 (no scale to zero)', fhpa({ minReplicas: 0 }), [e(['spec', 'minReplicas'], 'Invalid value: 0: must be greater than or equal to 1')]],
    [
      'maxReplicas below 1',
      fhpa({ maxReplicas: 0 }),
      [
        e(['spec', 'maxReplicas'], 'Invalid value: 0: must be greater than 0'),
        e(['spec', 'maxReplicas'], 'Invalid value: 0: must be greater than or equal to `minReplicas`'),
      ],
    ],
    [
      'maxReplicas below minReplicas',
      fhpa({ minReplicas: 5, maxReplicas: 3 }),
      [e(['spec', 'maxReplicas'], 'Invalid value: 3: must be greater than or equal to `minReplicas`')],
    ],
    [
      'a target without a name',
      fhpa({ scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: '' } }),
      [e(['spec', 'scaleTargetRef', 'name'], 'Required value')],
    ],
    [
      'a target name with a slash',
      fhpa({ scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'a/b' } }),
      [e(['spec', 'scaleTargetRef', 'name'], `Invalid value: "a/b": may not contain '/'`)],
    ],
    [
      'an External metric with a value target',
      fhpa({ metrics: [{ type: 'External', external: { metric: { name: 'qps' }, target: { type: 'Value', value: '100' } } }] }),
      [],
    ],
    [
      'an External metric with both a value and an average value',
      fhpa({ metrics: [{ type: 'External', external: { metric: { name: 'qps' }, target: { type: 'Value', value: '100', averageValue: '10' } } }] }),
      [e([...M, 'external', 'target', 'value'], 'Forbidden: may not set both a target value for metric and a per-pod target')],
    ],
    [
      'an External metric with a Utilization target',
      fhpa({ metrics: [{ type: 'External', external: { metric: { name: 'qps' }, target: { type: 'Utilization', averageUtilization: 50 } } }] }),
      [
        e([...M, 'external', 'target', 'type'], 'Invalid value: "Utilization": must be either Value or AverageValue'),
        e([...M, 'external', 'target', 'averageValue'], 'Required value: must set either a target value or averageValue'),
        e([...M, 'external', 'target', 'averageUtilization'], 'Forbidden: may not set a target utilization for an external metric'),
      ],
    ],
    [
      'an External metric with a value and a utilization',
      fhpa({ metrics: [{ type: 'External', external: { metric: { name: 'qps' }, target: { type: 'Value', value: '100', averageUtilization: 50 } } }] }),
      [e([...M, 'external', 'target', 'averageUtilization'], 'Forbidden: may not set a target utilization for an external metric')],
    ],
    [
      'an External metric without its source',
      fhpa({ metrics: [{ type: 'External' }] }),
      [e([...M, 'external'], 'Required value: must populate information for the given metric source')],
    ],
    [
      'an unknown metric type',
      fhpa({ metrics: [{ type: 'Queue' }] }),
      [e([...M, 'type'], 'Unsupported value: "Queue": supported values: "ContainerResource", "External", "Object", "Pods", "Resource"')],
    ],
    [
      'a Resource metric with an External source too',
      fhpa({
        metrics: [{ ...cpu({ type: 'Utilization', averageUtilization: 50 }), external: { metric: { name: 'qps' }, target: { type: 'Value', value: '1' } } }],
      }),
      [e([...M, 'external'], 'Forbidden: must populate the given metric source only')],
    ],
    [
      'a Resource metric without its source',
      fhpa({ metrics: [{ type: 'Resource' }] }),
      [e([...M, 'resource'], 'Required value: must populate information for the given metric source')],
    ],
    [
      'two sources in one metric',
      fhpa({
        metrics: [
          { ...cpu({ type: 'Utilization', averageUtilization: 50 }), pods: { metric: { name: 'qps' }, target: { type: 'AverageValue', averageValue: '1' } } },
        ],
      }),
      [e([...M, 'pods'], 'Forbidden: must populate the given metric source only')],
    ],
    [
      'a resource target with neither utilization nor value',
      fhpa({ metrics: [cpu({ type: 'Utilization' })] }),
      [e([...M, 'resource', 'target', 'averageUtilization'], 'Required value: must set either a target raw value or a target utilization')],
    ],
    [
      "a Pods metric without a name and with a zero target: the name's error first, as Karmada checks them",
      fhpa({ metrics: [{ type: 'Pods', pods: { metric: { name: '' }, target: { type: 'AverageValue', averageValue: '0' } } }] }),
      [
        e([...M, 'pods', 'metric', 'name'], 'Required value: must specify a metric name'),
        e([...M, 'pods', 'target', 'averageValue'], 'Invalid value: "0": must be positive'),
      ],
    ],
    [
      'a resource target with both',
      fhpa({ metrics: [cpu({ type: 'Utilization', averageUtilization: 50, averageValue: '100m' })] }),
      [e([...M, 'resource', 'target', 'averageValue'], 'Forbidden: may not set both a target raw value and a target utilization')],
    ],
    [
      'a target type Kubernetes does not know',
      fhpa({ metrics: [cpu({ type: 'Percent', averageUtilization: 50 })] }),
      [e([...M, 'resource', 'target', 'type'], 'Invalid value: "Percent": must be either Utilization, Value, or AverageValue')],
    ],
    [
      'a zero utilization',
      fhpa({ metrics: [cpu({ type: 'Utilization', averageUtilization: 0 })] }),
      [e([...M, 'resource', 'target', 'averageUtilization'], 'Invalid value: 0: must be greater than 0')],
    ],
    [
      'a zero average value',
      fhpa({ metrics: [cpu({ type: 'AverageValue', averageValue: '0' })] }),
      [e([...M, 'resource', 'target', 'averageValue'], 'Invalid value: "0": must be positive')],
    ],
    [
      'a ContainerResource metric is valid',
      fhpa({
        metrics: [
          { type: 'ContainerResource', containerResource: { name: 'memory', container: 'app', target: { type: 'AverageValue', averageValue: '256Mi' } } },
        ],
      }),
      [],
    ],
    [
      'a container name that is not a DNS label',
      fhpa({
        metrics: [{ type: 'ContainerResource', containerResource: { name: 'cpu', container: 'App', target: { type: 'Utilization', averageUtilization: 50 } } }],
      }),
      [e([...M, 'containerResource', 'container'], expect.stringContaining('Invalid value: "App": a lowercase RFC 1123 label') as unknown as string)],
    ],
    [
      'a Pods metric needs an average value',
      fhpa({ metrics: [{ type: 'Pods', pods: { metric: { name: 'qps' }, target: { type: 'Value', value: '1' } } }] }),
      [e([...M, 'pods', 'target', 'averageValue'], 'Required value: must specify a positive target averageValue')],
    ],
    [
      'a stabilization window over an hour',
      fhpa({ behavior: { scaleDown: { stabilizationWindowSeconds: 3601 } } }),
      [e(['spec', 'behavior', 'scaleDown', 'stabilizationWindowSeconds'], 'Invalid value: 3601: must be less than or equal to 3600')],
    ],
    [
      'an unknown selectPolicy',
      fhpa({ behavior: { scaleUp: { selectPolicy: 'Largest' } } }),
      [e(['spec', 'behavior', 'scaleUp', 'selectPolicy'], 'Unsupported value: "Largest": supported values: "Disabled", "Max", "Min"')],
    ],
    [
      'an empty policy list',
      fhpa({ behavior: { scaleUp: { policies: [] } } }),
      [e(['spec', 'behavior', 'scaleUp', 'policies'], 'Required value: must specify at least one Policy')],
    ],
    [
      'policy values and periods',
      fhpa({ behavior: { scaleDown: { policies: [{ type: 'Replicas', value: 0, periodSeconds: 1801 }] } } }),
      [
        e(['spec', 'behavior', 'scaleDown', 'policies', 0, 'type'], 'Unsupported value: "Replicas": supported values: "Percent", "Pods"'),
        e(['spec', 'behavior', 'scaleDown', 'policies', 0, 'value'], 'Invalid value: 0: must be greater than zero'),
        e(['spec', 'behavior', 'scaleDown', 'policies', 0, 'periodSeconds'], 'Invalid value: 1801: must be less than or equal to 1800'),
      ],
    ],
    [
      'a negative status count',
      fhpa({}, { currentReplicas: -1, desiredReplicas: 0 }),
      [e(['status', 'currentReplicas'], 'Invalid value: -1: must be greater than or equal to 0')],
    ],
    ['an unknown field', fhpa({ maxReplica: 3 }), [e(['spec', 'maxReplica'], 'unknown field "maxReplica", did you mean "maxReplicas"?')]],
  ])('%s', (_name, object, expected) => {
    expect(issues(object)).toEqual(expected);
  });

  it("Karmada's defaults: minReplicas 1, 80% CPU, and Kubernetes' rules filled into a behavior", () => {
    const { object } = validateAndDefault(fhpa({ behavior: { scaleDown: { stabilizationWindowSeconds: 60 } } }));
    expect((object as { spec: unknown }).spec).toEqual({
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
      maxReplicas: 10,
      minReplicas: 1,
      metrics: [cpu({ type: 'Utilization', averageUtilization: 80 })],
      behavior: {
        scaleUp: {
          stabilizationWindowSeconds: 0,
          selectPolicy: 'Max',
          policies: [
            { type: 'Pods', value: 4, periodSeconds: 15 },
            { type: 'Percent', value: 100, periodSeconds: 15 },
          ],
        },
        scaleDown: { stabilizationWindowSeconds: 60, selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] },
      },
    });
  });
});

describe("CronFederatedHPA: Karmada's admission rules", () => {
  it.each<[string, unknown, Issue[]]>([
    ['a workload rule is valid', cron({ rules: [rule({ timeZone: 'Europe/Berlin' })] }), []],
    [
      'a FederatedHPA rule with bounds is valid',
      cron({
        scaleTargetRef: { apiVersion: 'autoscaling.karmada.io/v1alpha1', kind: 'FederatedHPA', name: 'web' },
        rules: [{ name: 'night', schedule: '@daily', targetMaxReplicas: 2 }],
      }),
      [],
    ],
    [
      'a target in the autoscaling group must be a FederatedHPA',
      cron({ scaleTargetRef: { apiVersion: 'autoscaling.karmada.io/v1alpha1', kind: 'CronFederatedHPA', name: 'x' }, rules: [rule({})] }),
      [e(['spec', 'scaleTargetRef', 'kind'], 'Invalid value: "CronFederatedHPA": invalid scaleTargetRef kind: CronFederatedHPA, only support FederatedHPA')],
    ],
    [
      'a target in the autoscaling group without a kind: only the kind error, as Karmada stops there',
      cron({ scaleTargetRef: { apiVersion: 'autoscaling.karmada.io/v1alpha1', kind: '', name: 'a/b' }, rules: [rule({})] }),
      [e(['spec', 'scaleTargetRef', 'kind'], 'Invalid value: "": invalid scaleTargetRef kind: , only support FederatedHPA')],
    ],
    [
      'a FederatedHPA rule needs a bound',
      cron({
        scaleTargetRef: { apiVersion: 'autoscaling.karmada.io/v1alpha1', kind: 'FederatedHPA', name: 'web' },
        rules: [{ name: 'x', schedule: '@hourly' }],
      }),
      [
        e(
          [...R, 'targetMaxReplicas'],
          'Invalid value: "": targetMinReplicas and targetMaxReplicas cannot be nil at the same time if you want to scale FederatedHPA',
        ),
      ],
    ],
    [
      'a workload rule needs targetReplicas',
      cron({ rules: [{ name: 'x', schedule: '@hourly' }] }),
      [e([...R, 'targetReplicas'], 'Invalid value: "": targetReplicas cannot be nil if you want to scale Deployment')],
    ],
    ['a workload rule may scale to zero', cron({ rules: [rule({ targetReplicas: 0 })] }), []],
    ['a workload rule may scale to the largest int32', cron({ rules: [rule({ targetReplicas: 2_147_483_647 })] }), []],
    [
      'a workload rule past int32, as the API server refuses it',
      cron({ rules: [rule({ targetReplicas: 2 ** 31 })] }),
      [e([...R, 'targetReplicas'], 'Invalid value: 2147483648: must fit in a 32-bit integer')],
    ],
    [
      'a workload rule with negative replicas',
      cron({ rules: [rule({ targetReplicas: -1 })] }),
      [e([...R, 'targetReplicas'], 'Invalid value: "": targetReplicas should be larger than or equal to 0')],
    ],
    [
      'a FederatedHPA rule with bounds that are not positive',
      cron({
        scaleTargetRef: { apiVersion: 'autoscaling.karmada.io/v1alpha1', kind: 'FederatedHPA', name: 'web' },
        rules: [{ name: 'x', schedule: '@hourly', targetMinReplicas: 0, targetMaxReplicas: -1 }],
      }),
      [
        e([...R, 'targetMinReplicas'], 'Invalid value: "": targetMinReplicas should be larger than 0'),
        e([...R, 'targetMaxReplicas'], 'Invalid value: "": targetMaxReplicas should be larger than 0'),
        e([...R, 'targetMinReplicas'], 'Invalid value: "": targetMaxReplicas should be larger than or equal to targetMinReplicas'),
      ],
    ],
    [
      "a FederatedHPA rule's minimum above its maximum",
      cron({
        scaleTargetRef: { apiVersion: 'autoscaling.karmada.io/v1alpha1', kind: 'FederatedHPA', name: 'web' },
        rules: [{ name: 'x', schedule: '@hourly', targetMinReplicas: 5, targetMaxReplicas: 3 }],
      }),
      [e([...R, 'targetMinReplicas'], 'Invalid value: "": targetMaxReplicas should be larger than or equal to targetMinReplicas')],
    ],
    ['rule names are unique', cron({ rules: [rule({}), rule({})] }), [e(['spec', 'rules', 1, 'name'], 'Duplicate value: "up"')]],
    [
      'a rule name over 32 characters',
      cron({ rules: [rule({ name: 'a'.repeat(33) })] }),
      [e([...R, 'name'], `Invalid value: "${'a'.repeat(33)}": should be at most 32 chars long`)],
    ],
    ['an empty rule name', cron({ rules: [rule({ name: '' })] }), [e([...R, 'name'], 'Invalid value: "": should be at least 1 chars long')]],
    [
      'a schedule that does not parse',
      cron({ rules: [rule({ schedule: 'at nine' })] }),
      [e([...R, 'schedule'], 'Invalid value: "at nine": invalid cron format: expected 5 fields, found 2')],
    ],
    [
      'an hour out of range: Karmada stores it, its scheduler never runs it',
      cron({ rules: [rule({ schedule: '0 25 * * *' })] }),
      [w([...R, 'schedule'], `Invalid value: "0 25 * * *": Karmada's scheduler cannot run this schedule (hour: 25 is above 23), so the rule never runs`)],
    ],
    [
      '@every is refused by Karmada',
      cron({ rules: [rule({ schedule: '@every 5m' })] }),
      [e([...R, 'schedule'], 'Invalid value: "@every 5m": invalid cron format: unsupported descriptor "@every 5m"')],
    ],
    [
      'a schedule Karmada stores but cannot run is a warning',
      cron({ rules: [rule({ schedule: '0 0 L * *' })] }),
      [
        w(
          [...R, 'schedule'],
          `Invalid value: "0 0 L * *": Karmada's scheduler cannot run this schedule (day of month: "L" is not a number), so the rule never runs`,
        ),
      ],
    ],
    [
      'an unknown time zone',
      cron({ rules: [rule({ timeZone: 'Mars/Olympus' })] }),
      [e([...R, 'timeZone'], 'Invalid value: "Mars/Olympus": unknown time zone Mars/Olympus')],
    ],
    [
      'history limits between 1 (0) and 32',
      cron({ rules: [rule({ successfulHistoryLimit: 0, failedHistoryLimit: 33 })] }),
      [
        e([...R, 'successfulHistoryLimit'], 'Invalid value: 0: should be greater than or equal to 1'),
        e([...R, 'failedHistoryLimit'], 'Invalid value: 33: should be less than or equal to 32'),
      ],
    ],
  ])('%s', (_name, object, expected) => {
    expect(issues(object)).toEqual(expected);
  });

  it('rules default to suspend false and history limits of 3', () => {
    const { object } = validateAndDefault(cron({ rules: [rule({})] }));
    expect((object as { spec: { rules: unknown[] } }).spec.rules).toEqual([{ ...rule({}), suspend: false, successfulHistoryLimit: 3, failedHistoryLimit: 3 }]);
  });
});
