// CronFederatedHPA rules through the autoscaling controller (see autoscaling-loop.ts): a rule on a
// workload sets its replicas when it falls due, a rule on a FederatedHPA its bounds; histories,
// limits, suspension and time zones; a rule missed while the process was down runs once on start.
import { describe, expect, it } from 'vitest';
import { federatedHPA, liveController, loadYaml, members, pass, runWork, T0, tick, webYaml } from './autoscaling-loop.ts';

const at = (time: string): number => Date.parse(`2026-03-02T${time}Z`);
const iso = (ms: number): string => new Date(ms).toISOString();

function cron(rules: string, target = '{apiVersion: apps/v1, kind: Deployment, name: web}'): string {
  return `apiVersion: autoscaling.karmada.io/v1alpha1
kind: CronFederatedHPA
metadata: {name: daily, namespace: shop}
spec:
  scaleTargetRef: ${target}
  rules:
${rules}`;
}

describe('CronFederatedHPA rules on a workload', () => {
  it('sets the replicas when the rule falls due, records the execution, and the next time', async () => {
    const fleet = loadYaml(webYaml(4), cron('  - {name: morning, schedule: "30 8 * * *", targetReplicas: 6}\n'));
    const controller = liveController();
    const clients = members();
    const first = pass(controller, fleet, T0);
    expect(first.records.autoscaling.cronFederatedHPAs[0]?.status.executionHistories).toEqual([
      { ruleName: 'morning', nextExecutionTime: iso(at('08:30:00')) },
    ]);
    expect(controller.due()).toBe(at('08:30:00'));
    expect(await tick(controller, clients, at('08:29:59'))).toEqual([]);
    const events = await tick(controller, clients, at('08:30:02'));
    expect(events).toContainEqual(expect.objectContaining({ kind: 'scaled', by: 'CronFederatedHPA shop/daily', from: 4, to: 6 }));
    const after = pass(controller, fleet, at('08:30:03'));
    expect(after.web).toEqual({ replicas: 6, clusters: 'member1=3,member2=3' });
    expect(after.records.autoscaling.cronFederatedHPAs[0]?.status.executionHistories).toEqual([
      {
        ruleName: 'morning',
        nextExecutionTime: '2026-03-03T08:30:00.000Z',
        successfulExecutions: [{ scheduleTime: iso(at('08:30:00')), executionTime: iso(at('08:30:02')), appliedReplicas: 6 }],
      },
    ]);
    expect(await tick(controller, clients, at('08:31:00'))).toEqual([]);
  });

  it('a rule missed while the process was down runs once on start, never twice', async () => {
    const fleet = loadYaml(webYaml(4), cron('  - {name: hourly, schedule: "0 * * * *", targetReplicas: 5}\n'));
    const { records } = pass(liveController(), fleet, at('08:10:00'));
    const restarted = liveController();
    pass(restarted, fleet, at('11:20:00'), records);
    const clients = members();
    const events = await tick(restarted, clients, at('11:20:01'));
    expect(events.filter((e) => e.kind === 'rule')).toEqual([expect.objectContaining({ rule: 'hourly', scheduleTime: at('09:00:00') })]);
    expect(await tick(restarted, clients, at('11:20:30'))).toEqual([]);
    const history = pass(restarted, fleet, at('11:21:00')).records.autoscaling.cronFederatedHPAs[0]?.status.executionHistories?.[0];
    expect(history?.nextExecutionTime).toBe(iso(at('12:00:00')));
    expect(history?.successfulExecutions?.map((e) => e.scheduleTime)).toEqual([iso(at('09:00:00'))]);
  });

  it('a changed schedule does not catch up on the old one', async () => {
    const { records } = pass(liveController(), loadYaml(webYaml(4), cron('  - {name: r, schedule: "0 9 * * *", targetReplicas: 5}\n')), at('08:10:00'));
    const restarted = liveController();
    pass(restarted, loadYaml(webYaml(4), cron('  - {name: r, schedule: "0 23 * * *", targetReplicas: 5}\n')), at('10:00:00'), records);
    expect(await tick(restarted, members(), at('10:00:01'))).toEqual([]);
    expect(restarted.due()).toBe(at('23:00:00'));
  });

  it('a suspended rule has no next time and never runs', async () => {
    const fleet = loadYaml(webYaml(4), cron('  - {name: r, schedule: "* * * * *", targetReplicas: 5, suspend: true}\n'));
    const controller = liveController();
    expect(pass(controller, fleet, T0).records.autoscaling.cronFederatedHPAs[0]?.status.executionHistories).toEqual([{ ruleName: 'r' }]);
    expect(await tick(controller, members(), T0 + 120_000)).toEqual([]);
    expect(controller.due()).toBeUndefined();
  });

  it.each([
    ["the rule's own", 'Asia/Tokyo', '09:00:00'],
    ["the process's for Local, as Go reads it", 'Local', '23:00:00'],
    ['UTC for an empty one', '""', '18:00:00'],
  ])("runs in the rule's time zone: %s", (_name, zone, due) => {
    const fleet = loadYaml(webYaml(4), cron(`  - {name: r, schedule: "0 18 * * *", targetReplicas: 5, timeZone: ${zone}}\n`));
    const controller = liveController({ processZone: 'America/New_York' });
    pass(controller, fleet, T0);
    expect(controller.due()).toBe(at(due));
  });

  it('a failure goes into the failed history, trimmed to its limit', async () => {
    const fleet = loadYaml(
      webYaml(4),
      cron('  - {name: r, schedule: "* * * * *", targetReplicas: 5, failedHistoryLimit: 2}\n', '{apiVersion: apps/v1, kind: Deployment, name: api}'),
    );
    const controller = liveController();
    const clients = members();
    pass(controller, fleet, T0);
    for (const minute of [1, 2, 3]) await tick(controller, clients, T0 + minute * 60_000);
    const history = pass(controller, fleet, T0 + 200_000).records.autoscaling.cronFederatedHPAs[0]?.status.executionHistories?.[0];
    expect(history?.failedExecutions).toEqual([
      { scheduleTime: iso(T0 + 180_000), executionTime: iso(T0 + 180_000), message: 'Deployment "api" not found in the repository' },
      { scheduleTime: iso(T0 + 120_000), executionTime: iso(T0 + 120_000), message: 'Deployment "api" not found in the repository' },
    ]);
  });
});

describe('CronFederatedHPA rules on a FederatedHPA', () => {
  const onHpa = (rules: string) => cron(rules, '{apiVersion: autoscaling.karmada.io/v1alpha1, kind: FederatedHPA, name: web}');

  it("sets its maxReplicas; the next sync brings web within them; the record keeps git's bounds it replaced", async () => {
    const fleet = loadYaml(webYaml(4), federatedHPA(), onHpa('  - {name: night, schedule: "0 22 * * *", targetMaxReplicas: 2}\n'));
    const controller = liveController();
    const clients = members();
    runWork(clients, pass(controller, fleet, T0).rendered, 50, T0);
    await tick(controller, clients, T0);
    const events = await tick(controller, clients, at('22:00:01'));
    expect(events).toContainEqual(expect.objectContaining({ kind: 'rule', rule: 'night', outcome: { ok: true, applied: { appliedMaxReplicas: 2 } } }));
    expect(events).toContainEqual(expect.objectContaining({ kind: 'scaled', from: 4, to: 2, reason: 'Current number of replicas above Spec.MaxReplicas' }));
    const after = pass(controller, fleet, at('22:00:02'));
    expect(after.web.replicas).toBe(2);
    expect(after.records.autoscaling.federatedHPAs[0]?.limits).toEqual({
      minReplicas: 1,
      maxReplicas: 2,
      specMinReplicas: 1,
      specMaxReplicas: 10,
      by: 'CronFederatedHPA shop/daily',
    });
    // Editing maxReplicas in git is the later write: the cron rule's bound gives way.
    const edited = loadYaml(webYaml(4), federatedHPA('', 8), onHpa('  - {name: night, schedule: "0 22 * * *", targetMaxReplicas: 2}\n'));
    expect(pass(controller, edited, at('22:01:00')).records.autoscaling.federatedHPAs[0]?.limits).toBeUndefined();
  });

  it("maxReplicas below minReplicas fails as Karmada's webhook refuses it", async () => {
    const fleet = loadYaml(webYaml(4), federatedHPA(), onHpa('  - {name: r, schedule: "* * * * *", targetMinReplicas: 12}\n'));
    const controller = liveController();
    pass(controller, fleet, T0);
    const events = await tick(controller, members(), T0 + 60_000);
    expect(events).toContainEqual(
      expect.objectContaining({
        kind: 'rule',
        outcome: {
          ok: false,
          message:
            'admission webhook "federatedhpa.karmada.io" denied the request: spec.maxReplicas: Invalid value: 10: must be greater than or equal to `minReplicas`',
        },
      }),
    );
  });
});
