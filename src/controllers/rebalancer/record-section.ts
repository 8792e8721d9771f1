import type { RecordedRebalancer } from '../../model/index.ts';
import { documentPerEntry } from '../../status/index.ts';
import type { ControllerRecordSection } from '../controller-records.ts';
import { parseRebalancerDocument, rebalancerDocument, rebalancerPath } from './rebalancer-document.ts';
import { rebalancerLine, rebalancerSection } from './rebalancer-summary.ts';

/** `rebalancers/<name>.yaml` per WorkloadRebalancer, and STATUS.md's "Workload rebalancers". */
export const rebalancerRecordSection: ControllerRecordSection<readonly RecordedRebalancer[]> = {
  name: 'workload-rebalancer',
  folder: 'rebalancers/',
  ...documentPerEntry((r) => rebalancerPath(r.name), rebalancerDocument, parseRebalancerDocument),
  markdown: rebalancerSection,
  written: (records) => (records.rebalancers.size > 0 ? [...records.rebalancers.values()] : undefined),
  restored: (list) => ({ rebalancers: new Map((list ?? []).map((r) => [r.name, r])) }),
  statusLines: (list) => ({
    title: 'Workload rebalancers',
    lines: list.map((r) => `  ${r.name}: ${rebalancerLine(r)}`),
  }),
};
