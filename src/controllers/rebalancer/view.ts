/** The workload rebalancers as people see them (`ViewSection`, src/model/controller-view.ts): one row each. */
import type { ViewSection } from '../../model/index.ts';
import { rebalancerLine } from './rebalancer-summary.ts';
import type { ControllerRecords } from '../controller-records.ts';

export function rebalancerView(records: ControllerRecords): ViewSection[] {
  const rebalancers = [...records['workload-rebalancer'].values()];
  if (rebalancers.length === 0) return [];
  const rows = rebalancers.map((r) => {
    const failed = r.status.observedWorkloads.some((o) => o.result === 'Failed') || r.status.expiredAt !== undefined;
    return [
      { text: r.name },
      {
        text: rebalancerLine(r),
        tone: failed ? ('warn' as const) : r.status.finishTime ? ('ok' as const) : ('neutral' as const),
      },
    ];
  });
  return [
    {
      controller: 'workload-rebalancer',
      title: 'Workload rebalancers',
      blocks: [{ kind: 'table', columns: ['rebalancer', 'result'], rows }],
    },
  ];
}
