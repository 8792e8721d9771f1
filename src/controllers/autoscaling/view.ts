/**
 * The autoscalers as people see them (`ViewSection`, src/model/controller-view.ts): their
 * FederatedHPAs and CronFederatedHPAs with a chart of the replicas they decided over time, and
 * STATUS.md's lines, as rows.
 */
import type { AutoscalingRecord, ViewBlock, ViewCell, ViewSection } from '../../model/index.ts';
import { autoscalingLines } from './autoscaling-summary.ts';
import type { ControllerRecords } from '../controller-records.ts';

const cell = (text: string | number, tone?: ViewCell['tone']): ViewCell => ({
  text: String(text),
  ...(tone ? { tone } : {}),
});

/** Each FederatedHPA's decisions in time order, from the count before its first; each cron rule's applied counts. */
function decisions(record: AutoscalingRecord): ViewBlock {
  const points = record.federatedHPAs.flatMap((h) => {
    const series = `FederatedHPA ${h.namespace}/${h.name}`;
    const events = [...h.scaleEvents].reverse();
    const first = events[0];
    return [
      ...(first ? [{ at: first.time, series, value: first.from }] : []),
      ...events.map((e) => ({ at: e.time, series, value: e.to })),
    ];
  });
  const cronPoints = record.cronFederatedHPAs.flatMap((c) =>
    (c.status.executionHistories ?? []).flatMap((h) =>
      (h.successfulExecutions ?? []).flatMap((e) =>
        e.appliedReplicas === undefined
          ? []
          : [
              {
                at: e.executionTime,
                series: `CronFederatedHPA ${c.namespace}/${c.name} ${h.ruleName}`,
                value: e.appliedReplicas,
              },
            ],
      ),
    ),
  );
  return {
    kind: 'series',
    title: 'Replicas decided over time',
    unit: 'replicas',
    points: [...points, ...cronPoints].sort((a, b) => a.at.localeCompare(b.at)),
  };
}

function autoscalers(record: AutoscalingRecord): ViewSection[] {
  const hpas = record.federatedHPAs;
  const crons = record.cronFederatedHPAs;
  // Always shown, as failover is: that nothing autoscales is an answer people look for here.
  if (hpas.length === 0 && crons.length === 0)
    return [
      {
        controller: 'autoscaling',
        title: 'FederatedHPA and CronFederatedHPA',
        blocks: [{ kind: 'text', text: 'No FederatedHPA or CronFederatedHPA in the fleet.' }],
      },
    ];
  return [
    {
      controller: 'autoscaling',
      title: 'FederatedHPA and CronFederatedHPA',
      blocks: [
        decisions(record),
        {
          kind: 'table',
          title: 'FederatedHPAs',
          columns: ['namespace', 'name', 'target', 'current', 'desired', 'last scale'],
          rows: hpas.map((h) => [
            cell(h.namespace),
            cell(h.name),
            cell(`${h.scaleTargetRef.kind}/${h.scaleTargetRef.name}`),
            cell(h.status.currentReplicas),
            cell(h.status.desiredReplicas, h.status.desiredReplicas === h.status.currentReplicas ? 'ok' : 'warn'),
            cell(h.status.lastScaleTime ?? ''),
          ]),
        },
        {
          kind: 'table',
          title: 'CronFederatedHPA rules',
          columns: ['namespace', 'name', 'rule', 'next run', 'last success', 'last failure'],
          rows: crons.flatMap((c) =>
            (c.status.executionHistories ?? []).map((h) => [
              cell(c.namespace),
              cell(c.name),
              cell(h.ruleName),
              cell(h.nextExecutionTime ?? 'suspended'),
              cell(h.successfulExecutions?.[0]?.executionTime ?? ''),
              cell(h.failedExecutions?.[0]?.message ?? '', h.failedExecutions?.length ? 'error' : undefined),
            ]),
          ),
        },
      ],
    },
  ];
}

export function autoscalingView(records: ControllerRecords): ViewSection[] {
  const lines = autoscalingLines(records.autoscaling);
  return [
    ...autoscalers(records.autoscaling),
    ...(lines.length === 0
      ? []
      : [
          {
            controller: 'autoscaling',
            title: 'Autoscaling',
            blocks: [{ kind: 'table' as const, columns: ['autoscaling'], rows: lines.map((text) => [{ text }]) }],
          },
        ]),
  ];
}
