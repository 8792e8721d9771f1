/**
 * The descheduler as people see it: in `plan -o json` each descheduled binding's `descheduled`
 * field (README.md#flotilla-plan), and a `ViewSection` (src/model/controller-view.ts) with one row
 * per binding for `status` and the web view. Pure.
 */
import { describeRef } from '../../model/index.ts';
import type { ViewSection } from '../../model/index.ts';
import type { ControllerRecords } from '../controller-records.ts';
import type { PlanNote, PlanView, PlanViewInput } from '../controller.ts';

/** A binding's `descheduled` field in `plan -o json`. */
interface Descheduled {
  at: string;
  message: string;
  clusters: readonly { name: string; spec: number; target: number }[];
}

/** Per template refKey the descheduler acted on, its binding's `descheduled` note, as the status branch holds it. */
export function deschedulerPlanView({ records }: PlanViewInput): PlanView {
  return {
    bindings: new Map(
      [...records.descheduler].map(([key, d]) => [
        key,
        { descheduled: { at: d.at, message: d.message, clusters: d.clusters } satisfies Descheduled },
      ]),
    ),
  };
}

/** `plan`'s words on a binding the descheduler moved replicas of: when, and each member's replicas before and after. */
export function deschedulerPlanNote(binding: Readonly<Record<string, unknown>>): PlanNote | undefined {
  const d = binding['descheduled'] as Descheduled | undefined;
  if (!d) return undefined;
  return {
    on: 'placement',
    text: `descheduled ${d.at}: ${d.clusters.map((c) => `${c.name} ${c.spec}→${c.target}`).join(', ')}`,
  };
}

export function deschedulerView(records: ControllerRecords): ViewSection[] {
  const list = [...records.descheduler.values()];
  if (list.length === 0) return [];
  const rows = list.map((d) => [
    { text: describeRef(d.resource) },
    { text: d.clusters.map((c) => `${c.name} ${c.spec}→${c.target}`).join(', '), tone: 'warn' as const },
    { text: d.at },
  ]);
  return [
    {
      controller: 'descheduler',
      title: 'Descheduler',
      blocks: [{ kind: 'table', columns: ['workload', 'replicas moved away', 'at'], rows }],
    },
  ];
}
