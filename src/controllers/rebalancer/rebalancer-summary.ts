/**
 * One line per WorkloadRebalancer for STATUS.md and `flotilla status`: its generation, its
 * workloads' results, when it finished and whether it expired. No lines when there is none, so a
 * fleet without rebalancers reads (and hashes) as before.
 */
import type { RecordedRebalancer } from '../../model/index.ts';
import { rebalancerPath } from './rebalancer-document.ts';

/** The rebalancer in words: `generation 2: 1 Successful, 1 Failed (ReferencedBindingNotFound), 0 pending; finished …`. */
export function rebalancerLine(r: RecordedRebalancer): string {
  const list = r.status.observedWorkloads;
  const failed = list.filter((o) => o.result === 'Failed');
  const reasons = [...new Set(failed.flatMap((o) => (o.reason ? [o.reason] : [])))];
  const parts = [
    `generation ${r.status.observedGeneration}: ${list.filter((o) => o.result === 'Successful').length} Successful`,
    `${failed.length} Failed${reasons.length > 0 ? ` (${reasons.join(', ')})` : ''}`,
    `${list.filter((o) => o.result === undefined).length} pending`,
  ];
  const expired = r.status.expiredAt ? [`expired ${r.status.expiredAt} (delete it from git)`] : [];
  const when = [r.status.finishTime ? `finished ${r.status.finishTime}` : 'not finished', ...expired];
  return `${parts.join(', ')}; ${when.join(', ')}`;
}

/** STATUS.md's "Workload rebalancers" section. */
export function rebalancerSection(rebalancers: readonly RecordedRebalancer[] | undefined): string[] {
  if (!rebalancers?.length) return [];
  return [
    '## Workload rebalancers',
    '',
    ...rebalancers.map((r) => `- [${r.name}](${rebalancerPath(r.name)}): ${rebalancerLine(r)}`),
    '',
  ];
}
