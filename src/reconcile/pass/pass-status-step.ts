/**
 * The status step as the run loop calls it after each pass: the pass's input to the status step
 * (controllers' records included), and back what the loop and its controllers need of the report —
 * the observed cluster snapshot for the next render, each template's health per member
 * (application failover) and, with shards, the records the status branch now holds, which the
 * controllers adopt for the members other replicas own.
 */
import { refKey } from '../../model/index.ts';
import { controllerRecordsOfReport, sectionRecords } from '../../controllers/index.ts';
import type { HealthReport } from '../../controllers/index.ts';
import type { OpenSourceOptions } from '../../source/index.ts';
import type { StatusReport } from '../../status/index.ts';
import { statusStep } from './status-step.ts';
import type { StatusStepOptions } from './status-step.ts';
import type { PassStatusInput, PassStatusOutput } from './pass.ts';

/** Each template's health on each member the report lists. */
export function healthReports(report: StatusReport): HealthReport[] {
  return report.templates.flatMap((t) =>
    t.aggregatedStatus.map((i) => ({
      key: refKey(t.resource),
      cluster: i.clusterName,
      health: i.health ?? ('Unknown' as const),
      applied: i.applied ?? false,
    })),
  );
}

/**
 * The loop's status step over the repository `source` names. With `sharded` (`run --shards N`,
 * N > 1) the replica writes the status of the members it owns, merged with the others' part.
 */
export function passStatusStep(
  source: OpenSourceOptions,
  sharded: boolean,
  options: Partial<StatusStepOptions> = {},
): (input: PassStatusInput) => Promise<PassStatusOutput> {
  return async ({ owns, records, ...input }) => {
    const result = await statusStep(
      {
        sourceOptions: source,
        ...input,
        records: sectionRecords(records, sharded),
        ...(sharded ? { owns } : {}),
      },
      options,
    );
    return {
      commit: result.commit,
      changed: result.changed,
      observedClusters: new Map(result.report.clusters.map((c) => [c.name, c.status])),
      observedNodes: new Map(
        result.report.clusters.flatMap((c) => (c.observedNodes ? [[c.name, c.observedNodes]] : [])),
      ),
      health: healthReports(result.report),
      ...(sharded ? { recorded: controllerRecordsOfReport(result.report) } : {}),
    };
  };
}
