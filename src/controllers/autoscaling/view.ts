/** The autoscalers as people see them (`ViewSection`, src/model/controller-view.ts): STATUS.md's lines, as rows. */
import type { ViewSection } from '../../model/index.ts';
import { autoscalingLines } from './autoscaling-summary.ts';
import type { ControllerRecords } from '../controller-records.ts';

export function autoscalingView(records: ControllerRecords): ViewSection[] {
  const lines = autoscalingLines(records.autoscaling);
  if (lines.length === 0) return [];
  return [
    {
      controller: 'autoscaling',
      title: 'Autoscaling',
      blocks: [{ kind: 'table', columns: ['autoscaling'], rows: lines.map((text) => [{ text }]) }],
    },
  ];
}
