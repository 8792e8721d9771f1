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
  written: (records) =>
    records['workload-rebalancer'].size > 0 ? [...records['workload-rebalancer'].values()] : undefined,
  restored: (list) => ({ 'workload-rebalancer': new Map((list ?? []).map((r) => [r.name, r])) }),
  statusLines: (list) => ({
    title: 'Workload rebalancers',
    lines: list.map((r) => `  ${r.name}: ${rebalancerLine(r)}`),
  }),
};

declare module '../controller-records.ts' {
  interface ControllerRecords {
    /** The WorkloadRebalancers' statuses, by name. */
    'workload-rebalancer': ReadonlyMap<string, RecordedRebalancer>;
  }
}
