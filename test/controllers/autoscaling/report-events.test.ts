import { describe, expect, it } from 'vitest';
import type { AutoscalingEvent } from '../../../src/controllers/autoscaling/autoscaling-decisions.ts';
import { reportEvents } from '../../../src/controllers/autoscaling/report-events.ts';
import type { AutoscalingMetrics } from '../../../src/controllers/autoscaling/autoscaling-metrics.ts';

const WEB = { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'shop', name: 'web' };

function recorder() {
  const calls: string[] = [];
  const metrics: AutoscalingMetrics = {
    autoscalerSynced: (...a) => calls.push(`synced ${a.join(' ')}`),
    autoscalingRound: (...a) => calls.push(`round ${a.join(' ')}`),
    workloadScaled: (...a) => calls.push(`scaled ${a.join(' ')}`),
    cronRuleRan: (...a) => calls.push(`rule ${a.join(' ')}`),
  };
  return {
    calls,
    context: {
      metrics,
      info: (fields: object, message: string) => calls.push(`info ${message} ${JSON.stringify(fields)}`),
      warn: (fields: object, message: string) => calls.push(`warn ${message} ${JSON.stringify(fields)}`),
    },
  };
}

describe('reportEvents: the decisions as logs, metrics and the reasons for a pass', () => {
  it('a scale is one log line, a metric, and a reason for a pass; a sync sets the gauges', () => {
    const { calls, context } = recorder();
    const events: AutoscalingEvent[] = [
      { kind: 'synced', autoscaler: 'FederatedHPA shop/web', current: 4, desired: 8 },
      { kind: 'scaled', by: 'FederatedHPA shop/web', target: WEB, from: 4, to: 8, reason: 'cpu above target' },
    ];
    expect(reportEvents(events, context, 0.25)).toEqual(['FederatedHPA shop/web scaled Deployment/shop/web from 4 to 8']);
    expect(calls).toEqual([
      'round 0.25 true',
      'synced FederatedHPA shop/web 4 8 true',
      'scaled FederatedHPA shop/web up',
      'info workload scaled {"autoscaler":"FederatedHPA shop/web","target":"Deployment/shop/web","from":4,"to":8,"reason":"cpu above target"}',
    ]);
  });

  it('a sync that could not decide is a warning and no pass; a failed rule is a warning and a pass, which records its history', () => {
    const { calls, context } = recorder();
    const events: AutoscalingEvent[] = [
      { kind: 'synced', autoscaler: 'FederatedHPA shop/web', current: 4, desired: 4, error: 'no metrics' },
      { kind: 'rule', autoscaler: 'CronFederatedHPA shop/daily', rule: 'r', scheduleTime: 0, outcome: { ok: false, message: 'not found' } },
    ];
    expect(reportEvents(events, context, 1)).toEqual(['CronFederatedHPA shop/daily rule r failed']);
    expect(calls).toEqual([
      'round 1 false',
      'synced FederatedHPA shop/web 4 4 false',
      'warn autoscaler sync incomplete {"autoscaler":"FederatedHPA shop/web","error":"no metrics"}',
      'rule CronFederatedHPA shop/daily r Failed',
      'warn cron rule failed {"autoscaler":"CronFederatedHPA shop/daily","rule":"r","scheduleTime":"1970-01-01T00:00:00.000Z","error":"not found"}',
    ]);
  });

  it('a rule that ran is logged and asks for a pass', () => {
    const { context } = recorder();
    const events: AutoscalingEvent[] = [
      { kind: 'rule', autoscaler: 'CronFederatedHPA shop/daily', rule: 'r', scheduleTime: 0, outcome: { ok: true, applied: { appliedReplicas: 3 } } },
    ];
    expect(reportEvents(events, context, 0)).toEqual(['CronFederatedHPA shop/daily rule r ran']);
  });
});
